import { useState } from 'react';
import { ActionIcon, Button, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { mayDo, type PrintJob, type PrintJobKind, type Role } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../components/use-error-text';
import { useCachedRestaurant } from '../courses/use-courses';
import { useOrderPrintJobs, useReprint } from './printing-api';
import './printing-texts';

/** The jobs a kitchen station prints: what "Reprint" on a kitchen ticket offers. */
const KITCHEN_KINDS: readonly PrintJobKind[] = ['TICKET', 'ADDON', 'VOID', 'MOVED', 'FIRE'];

/**
 * "Reprint": a menu of what was printed for an order (title, printer, whether it printed), newest first; a click
 * prints that one again on its printer and a short note says so. Read only while the menu is open. Shown only to
 * roles that may (ROLE_MATRIX.printing: `roles`, else the caller's roles in the restaurant as loaded).
 * `compact`: a printer icon (a kitchen ticket); else a small button (an order card). `kitchenOnly`: kitchen jobs only.
 */
export function ReprintMenu({
  eateryId,
  orderId,
  orderNumber,
  roles,
  compact = false,
  kitchenOnly = false,
}: {
  eateryId: number;
  orderId: number;
  orderNumber: number;
  roles?: readonly Role[];
  compact?: boolean;
  kitchenOnly?: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const restaurant = useCachedRestaurant(eateryId);
  const [opened, setOpened] = useState(false);
  const jobs = useOrderPrintJobs(eateryId, orderId, opened);
  const reprint = useReprint(eateryId);
  if (!mayDo(roles ?? restaurant?.roles, 'printing')) return null;

  const shown = (jobs.data ?? []).filter((j) => !kitchenOnly || KITCHEN_KINDS.includes(j.kind));
  const onReprint = (job: PrintJob) =>
    reprint.mutate(job, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: t('printing.reprint.sent', { printer: job.printerName }) }),
      onError: (err) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(err) }),
    });
  const label = t('printing.reprint.openNamed', { number: orderNumber });
  // A disabled item, not plain text: a menu must hold menu items (also while loading or empty).
  const note = (text: string) => (
    <Menu.Item disabled>
      <Text size="sm" style={{ whiteSpace: 'normal' }}>
        {text}
      </Text>
    </Menu.Item>
  );

  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      width={320}
      // Mantine's focus placeholder is a role="presentation" child of the menu, which axe refuses in a menu.
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        {compact ? (
          <ActionIcon variant="default" size={44} aria-label={label} loading={reprint.isPending}>
            <IconPrinter size={24} />
          </ActionIcon>
        ) : (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconPrinter size={16} />}
            aria-label={label}
            loading={reprint.isPending}
            style={{ flex: '1 0 auto' }}
          >
            {t('printing.reprint.open')}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('printing.reprint.title')}</Menu.Label>
        {jobs.isPending
          ? note(t('printing.reprint.loading'))
          : jobs.error
            ? note(t('printing.reprint.failed'))
            : shown.length === 0
              ? note(t('printing.reprint.none'))
              : shown.map((job) => (
                  <Menu.Item key={job.id} leftSection={<IconPrinter size={18} />} onClick={() => onReprint(job)}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {job.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {job.printerName} · {t(`printing.reprint.status.${job.status}`)}
                    </Text>
                  </Menu.Item>
                ))}
      </Menu.Dropdown>
    </Menu>
  );
}
