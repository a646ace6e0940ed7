import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { AdminLayout } from './AdminLayout';

/** Everything under /admin (the router asks for a session first): admin-only providers, the layout. */
export function AdminRoot() {
  return (
    <ModalsProvider>
      <Notifications position="top-right" />
      <AdminLayout />
    </ModalsProvider>
  );
}
