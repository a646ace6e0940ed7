import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@qr-menu/contract';
import { api } from './client';

/** POST /api/admin/eatery: owner account and first restaurant (used by register, landing and business). */
export const registerOwner = (body: RegisterBody) =>
  api<{ userId: number; eateryId: number }>('/api/admin/eatery', { method: 'POST', body, auth: false });

export const useRegisterOwner = () => useMutation({ mutationFn: registerOwner });
