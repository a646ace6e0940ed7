import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QR_BASE_PARAM, type ServerAddresses } from '@qr-menu/contract';
import { api } from '../../../../api/client';
import { storedValue } from '../stored-value';

/** localStorage key of the base address this device chose for QR codes (a LAN address or PUBLIC_URL). */
export const QR_BASE_KEY = 'qrmenu.qrBase';

/**
 * Whether the admin is opened on this computer's own address (localhost, 127.x.x.x, ::1): QR codes made from that
 * address open nothing on a guest's phone.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === '::1' ||
    host === '0:0:0:0:0:0:0:1'
  );
}

// Stored as the bare address (not JSON), as devices already keep it; '' stands for no choice.
const choice = storedValue(
  QR_BASE_KEY,
  (raw) => raw ?? '',
  (base) => base,
);

/** Remembers the choice on this device (null forgets it) and tells every screen that shows codes. */
export const saveQrBase = (base: string | null) => choice.write(base || null);

/** GET /api/setup/addresses: the server's LAN addresses and PUBLIC_URL (asked only on a loopback page). */
export const useServerAddresses = (enabled: boolean) =>
  useQuery({
    queryKey: ['server-addresses'],
    queryFn: () => api<ServerAddresses>('/api/setup/addresses'),
    enabled,
    staleTime: 60_000,
  });

export interface QrBaseOption {
  value: string;
  kind: 'public' | 'lan';
}

export interface QrBase {
  /** What to send as `?base=`; undefined: the server's own choice (PUBLIC_URL, else the page's address). */
  base: string | undefined;
  /** False while the server's addresses are loading on a loopback page: ask for codes once it is true. */
  ready: boolean;
  /** The admin is opened on this computer's own address. */
  onLoopback: boolean;
  /** The codes would open only on this computer: a loopback page with no PUBLIC_URL and no address chosen. */
  unreachable: boolean;
  /** The addresses a phone could reach: PUBLIC_URL first, then the LAN ones. */
  options: QrBaseOption[];
  /** The server's addresses could not be read. */
  error: unknown;
}

/**
 * The base address QR codes link to on this device. Off a loopback page: the server's own choice. On one: the address
 * this device chose (if the server still offers it), else PUBLIC_URL when set, else the server's only LAN address,
 * else none (`unreachable`).
 */
export function useQrBase(hostname = window.location.hostname): QrBase {
  const onLoopback = isLoopbackHost(hostname);
  const chosen = useSyncExternalStore(choice.subscribe, choice.read, () => '');
  const addresses = useServerAddresses(onLoopback);
  if (!onLoopback) return { base: undefined, ready: true, onLoopback, unreachable: false, options: [], error: null };
  const data = addresses.data;
  const options: QrBaseOption[] = [
    ...(data?.publicUrl ? [{ value: data.publicUrl, kind: 'public' as const }] : []),
    ...(data?.lan ?? []).map((value) => ({ value, kind: 'lan' as const })),
  ];
  // With no choice made: PUBLIC_URL, else the LAN address when the server has just one (with several, say a VPN
  // beside the Wi-Fi, the owner picks).
  const onlyLan = data?.lan.length === 1 ? data.lan[0] : undefined;
  const base = options.find((o) => o.value === chosen)?.value ?? data?.publicUrl ?? onlyLan;
  return {
    base,
    ready: !addresses.isPending,
    onLoopback,
    unreachable: !base,
    options,
    error: addresses.error,
  };
}

/** `path` asking for QR codes on `base` (unchanged when there is none). */
export const withQrBase = (path: string, base: string | undefined) =>
  base ? `${path}${path.includes('?') ? '&' : '?'}${QR_BASE_PARAM}=${encodeURIComponent(base)}` : path;
