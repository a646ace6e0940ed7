import {
  IconBuildingStore,
  IconCash,
  IconCashRegister,
  IconCategory,
  IconChartBar,
  IconChefHat,
  IconClipboardList,
  IconDeviceTablet,
  IconFlame,
  IconHistory,
  IconLayoutGrid,
  IconPrinter,
  IconQrcode,
  IconToolsKitchen2,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { mayDo, type Action, type Role } from '@qr-menu/contract';

export interface NavEntry {
  to: string;
  labelKey: string;
  icon: Icon;
  /** The action of the role matrix the screen is for (who may use it); undefined = everyone. */
  action?: Action;
  /** Left out for roles that may also do this action: they reach the screen from another entry. */
  unless?: Action;
}

/** Sidebar entries, each shown only to roles that may use it. */
export const NAV: NavEntry[] = [
  { to: '/admin/restaurants', labelKey: 'nav.restaurants', icon: IconBuildingStore },
  { to: '/admin/categories', labelKey: 'nav.categories', icon: IconCategory, action: 'manage' },
  { to: '/admin/menu', labelKey: 'nav.menu', icon: IconToolsKitchen2, action: 'manage' },
  { to: '/admin/tables', labelKey: 'nav.tables', icon: IconQrcode, action: 'tables' },
  { to: '/admin/orders', labelKey: 'nav.orders', icon: IconClipboardList },
  { to: '/admin/kitchen', labelKey: 'nav.kitchen', icon: IconFlame, action: 'kitchen' },
  { to: '/admin/floor', labelKey: 'nav.floor', icon: IconLayoutGrid, action: 'floor' },
  { to: '/admin/reports', labelKey: 'nav.reports', icon: IconChartBar, action: 'manage' },
  // "Close the day" (the Z report) for cashiers; the admin opens it from the reports, so no second entry there.
  { to: '/admin/reports/z', labelKey: 'nav.closeDay', icon: IconCashRegister, action: 'zReport', unless: 'manage' },
  // The cashier's own drawer (an admin's too, who also sees every drawer of the day there).
  { to: '/admin/drawer', labelKey: 'nav.drawer', icon: IconCash, action: 'drawer' },
  { to: '/admin/audit', labelKey: 'nav.audit', icon: IconHistory, action: 'audit' },
  { to: '/admin/users', labelKey: 'nav.users', icon: IconUsers, action: 'manage' },
  { to: '/admin/devices', labelKey: 'nav.devices', icon: IconDeviceTablet, action: 'manage' },
  { to: '/admin/printers', labelKey: 'nav.printers', icon: IconPrinter, action: 'manage' },
  {
    to: '/admin/departments',
    labelKey: 'nav.departments',
    icon: IconChefHat,
    action: 'departments',
  },
];

export function visibleNav(roles: Role[] | undefined): NavEntry[] {
  return NAV.filter((e) => (!e.action || mayDo(roles, e.action)) && !(e.unless && mayDo(roles, e.unless)));
}
