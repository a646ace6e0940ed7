import type { PlaceMenu } from '../api';
import { serviceChargeCents } from '@qr-menu/contract/constants';
import type { TFunction } from './i18n';

/**
 * The restaurant's service charge as guests see it before ordering (from the guest menu): its rate in hundredths of a
 * percent (0: none; every guest order is at a table, so the dine-in rate applies) and its name in the guest's
 * language. A menu kept from before the charge existed has none.
 */
export interface GuestServiceCharge {
  rateBp: number;
  name: string;
}

/** The menu's percent (10, 12.5) in hundredths of a percent (1000, 1250), as the contract's money rules take it. */
export const menuServiceChargeBp = (menu: PlaceMenu | undefined): number =>
  Math.round((menu?.serviceChargePercent ?? 0) * 100);

/** The charge's name in `lang`: the restaurant's, else the guest pages' own word for it. */
export function serviceChargeName(menu: PlaceMenu | undefined, lang: string, t: TFunction): string {
  const names = menu?.serviceChargeNames;
  const name = names && (lang === 'az' || lang === 'en' || lang === 'ru') ? names[lang].trim() : '';
  return name || t('client.serviceCharge.name');
}

export function guestServiceCharge(menu: PlaceMenu | undefined, lang: string, t: TFunction): GuestServiceCharge {
  return { rateBp: menuServiceChargeBp(menu), name: serviceChargeName(menu, lang, t) };
}

/**
 * A cart's total, in cents: its items, the service charge on them (contract `serviceChargeCents`, the rule the bill
 * follows: guest orders carry no discount when placed), and the two together.
 */
export function cartTotals(itemsCents: number, rateBp: number) {
  const serviceCharge = serviceChargeCents(itemsCents, rateBp);
  return { items: itemsCents, serviceCharge, total: itemsCents + serviceCharge };
}
