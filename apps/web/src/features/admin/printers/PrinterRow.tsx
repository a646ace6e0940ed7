import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconEdit, IconEye, IconListDetails, IconPrinter, IconTrash } from '@tabler/icons-react';
import type { Department, Printer } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime } from '../shared/date-format';
import { useRestaurantTimeZone, STATE_COLOR } from './printer-state';
import classes from './printers.module.css';

export interface PrinterActions {
  onTest: () => void;
  testing: boolean;
  onPreview: () => void;
  onJobs: () => void;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}

/**
 * One printer: its name and address, what it prints, its state with when it was last seen and its last error, a
 * warning while jobs wait, and its buttons (they wrap on a phone).
 */
export function PrinterRow({
  printer,
  stations,
  actions,
}: {
  printer: Printer;
  stations: Department[];
  actions: PrinterActions;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" data-testid="printer-row">
      <div className={classes.columns}>
        <PrinterIdentity printer={printer} />
        <PrintsWhat printer={printer} stations={stations} />
        <PrinterStateView printer={printer} />
      </div>
      {printer.waiting > 0 && (
        <Alert
          mt="sm"
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle />}
          data-testid="printer-waiting"
          title={t('printers.waitingFor', { name: printer.name, count: printer.waiting })}
        >
          {t(printer.state === 'ONLINE' ? 'printers.waitingHintOnline' : 'printers.waitingHint')}
        </Alert>
      )}
      <Group gap="xs" mt="sm" wrap="wrap">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPrinter size={16} />}
          loading={actions.testing}
          onClick={actions.onTest}
        >
          {t('printers.test')}
        </Button>
        <Button size="xs" variant="default" leftSection={<IconEye size={16} />} onClick={actions.onPreview}>
          {t('printers.preview')}
        </Button>
        <Button size="xs" variant="default" leftSection={<IconListDetails size={16} />} onClick={actions.onJobs}>
          {t('printers.jobs', { count: printer.waiting })}
        </Button>
        <Button size="xs" variant="default" leftSection={<IconEdit size={16} />} onClick={actions.onEdit}>
          {t('common.edit')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
          loading={actions.deleting}
          onClick={actions.onDelete}
        >
          {t('common.delete')}
        </Button>
      </Group>
    </Card>
  );
}

/** Name (and "Off" when disabled), how it is reached, and its paper. */
function PrinterIdentity({ printer }: { printer: Printer }) {
  const { t } = useTranslation();
  const address = `${printer.host}:${printer.port}`;
  return (
    <Stack gap={2} miw={0}>
      <Group gap="xs" wrap="wrap">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {printer.name}
        </Text>
        {!printer.enabled && (
          <Badge color="gray" variant="outline" size="sm">
            {t('printers.disabled')}
          </Badge>
        )}
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="printer-address">
        {printer.transport === 'AGENT' ? t('printers.viaAgent', { address }) : address}
      </Text>
      <Text size="sm" c="dimmed">
        {t('printers.paperMm', { mm: printer.paper })} · {t(`printers.textModes.${printer.textMode}`)} ·{' '}
        {t(`language.${printer.language}`)}
      </Text>
    </Stack>
  );
}

/** What it prints: kitchen tickets (of which stations), pre-bills, receipts, reports; or nothing. */
function PrintsWhat({ printer, stations }: { printer: Printer; stations: Department[] }) {
  const { t } = useTranslation();
  const stationNames = printer.departmentIds.map((id) => stations.find((s) => s.id === id)?.name ?? `#${id}`);
  const kinds = [
    printer.prebills && t('printers.prebills'),
    printer.receipts && t('printers.receipts'),
    printer.reports && t('printers.reports'),
  ].filter((k): k is string => !!k);
  return (
    <Stack gap={4} miw={0} data-testid="printer-prints">
      {printer.kitchen && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('printers.kitchenOf', {
            stations: stationNames.length ? stationNames.join(', ') : t('printers.allStations'),
          })}
        </Text>
      )}
      {kinds.length > 0 && (
        <Group gap={4} wrap="wrap">
          {kinds.map((k) => (
            <Badge key={k} variant="light" color="blue" size="sm">
              {k}
            </Badge>
          ))}
        </Group>
      )}
      {!printer.kitchen && kinds.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('printers.printsNothing')}
        </Text>
      )}
    </Stack>
  );
}

/** The state the server last saw, when, and what went wrong last. */
function PrinterStateView({ printer }: { printer: Printer }) {
  const { t, i18n } = useTranslation();
  const timeZone = useRestaurantTimeZone();
  return (
    <Stack gap={4} miw={0} align="flex-start">
      <Badge color={STATE_COLOR[printer.state]} variant="light" data-testid="printer-state">
        {t(`printers.states.${printer.state}`)}
      </Badge>
      {printer.stateAt && (
        <Text size="sm" c="dimmed">
          {/* An offline printer did not answer then: that was the last try, not the last sight of it. */}
          {t(printer.state === 'OFFLINE' ? 'printers.lastTried' : 'printers.lastSeen', {
            at: formatZonedDateTime(printer.stateAt, i18n.language, timeZone),
          })}
        </Text>
      )}
      {printer.lastError && (
        <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }} data-testid="printer-error">
          {printer.lastError}
        </Text>
      )}
    </Stack>
  );
}
