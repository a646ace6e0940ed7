import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDownload, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dayIn, type Eatery } from '@qr-menu/contract';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { currentLanguage } from '../../../i18n';
import { ScreenHeader } from '../shared/ScreenHeader';
import { AuditEntries } from './AuditEntries';
import { AuditFilterBar, type AuditFilterValues } from './AuditFilterBar';
import { downloadAuditCsv } from './audit-csv-api';
import { useAuditEntries } from './audit-entries-api';
import { isDay, type AuditFilters } from './audit-filters';

/** The log of one restaurant the caller administers: filters, the entries page by page, and the CSV of the same filters. */
export function AuditScreen({ restaurant }: { restaurant: Eatery }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const timeZone = restaurant.timeZone;
  // "Today" is the restaurant's date, not the browser's: the owner may look from another zone.
  const [values, setValues] = useState<AuditFilterValues>(() => ({
    dayText: dayIn(new Date(), timeZone),
    allDays: false,
    userId: null,
    kind: null,
  }));
  const dayInvalid = !values.allDays && !isDay(values.dayText);
  const filters: AuditFilters = {
    day: values.allDays || dayInvalid ? null : values.dayText,
    userId: values.userId,
    kind: values.kind,
  };
  const log = useAuditEntries(restaurant.id, filters, !dayInvalid);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const [downloading, setDownloading] = useState(false);

  async function exportCsv() {
    setDownloading(true);
    try {
      await downloadAuditCsv(restaurant.id, filters, currentLanguage());
    } catch (err) {
      notifications.show({ color: 'red', title: t('audit.csv.failed'), message: errorText(err) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Stack gap={0}>
      <ScreenHeader
        title={t('audit.title')}
        restaurantName={restaurant.name}
        action={
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            onClick={() => void exportCsv()}
            loading={downloading}
            disabled={dayInvalid}
          >
            {t('audit.csv.export')}
          </Button>
        }
      />
      <AuditFilterBar restaurantId={restaurant.id} values={values} dayInvalid={dayInvalid} onChange={setValues} />

      {dayInvalid ? null : log.isPending ? (
        <PageLoader rows={3} />
      ) : !log.data ? (
        <LoadFailed error={log.error} />
      ) : entries.length === 0 ? (
        <Alert color="gray" icon={<IconHistory />} title={t('audit.empty')} data-testid="audit-empty">
          {t('audit.emptyHint')}
        </Alert>
      ) : (
        <>
          <AuditEntries entries={entries} timeZone={timeZone} />
          {log.isFetchNextPageError && <LoadFailed error={log.error} />}
          {log.hasNextPage && (
            <Group justify="center" gap="md" py="lg">
              <Text c="dimmed" size="sm" role="status">
                {t('audit.more.showing', { count: entries.length })}
              </Text>
              <Button variant="light" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
                {t('audit.more.button')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

function LoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('audit.loadFailed')} role="alert" mt="md">
      {errorText(error)}
    </Alert>
  );
}
