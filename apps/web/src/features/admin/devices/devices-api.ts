import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PosDevice, PosDeviceCreated } from '@qr-menu/contract';
import { api } from '../../../api/client';
import { device } from '../../../api/device';
import { fetchDeviceMe } from '../shared/devices/device-api';

const deviceKeys = { all: (eateryId: number) => ['devices', eateryId] as const };

/** The restaurant's registered devices (EATERY_ADMIN). */
export const useDevices = (eateryId: number) =>
  useQuery({ queryKey: deviceKeys.all(eateryId), queryFn: () => api<PosDevice[]>(`/api/eatery/${eateryId}/devices`) });

/** Registers this browser as a device of the restaurant and keeps its token here. */
export function useRegisterThisBrowser(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const created = await api<PosDeviceCreated>(`/api/eatery/${eateryId}/devices`, {
        method: 'POST',
        body: { name },
      });
      device.set(created.token, await fetchDeviceMe(created.token));
      return created;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: deviceKeys.all(eateryId) }),
  });
}

/** Revokes a device; revoking this browser's own also forgets it here. */
export function useRevokeDevice(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/eatery/${eateryId}/devices/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      if (device.getInfo()?.id === id) device.forget();
      return qc.invalidateQueries({ queryKey: deviceKeys.all(eateryId) });
    },
  });
}
