import { useQuery } from '@tanstack/react-query';
import { session } from '../../../api/session';

/** GET /api/eatery/{id}/pickup/qr.png: the pickup link's QR code (print quality), as a data URL for <img> and print. */
export const pickupQrPath = (eateryId: number) => `/api/eatery/${eateryId}/pickup/qr.png`;

async function fetchPickupQr(eateryId: number, signal: AbortSignal): Promise<string> {
  const token = session.getToken();
  const res = await fetch(pickupQrPath(eateryId), {
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

/** The code never changes for a restaurant (its link is fixed): fetched once per page. */
export const usePickupQr = (eateryId: number) =>
  useQuery({
    queryKey: ['pickup-qr', eateryId],
    queryFn: ({ signal }) => fetchPickupQr(eateryId, signal),
    staleTime: Infinity,
  });
