import { IconArmchair, IconMoodSad, IconSearch, IconShoppingBag } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { ApiError } from '../../../api/api-error';
import { useErrorText } from '../lib/use-error-text';
import { GuestMessage } from '../GuestLayout';
import { Button } from '../ui/Button';

/** A failed menu or table load: unknown table, inactive table, pickup off, or anything else with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const text = useErrorText();
  if (error instanceof ApiError && error.status === 404)
    return <GuestMessage icon={IconSearch} title={t('client.errorTitle')} text={t('client.tableNotFound')} />;
  if (error instanceof ApiError && error.messageKey === 'pickupOff')
    return <GuestMessage icon={IconShoppingBag} title={t('client.pickup.label')} text={t('errors.pickupOff')} />;
  if (error instanceof ApiError && error.messageKey === 'tableInactive')
    return <GuestMessage icon={IconArmchair} title={t('client.errorTitle')} text={t('errors.tableInactive')} />;
  return (
    <GuestMessage icon={IconMoodSad} title={t('client.errorTitle')} text={text(error)}>
      <Button size="lg" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </GuestMessage>
  );
}
