import { z } from 'zod';
import { idField, menuId, ROLE_MATRIX } from '@qr-menu/contract';

/** Route pieces several modules share: path parameters and the most common access rule. */

/** `/eatery/:id/…`: the restaurant (the access plugin has checked the membership before validation). */
export const eateryParams = z.object({ id: idField });

/** `/eatery/:id/category/:categoryId/…` */
export const categoryParams = z.object({ id: idField, categoryId: menuId });

/** Changes only the restaurant's admins may make: menu, tables, users, waiter assignments. */
export const ADMINS_ONLY = { access: { roles: ROLE_MATRIX.manage } };
