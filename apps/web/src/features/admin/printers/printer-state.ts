import { DEFAULT_TIME_ZONE, type PrinterState } from '@qr-menu/contract';
import { useRestaurantAccess } from '../shared/use-restaurant-access';

/** The badge colour of each state: online green, offline red, out of paper amber, not tried yet grey. */
export const STATE_COLOR: Record<PrinterState, string> = {
  ONLINE: 'green',
  OFFLINE: 'red',
  NO_PAPER: 'yellow',
  UNKNOWN: 'gray',
};

/** The restaurant's time zone: times on staff screens are the restaurant's clock, wherever the admin sits. */
export const useRestaurantTimeZone = (): string => useRestaurantAccess().restaurant?.timeZone || DEFAULT_TIME_ZONE;
