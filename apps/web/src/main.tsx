import './app/base.css';
import { installChunkReload, isChunkLoadError, reloadOnce } from './app/chunk-reload';
import { installGlobalErrorReporting } from './api/report-error';
import { showChunkError } from './app/chunk-error-page';

installGlobalErrorReporting();
installChunkReload();

/**
 * The guest pages (/client/…) and the rest are two apps: a guest loads React and the guest feature only, with its own
 * small router and translations (guest-main.tsx: first load ≤ 90 KB brotli); the admin, sign-in and marketing
 * pages load react-router and i18next (app-main.tsx). A link from one to the other is a full page load.
 */
const isGuestPage = /^\/client(\/|$)/.test(window.location.pathname);

async function start() {
  try {
    if (isGuestPage) await (await import('./guest-main')).startGuest();
    else (await import('./app-main')).startApp();
  } catch (error) {
    // The app's chunk is gone (a deploy replaced the files): reload once, then a message with a reload button.
    if (!isChunkLoadError(error)) throw error;
    if (!reloadOnce()) await showChunkError();
  }
}

void start();
