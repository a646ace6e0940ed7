import { useMantineTheme } from '@mantine/core';

export interface GuestTheme {
  pageBackground: string;
  photoPlaceholder: string;
  headerBackground: string;
  statusColors: Record<string, string>;
}

/** Guest values of the app theme (apps/web/src/app/theme.ts `other.guest`). */
export function useGuestTheme(): GuestTheme {
  return useMantineTheme().other.guest as GuestTheme;
}

export const statusColor = (theme: GuestTheme, status: string): string => theme.statusColors[status] ?? 'gray';
