import { Component, StrictMode, useEffect, type ReactNode } from 'react';
import { ErrorScreen } from './app/ErrorScreen';
import { useFocusRescue } from './app/focus-rescue';
import { GuestRoutes } from './features/guest';
import { useTranslation } from './features/guest/lib/i18n';
import { BrowserRouter, MemoryRouter } from './features/guest/lib/router';

/**
 * The guest app: its own router and translations, no react-router and no i18next (a small first load), the focus rescue
 * of every page, and the error page of app/RouteError for a page that throws. `path`: render at that path in memory
 * (the server renderer, tests) instead of the browser's location.
 */
export function GuestApp({ path }: { path?: string }) {
  const routes = (
    <GuestErrorBoundary>
      <FocusRescue />
      <InteractiveMark />
      <GuestRoutes />
    </GuestErrorBoundary>
  );
  return (
    <StrictMode>
      {path === undefined ? <BrowserRouter>{routes}</BrowserRouter> : <MemoryRouter path={path}>{routes}</MemoryRouter>}
    </StrictMode>
  );
}

/**
 * Marks the page interactive (`<html data-interactive>`) once React runs it: a server-rendered page looks ready before
 * its handlers are attached, and browser tests wait for this instead of racing hydration.
 */
function InteractiveMark() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return null;
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

/** The error page (app/ErrorScreen) with the guest pages' translations. */
function GuestError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <ErrorScreen error={error} t={(k) => t(k)} />;
}
