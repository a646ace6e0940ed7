import { useQuery } from '@tanstack/react-query';
import { session } from '../../../api/session';
import { withQrBase } from '../shared/qr-base/qr-base';

/** GET /api/eatery/{id}/pickup/qr.png: the pickup link's QR code (print quality), as a data URL for <img> and print. */
export const pickupQrPath = (eateryId: number) => `/api/eatery/${eateryId}/pickup/qr.png`;

async function fetchPickupQr(eateryId: number, base: string | undefined, signal: AbortSignal): Promise<string> {
  const token = session.getToken();
  const res = await fetch(withQrBase(pickupQrPath(eateryId), base), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
    signal,
  });
  if (!res.ok) throw new Error(`pickup QR code: ${res.status}`);
  const blob = await res.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** The code of a restaurant and base address never changes (its link is fixed): fetched once per page. */
export const usePickupQr = (eateryId: number, base: string | undefined) =>
  useQuery({
    queryKey: ['pickup-qr', eateryId, base ?? ''],
    queryFn: ({ signal }) => fetchPickupQr(eateryId, base, signal),
    staleTime: Infinity,
  });
