import { zonedParts } from '@qr-menu/contract/constants';
import { useTranslation } from 'react-i18next';
import { useNow } from '../shared/live/use-now';
import classes from './kds-screen.module.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** The restaurant's time, 24-hour ("14:05"), on the full-screen bar: the pass has no other clock in view. */
export function Clock({ timeZone }: { timeZone?: string }) {
  const { t } = useTranslation();
  const now = useNow(10_000);
  const p = zonedParts(now, timeZone);
  return (
    <time className={classes.clock} aria-label={t('kitchen.clock')} dateTime={now.toISOString()}>
      {pad(p.hour)}:{pad(p.minute)}
    </time>
  );
}
