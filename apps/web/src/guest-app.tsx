import { Component, StrictMode, useEffect, useState, type ReactNode } from 'react';
import { reportError } from './api/report-error';
import { isChunkLoadError, reloadOnce } from './app/chunk-reload';
import { useFocusRescue } from './app/focus-rescue';
import bootClasses from './app/boot.module.css';
import { GuestRoutes } from './features/guest';
import { useTranslation } from './features/guest/lib/i18n';
import { BrowserRouter, MemoryRouter } from './features/guest/lib/router';

/**
 * The guest app: its own router and translations, no react-router and no i18next (issue 14), the focus rescue of
 * every page, and the error page of app/RouteError for a page that throws. `path`: render at that path in memory
 * (the server renderer, tests) instead of the browser's location.
 */
export function GuestApp({ path }: { path?: string }) {
  const routes = (
    <GuestErrorBoundary>
      <FocusRescue />
      <GuestRoutes />
    </GuestErrorBoundary>
  );
  return (
    <StrictMode>
      {path === undefined ? <BrowserRouter>{routes}</BrowserRouter> : <MemoryRouter path={path}>{routes}</MemoryRouter>}
    </StrictMode>
  );
}

function FocusRescue() {
  useFocusRescue();
  return null;
}

class GuestErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown') };
  }

  render() {
    return this.state.error ? <GuestError error={this.state.error} /> : this.props.children;
  }
}

/**
 * What a page that failed shows instead of a blank screen (as app/RouteError): a chunk that is gone after a deploy
 * reloads the page once; otherwise a translated message with a reload button (a chunk error) or a retry (any other
 * error, reported to the server).
 */
function GuestError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  const [reloading] = useState(() => chunk && reloadOnce());

  useEffect(() => {
    if (chunk) return;
    const err = error instanceof Error ? error : new Error(String(error));
    reportError(err.message, { stack: err.stack }, 'route-error');
  }, [chunk, error]);

  if (reloading) return <div className={bootClasses.placeholder} aria-busy="true" />;
  return (
    <div className={bootClasses.page}>
      <div className={bootClasses.box} role="alert">
        <h1 className={bootClasses.title} tabIndex={-1} ref={(el) => el?.focus()}>
          {chunk ? t('chunkError.title') : t('errorBoundary.title')}
        </h1>
        <p className={bootClasses.text}>{chunk ? t('chunkError.text') : t('errorBoundary.fallback')}</p>
        <button type="button" className={bootClasses.button} onClick={() => window.location.reload()}>
          {chunk ? t('chunkError.reload') : t('errorBoundary.retry')}
        </button>
      </div>
    </div>
  );
}
