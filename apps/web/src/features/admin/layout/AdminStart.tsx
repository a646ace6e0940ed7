import { Navigate } from 'react-router';

/** /admin: the start page (issue #15 makes it fit the role). */
export function AdminStart() {
  return <Navigate to="/admin/restaurants" replace />;
}
