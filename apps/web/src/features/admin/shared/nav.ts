import {
  IconBuildingStore,
  IconCategory,
  IconChartBar,
  IconChefHat,
  IconClipboardList,
  IconFlame,
  IconLayoutGrid,
  IconQrcode,
  IconToolsKitchen2,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { Role } from '@qr-menu/contract';

export interface NavEntry {
  to: string;
  labelKey: string;
  icon: Icon;
  /** Roles that may use the screen; undefined = everyone. */
  roles?: Role[];
}

/** Sidebar entries, each shown only to roles that may use it. */
export const NAV: NavEntry[] = [
  { to: '/admin/restaurants', labelKey: 'nav.restaurants', icon: IconBuildingStore },
  { to: '/admin/categories', labelKey: 'nav.categories', icon: IconCategory, roles: ['EATERY_ADMIN'] },
  { to: '/admin/menu', labelKey: 'nav.menu', icon: IconToolsKitchen2, roles: ['EATERY_ADMIN'] },
  { to: '/admin/tables', labelKey: 'nav.tables', icon: IconQrcode, roles: ['EATERY_ADMIN', 'WAITER'] },
  { to: '/admin/orders', labelKey: 'nav.orders', icon: IconClipboardList },
  { to: '/admin/kitchen', labelKey: 'nav.kitchen', icon: IconFlame, roles: ['KITCHEN_ADMIN', 'EATERY_ADMIN'] },
  { to: '/admin/floor', labelKey: 'nav.floor', icon: IconLayoutGrid, roles: ['WAITER', 'EATERY_ADMIN', 'CASHIER'] },
  { to: '/admin/reports', labelKey: 'nav.reports', icon: IconChartBar, roles: ['EATERY_ADMIN'] },
  { to: '/admin/users', labelKey: 'nav.users', icon: IconUsers, roles: ['EATERY_ADMIN'] },
  {
    to: '/admin/departments',
    labelKey: 'nav.departments',
    icon: IconChefHat,
    roles: ['EATERY_ADMIN', 'KITCHEN_ADMIN'],
  },
];

export function visibleNav(roles: Role[] | undefined): NavEntry[] {
  return NAV.filter((e) => !e.roles || (roles ?? []).some((r) => e.roles!.includes(r)));
}
