import { describe, expect, it } from 'vitest';
import type { GuestMenu } from '@qr-menu/contract';
import { formatRateBp } from './money';
import { cartTotals, menuServiceChargeBp, serviceChargeName } from './service-charge';

const t = (key: string) => `t:${key}`;
const menu = (over: Partial<GuestMenu>): GuestMenu => ({
  eateryId: 1,
  tableId: 2,
  eateryName: 'Nar',
  tableName: '7',
  timeZone: 'Asia/Baku',
  categories: [],
  ...over,
});

describe('the guest service charge', () => {
  it('adds the rate of the items, rounded half-up to the cent', () => {
    expect(cartTotals(4550, 1000)).toEqual({ items: 4550, serviceCharge: 455, total: 5005 });
    // 12.5 % of 0.35 is 0.04375: 0.04.
    expect(cartTotals(35, 1250)).toEqual({ items: 35, serviceCharge: 4, total: 39 });
    // 10 % of 0.05 is half a cent: up to 0.01.
    expect(cartTotals(5, 1000)).toEqual({ items: 5, serviceCharge: 1, total: 6 });
    expect(cartTotals(4550, 0)).toEqual({ items: 4550, serviceCharge: 0, total: 4550 });
  });

  it('reads the menu’s percent as hundredths of a percent; none on a menu from before the charge', () => {
    expect(menuServiceChargeBp(menu({ serviceChargePercent: 10 }))).toBe(1000);
    // 0.1 + 0.2 style float noise must not cost a hundredth.
    expect(menuServiceChargeBp(menu({ serviceChargePercent: 12.55 }))).toBe(1255);
    expect(menuServiceChargeBp(menu({}))).toBe(0);
    expect(menuServiceChargeBp(undefined)).toBe(0);
  });

  it('names the charge as the restaurant does, else with the guest pages’ word', () => {
    const names = { az: 'Servis', en: 'Service', ru: ' ' };
    expect(serviceChargeName(menu({ serviceChargeNames: names }), 'az', t)).toBe('Servis');
    expect(serviceChargeName(menu({ serviceChargeNames: names }), 'ru', t)).toBe('t:client.serviceCharge.name');
    expect(serviceChargeName(undefined, 'en', t)).toBe('t:client.serviceCharge.name');
  });

  it('writes the rate in the guest’s language, without trailing zeros', () => {
    expect(formatRateBp(1000, 'en')).toBe('10');
    expect(formatRateBp(1250, 'en')).toBe('12.5');
    expect(formatRateBp(1250, 'az')).toBe('12,5');
    expect(formatRateBp(1205, 'ru')).toBe('12,05');
    expect(formatRateBp(50, 'en')).toBe('0.5');
  });
});
