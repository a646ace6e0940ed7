import type { OrdersSocketOptions } from '../live/use-orders-socket';

/**
 * The restaurant's staff socket also says when something else than an order changed: PRINTERS_EVENT (its printers'
 * state or waiting jobs) and EATERY_SETTINGS_EVENT (its settings: the kitchen's amber and red minutes, courses, …),
 * each with the restaurant's id. `useOrdersSocket` hands them to these handlers; a screen reads the data again.
 */
export interface StaffSignalHandlers {
  onPrintersEvent?: (eateryId: number) => void;
  onEaterySettingsEvent?: (eateryId: number) => void;
}

export type StaffSocketOptions = OrdersSocketOptions & StaffSignalHandlers;

/** Whether a signal is about restaurant `eateryId` (a message without an id is taken as the topic's own). */
export const isAbout = (eateryId: number, signalled: unknown) =>
  typeof signalled !== 'number' || signalled === eateryId;
