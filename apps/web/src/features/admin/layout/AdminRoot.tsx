import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { AdminLayout } from './AdminLayout';
import { AdminNotifications } from './AdminNotifications';

/** Everything under /admin (the router asks for a session first): admin-only providers, the layout. */
export function AdminRoot() {
  return (
    <ModalsProvider>
      <AdminNotifications />
      <AdminLayout />
    </ModalsProvider>
  );
}
