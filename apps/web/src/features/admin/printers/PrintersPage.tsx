import { useState } from 'react';
import { Anchor, Button, Code, EmptyState, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconPrinter } from '@tabler/icons-react';
import type { Printer } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { RestaurantScreen, type RestaurantScreenProps } from '../shared/ChooseRestaurant';
import { confirmDanger } from '../shared/confirm';
import { useDepartments } from '../shared/departments-api';
import { ScreenHeader } from '../shared/ScreenHeader';
import { useRestaurantAccess } from '../shared/use-restaurant-access';
import { PreviewModal } from './PreviewModal';
import { PrinterForm } from './PrinterForm';
import { PrinterRow } from './PrinterRow';
import { useDeletePrinter, usePrinters, useTestPrint } from './printers-api';
import { usePrintersLive } from './use-printers-live';
import { WaitingJobsModal } from './WaitingJobsModal';
import classes from './printers.module.css';

/** The restaurant's receipt printers (kitchen stations, the till): EATERY_ADMIN. */
export const PrintersPage = () => <RestaurantScreen titleKey="printers.title" screen={PrintersScreen} />;

/** What is open over the list: the form (null: a new printer), a printer's preview or its waiting jobs. */
type Dialog =
  | { kind: 'form'; printer: Printer | null }
  | { kind: 'preview'; printer: Printer }
  | { kind: 'jobs'; printer: Printer };

function PrintersScreen({ restaurantId, restaurantName, canManage }: RestaurantScreenProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  if (!canManage) {
    return (
      <>
        <ScreenHeader title={t('printers.title')} restaurantName={restaurantName} />
        <Text c="dimmed">{t('printers.adminsOnly')}</Text>
      </>
    );
  }
  return (
    <>
      <ScreenHeader
        title={t('printers.title')}
        restaurantName={restaurantName}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'form', printer: null })}>
            {t('printers.add')}
          </Button>
        }
      />
      <PrinterList restaurantId={restaurantId} onOpen={setDialog} />
      <AgentHint />
      <DialogView restaurantId={restaurantId} dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}

function PrinterList({ restaurantId, onOpen }: { restaurantId: number; onOpen: (dialog: Dialog) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const printers = usePrinters(restaurantId);
  const stations = useDepartments(restaurantId);
  const testPrint = useTestPrint(restaurantId);
  const remove = useDeletePrinter(restaurantId);
  usePrintersLive(restaurantId);

  const failed = (err: Error) =>
    notifications.show({ color: 'red', title: t('common.error'), message: errorText(err) });
  const onTest = (p: Printer) =>
    testPrint.mutate(p.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('printers.testSent', { name: p.name }) }),
      onError: failed,
    });
  const onDelete = async (p: Printer) => {
    if (!(await confirmDanger(t('printers.confirmDelete', { name: p.name })))) return;
    remove.mutate(p.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('printers.deleted') }),
      onError: failed,
    });
  };

  if (printers.isPending) return <PageLoader rows={2} />;
  if (printers.error) return <ErrorBanner error={printers.error} />;
  if (printers.data.length === 0) {
    return (
      <EmptyState
        icon={<IconPrinter size={36} />}
        variant="light"
        title={t('printers.none')}
        description={t('printers.intro')}
        py="xl"
      >
        <Group justify="center" mt="xs">
          <Button leftSection={<IconPlus size={18} />} onClick={() => onOpen({ kind: 'form', printer: null })}>
            {t('printers.add')}
          </Button>
        </Group>
      </EmptyState>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('printers.intro')}
      </Text>
      <div className={`${classes.columns} ${classes.header}`} aria-hidden>
        <Text size="sm" fw={600}>
          {t('printers.columnPrinter')}
        </Text>
        <Text size="sm" fw={600}>
          {t('printers.columnPrints')}
        </Text>
        <Text size="sm" fw={600}>
          {t('printers.columnState')}
        </Text>
      </div>
      {printers.data.map((p) => (
        <PrinterRow
          key={p.id}
          printer={p}
          stations={stations.data ?? []}
          actions={{
            onTest: () => onTest(p),
            testing: testPrint.isPending && testPrint.variables === p.id,
            onPreview: () => onOpen({ kind: 'preview', printer: p }),
            onJobs: () => onOpen({ kind: 'jobs', printer: p }),
            onEdit: () => onOpen({ kind: 'form', printer: p }),
            onDelete: () => void onDelete(p),
            deleting: remove.isPending && remove.variables === p.id,
          }}
        />
      ))}
    </Stack>
  );
}

function DialogView({
  restaurantId,
  dialog,
  onClose,
}: {
  restaurantId: number;
  dialog: Dialog | null;
  onClose: () => void;
}) {
  const language = useRestaurantAccess().restaurant?.language ?? 'az';
  if (!dialog) return null;
  if (dialog.kind === 'form') {
    return (
      <PrinterForm eateryId={restaurantId} printer={dialog.printer} restaurantLanguage={language} onClose={onClose} />
    );
  }
  if (dialog.kind === 'preview')
    return <PreviewModal eateryId={restaurantId} printer={dialog.printer} onClose={onClose} />;
  return <WaitingJobsModal eateryId={restaurantId} printer={dialog.printer} onClose={onClose} />;
}

/**
 * A server in the cloud cannot reach printers on the restaurant's network: the print agent, run on a computer
 * there, connects out to the server with a registered device's token and prints for it.
 */
function AgentHint() {
  const { t } = useTranslation();
  const command = `npm run print-agent -- --server ${window.location.origin} --token T`;
  return (
    <Stack gap={6} mt="xl" data-testid="agent-hint">
      <Text size="sm" fw={600}>
        {t('printers.agentTitle')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('printers.agentHint')}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {command}
      </Code>
      <Text size="sm" c="dimmed">
        {t('printers.agentToken')}{' '}
        <Anchor component={Link} to="/admin/devices" size="sm" underline="always">
          {t('printers.toDevices')}
        </Anchor>
      </Text>
    </Stack>
  );
}
