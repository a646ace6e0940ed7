import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { RequireAuth } from '../../../app/guards';
import { AdminLayout } from './AdminLayout';

/** Everything under /admin: session required, admin-only providers, the layout. */
export function AdminRoot() {
  return (
    <RequireAuth>
      <ModalsProvider>
        <Notifications position="top-right" />
        <AdminLayout />
      </ModalsProvider>
    </RequireAuth>
  );
}
