import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { LIMITS } from '@qr-menu/contract';

/**
 * Toasts where they hide nothing (at the top right they covered the header's restaurant picker, language
 * menu and logout): bottom right on wider screens, along the bottom on phones, where the page's footer is.
 */
export function AdminNotifications() {
  const isMobile = useMediaQuery(`(max-width: ${LIMITS.mobileBreakpointPx - 1}px)`);
  return <Notifications position={isMobile ? 'bottom-center' : 'bottom-right'} />;
}
