import { useEffect, useState } from 'react';
import { reportError } from '../api/report-error';
import { isChunkLoadError, reloadOnce } from './chunk-reload';
import classes from './boot.module.css';

/**
 * What a page that failed shows instead of a blank screen, in plain HTML and CSS (it must work when no feature
 * chunk loads). A chunk that is gone after a deploy reloads the page once; otherwise, or if that did not help, a
 * translated message with a reload button (a chunk error) or a retry (any other error, reported to the server).
 * `t` is the caller's translator: i18next in the admin app, the guest pages' own in the guest app.
 */
export function ErrorScreen({ error, t }: { error: unknown; t: (key: string) => string }) {
  const chunk = isChunkLoadError(error);
  const [reloading] = useState(() => chunk && reloadOnce());

  useEffect(() => {
    if (chunk) return;
    const err = error instanceof Error ? error : new Error(String(error));
    reportError(err.message, { stack: err.stack }, 'route-error');
  }, [chunk, error]);

  if (reloading) return <div className={classes.placeholder} aria-busy="true" />;
  return (
    <div className={classes.page}>
      <div className={classes.box} role="alert">
        <h1 className={classes.title} tabIndex={-1} ref={(el) => el?.focus()}>
          {chunk ? t('chunkError.title') : t('errorBoundary.title')}
        </h1>
        <p className={classes.text}>{chunk ? t('chunkError.text') : t('errorBoundary.fallback')}</p>
        <button type="button" className={classes.button} onClick={() => window.location.reload()}>
          {chunk ? t('chunkError.reload') : t('errorBoundary.retry')}
        </button>
      </div>
    </div>
  );
}
