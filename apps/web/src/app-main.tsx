// The admin, sign-in and marketing app (react-router, i18next; Mantine and TanStack Query in their lazy chunks).
// Guest pages (/client/…) start guest-main.tsx instead (main.tsx chooses).
// Initializes i18next (and the page's lang attribute) before anything renders.
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';

export function startApp() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={createRouter()} />
    </StrictMode>,
  );
}
