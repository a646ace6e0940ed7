import { useMutation, useQuery } from '@tanstack/react-query';
import type { AuthStatus, TokenResponse } from '@qr-menu/contract';
import { api } from '../../../api/client';
import { session } from '../../../api/session';

export const useAuthStatus = () =>
  useQuery({ queryKey: ['auth-status'], queryFn: () => api<AuthStatus>('/api/auth/status') });

/** Switching restaurant re-creates the session token for it (the token names the active restaurant). */
export const useSwitchRestaurant = () =>
  useMutation({
    mutationFn: (eateryId: number) =>
      api<TokenResponse>('/api/auth/recreate-token-on-eatery-change', { method: 'POST', body: { eateryId } }),
    onSuccess: (res) => session.setToken(res.jwt, res.userId, res.eateryId),
  });

/** The caller clears the token only when the server call succeeds, so a failed logout leaves a working session. */
export const useLogout = () => useMutation({ mutationFn: () => api<{ ok: boolean }>('/api/auth/logout') });
