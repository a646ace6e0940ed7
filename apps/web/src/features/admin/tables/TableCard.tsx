import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  CloseButton,
  Group,
  Image,
  Stack,
  Text,
  Title,
  Tooltip,
  useMantineTheme,
} from '@mantine/core';
import {
  IconArmchair,
  IconCalendarEvent,
  IconCircleCheck,
  IconCircleOff,
  IconCircleDashed,
  IconEdit,
  IconLock,
  IconLockOpen,
  IconNote,
  IconQrcode,
  IconPrinter,
  IconTrash,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { Table, TableAssignment } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';

/** Mantine colour of a table status, from the theme (never an ad-hoc colour). */
export function useStatusColor(status: Table['status']): string {
  const theme = useMantineTheme();
  const colors = theme.other.statusColors as Record<string, string> | undefined;
  return colors?.[status] ?? 'gray';
}

/** Each status has its own icon besides its colour, for colour-blind staff. */
const STATUS_ICONS: Record<Table['status'], Icon> = {
  ACTIVE: IconCircleCheck,
  INACTIVE: IconCircleOff,
  BUSY: IconUsers,
  EMPTY: IconCircleDashed,
  RESERVED: IconCalendarEvent,
};

/**
 * One table: number, status (coloured border), seats, who can order with its code, note, waiters (with unassign),
 * QR code linking to the guest menu, print, and for admins edit, delete and assign.
 */
export function TableCard({
  table,
  keysRequired = false,
  assignments,
  canManage,
  deleting,
  onEdit,
  onDelete,
  onPrint,
  onAssign,
  onUnassign,
  onNewQr,
}: {
  table: Table;
  /**
   * The restaurant takes guest orders only with a table's current key ("Guests must scan the table's current QR
   * code"): with it on, only the code on the table orders; off, anyone with the table's link can.
   */
  keysRequired?: boolean;
  assignments: TableAssignment[];
  canManage: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onPrint: () => void;
  onAssign: () => void;
  onUnassign: (a: TableAssignment) => void;
  /** "New QR code" (admins): a new key, the old printed code stops taking orders. */
  onNewQr?: () => void;
}) {
  const { t } = useTranslation();
  const color = useStatusColor(table.status);
  const StatusIcon = STATUS_ICONS[table.status];
  // A key checked only while the restaurant requires keys: a key alone does not stop anyone with the link.
  const locked = keysRequired && !!table.guestKey;
  const waiterName = (a: TableAssignment) => a.waiterName || t('tables.unknownWaiter');
  return (
    <Card
      data-testid="table-card"
      data-status={table.status}
      style={{ borderColor: `var(--mantine-color-${color}-6)`, borderWidth: 2 }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {t('tables.tableNumber', { number: table.number })}
        </Title>
        <Badge
          color={color}
          variant="light"
          leftSection={<StatusIcon size={14} aria-hidden />}
          style={{ flexShrink: 0 }}
        >
          {t(`tables.statuses.${table.status}`)}
        </Badge>
      </Group>

      <Group mt="sm" gap="md" wrap="nowrap" align="flex-start">
        <Anchor
          href={table.qrCodeDto.content}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('tables.qrOpen', { number: table.number })}
          style={{ flexShrink: 0 }}
        >
          <Image
            src={`data:image/png;base64,${table.qrCodeDto.qrCodeAsBytes}`}
            alt={t('tables.qrAlt', { number: table.number })}
            w={112}
            h={112}
            radius="sm"
            bd="1px solid var(--mantine-color-gray-3)"
          />
        </Anchor>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <IconArmchair size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">{t('tables.seatsCount', { count: table.seats })}</Text>
          </Group>
          <Tooltip label={t(locked ? 'tables.key.lockedHint' : 'tables.key.openHint')} multiline w={260}>
            <Group
              gap={6}
              wrap="nowrap"
              align="flex-start"
              data-testid="qr-key"
              data-has-key={!!table.guestKey}
              data-locked={locked}
              tabIndex={0}
            >
              {locked ? (
                <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
              ) : (
                <IconLockOpen size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
              )}
              <Text size="sm">{t(locked ? 'tables.key.locked' : 'tables.key.open')}</Text>
            </Group>
          </Tooltip>
          {table.note && (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconNote size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
              <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                {table.note}
              </Text>
            </Group>
          )}
        </Stack>
      </Group>

      <Stack gap={6} mt="sm">
        <Text size="sm" fw={600}>
          {t('tables.waiters')}
        </Text>
        {assignments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('tables.noWaiters')}
          </Text>
        ) : (
          <Group gap={6}>
            {assignments.map((a) => (
              <Badge
                key={a.id}
                variant="outline"
                color="gray"
                size="lg"
                tt="none"
                fw={500}
                maw="100%"
                rightSection={
                  canManage ? (
                    <CloseButton
                      size="sm"
                      aria-label={t('tables.unassignWaiter', { name: waiterName(a) })}
                      onClick={() => onUnassign(a)}
                    />
                  ) : undefined
                }
              >
                {waiterName(a)}
              </Badge>
            ))}
          </Group>
        )}
        {canManage && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconUserPlus size={16} />}
            onClick={onAssign}
            w="fit-content"
          >
            {t('tables.assignWaiter')}
          </Button>
        )}
      </Stack>

      <Group pt="md" gap="xs" justify="space-between" wrap="nowrap" style={{ marginTop: 'auto' }} align="flex-end">
        <Group gap="xs" wrap="wrap">
          <Button variant="light" size="sm" leftSection={<IconPrinter size={16} />} onClick={onPrint}>
            {t('tables.printQr')}
          </Button>
          {canManage && onNewQr && (
            <Button
              variant="subtle"
              size="sm"
              leftSection={<IconQrcode size={16} />}
              onClick={onNewQr}
              aria-label={t('tables.key.newQrNamed', { number: table.number })}
            >
              {t('tables.key.newQr')}
            </Button>
          )}
        </Group>
        {canManage && (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('common.edit')}>
              <ActionIcon
                variant="light"
                size={36}
                aria-label={t('tables.editNamed', { number: table.number })}
                onClick={onEdit}
              >
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('common.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size={36}
                aria-label={t('tables.deleteNamed', { number: table.number })}
                onClick={onDelete}
                loading={deleting}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </Card>
  );
}
