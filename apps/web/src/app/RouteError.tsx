import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reportError } from '../api/report-error';
import { isChunkLoadError, reloadOnce } from './chunk-reload';
import classes from './boot.module.css';

/**
 * What a page that failed shows instead of a blank screen, in plain HTML and CSS (it must work when no feature
 * chunk loads). A chunk that is gone after a deploy reloads the page once; otherwise, or if that did not help, a
 * translated message with a reload button (a chunk error) or a retry (any other error, reported to the server).
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
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

/** The first load of a lazy page (React Router's HydrateFallback): an empty page rather than a flash of text. */
export function BootFallback() {
  return <div className={classes.placeholder} aria-busy="true" />;
}
