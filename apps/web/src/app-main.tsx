// The admin, sign-in and marketing app (react-router, i18next; Mantine and TanStack Query in their lazy chunks).
// Guest pages (/client/…) start guest-main.tsx instead (main.tsx chooses).
import { i18n } from './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';

export function startApp() {
  // The language's attribute for the pages the admin app draws.
  document.documentElement.lang = i18n.language;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={createRouter()} />
    </StrictMode>,
  );
}
