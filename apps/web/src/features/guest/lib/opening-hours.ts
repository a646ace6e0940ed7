import type { GuestMenu } from '@qr-menu/contract';
import { dayAndTime, openingStateAt } from '@qr-menu/contract/constants';
import type { TFunction } from './i18n';

type Hours = NonNullable<GuestMenu['openingHours']>;

/** When the restaurant opens next, on its clock: later today (inDays 0), tomorrow (1)…, weekday, 'HH:MM'. */
export type Opens = ReturnType<typeof dayAndTime>;

/**
 * Today's opening hours at the top of the menu, in the restaurant's time zone (the rule itself is the contract's
 * openingStateAt): open until when, or closed and when it opens next (null: every day closed).
 */
export type OpenState = { open: true; until: string } | { open: false; opens: Opens | null };

export function openState(hours: Hours | null | undefined, timeZone: string, at: Date): OpenState | null {
  if (!hours || hours.length !== 7) return null;
  const state = openingStateAt(hours, timeZone, at);
  if (state.open) return state;
  return { open: false, opens: state.opensAt && dayAndTime(state.opensAt, at, timeZone) };
}

/** "Closed now · opens today at 09:00" / "… tomorrow at 09:00" / "… on Monday at 09:00"; "Closed now" without one. */
export function closedText(opens: Opens | null, t: TFunction): string {
  if (!opens) return t('client.open.closed');
  const { inDays, weekday, time } = opens;
  if (inDays <= 0) return t('client.closedNow.today', { time });
  if (inDays === 1) return t('client.closedNow.tomorrow', { time });
  return t('client.closedNow.onDay', { day: t(`client.closedNow.days.${weekday}`), time });
}
