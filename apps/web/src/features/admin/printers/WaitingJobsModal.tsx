import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Printer, PrintJob } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { formatZonedDateTime } from '../shared/date-format';
import { useRestaurantTimeZone } from './printer-state';
import { useCancelJob, useWaitingJobs } from './printers-api';

/**
 * The jobs a printer has not printed yet, newest first: what each is, since when, how often it was tried and what
 * went wrong; each can be given up (a ticket nobody needs any more, say, once the printer is back).
 */
export function WaitingJobsModal({
  eateryId,
  printer,
  onClose,
}: {
  eateryId: number;
  printer: Printer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const jobs = useWaitingJobs(eateryId, printer.id);
  const cancel = useCancelJob(eateryId);
  const onCancel = (job: PrintJob) =>
    cancel.mutate(job.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('printers.jobCancelled') }),
      onError: (err) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(err) }),
    });

  return (
    <Modal opened onClose={onClose} title={t('printers.jobsTitle', { name: printer.name })} size="lg">
      <ErrorBanner error={jobs.error} />
      {jobs.isPending ? (
        <PageLoader rows={2} />
      ) : jobs.data && jobs.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {t('printers.noJobs')}
        </Text>
      ) : (
        <Stack gap="sm">
          {jobs.data?.map((job) => (
            <JobCard
              key={job.id}
              job={job}
              cancelling={cancel.isPending && cancel.variables === job.id}
              onCancel={() => onCancel(job)}
            />
          ))}
        </Stack>
      )}
    </Modal>
  );
}

function JobCard({ job, cancelling, onCancel }: { job: PrintJob; cancelling: boolean; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const timeZone = useRestaurantTimeZone();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="print-job">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {job.title}
          </Text>
          <Text size="sm" c="dimmed">
            {t(job.status === 'PRINTING' ? 'printers.jobPrinting' : 'printers.jobPending')} ·{' '}
            {formatZonedDateTime(job.createdAt, i18n.language, timeZone)} ·{' '}
            {t('printers.attempts', { count: job.attempts })}
          </Text>
          {job.lastError && (
            <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
              {job.lastError}
            </Text>
          )}
        </Stack>
        <Button variant="light" color="red" size="xs" loading={cancelling} onClick={onCancel}>
          {t('printers.cancelJob')}
        </Button>
      </Group>
    </Card>
  );
}
