import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorScreen } from './ErrorScreen';
import classes from './boot.module.css';

/** React Router's error element: the error page (ErrorScreen) with i18next's translations. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  return <ErrorScreen error={error} t={(k) => t(k)} />;
}

/** The first load of a lazy page (React Router's HydrateFallback): an empty page rather than a flash of text. */
export function BootFallback() {
  return <div className={classes.placeholder} aria-busy="true" />;
}
