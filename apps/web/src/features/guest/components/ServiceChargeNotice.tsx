import { useTranslation } from '../lib/i18n';
import { formatRateBp } from '../lib/money';
import { ui } from '../ui/parts';
import classes from '../guest.module.css';

/**
 * "A 10 % service charge is added to the bill": a service charge is lawful only when guests are told before they
 * order, so the menu and the cart say it. Nothing without a charge.
 */
export function ServiceChargeNotice({ rateBp }: { rateBp: number }) {
  const { t, i18n } = useTranslation();
  if (rateBp <= 0) return null;
  return (
    <p className={`${classes.serviceChargeNotice} ${ui.dimmed}`} data-testid="service-charge-notice">
      {t('client.serviceCharge.notice', { rate: formatRateBp(rateBp, i18n.language) })}
    </p>
  );
}
