import { session } from './session';

/** Sends a record to POST /api/logs/frontend; never throws. */
export function reportError(message: string, details?: unknown, source = 'web', level: 'error' | 'warn' = 'error') {
  const body = {
    level,
    message: message.slice(0, 2000),
    details: details === undefined ? undefined : JSON.parse(JSON.stringify(details ?? null)),
    source: source.slice(0, 200),
    userId: session.getUserId(),
    timestamp: new Date().toISOString(),
  };
  void fetch('/api/logs/frontend', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body).slice(0, 16_000),
    keepalive: true,
  }).catch(() => undefined);
}

/** Uncaught errors and unhandled rejections go to the server log. */
export function installGlobalErrorReporting() {
  window.addEventListener('error', (e) => {
    reportError(e.message || 'Uncaught error', {
      file: e.filename,
      line: e.lineno,
      stack: String(e.error?.stack ?? ''),
    });
  });
  window.addEventListener('unhandledrejection', (e) => {
    const reason = e.reason as { message?: string; stack?: string } | undefined;
    reportError(reason?.message ?? 'Unhandled rejection', { stack: String(reason?.stack ?? '') });
  });
}
