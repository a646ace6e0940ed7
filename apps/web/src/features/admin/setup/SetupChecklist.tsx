import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconCheck,
  IconConfetti,
  IconEyeOff,
  IconFileSpreadsheet,
  IconMapPin,
  IconPlus,
  IconQrcode,
  IconUserOff,
  IconUsers,
} from '@tabler/icons-react';
import type { SetupProgress } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SETUP_STEPS, setupState, type SetupStepId } from '../shared/setup-progress';
import { DetailsModal } from './DetailsModal';
import { TestOrderQr } from './TestOrderQr';

/** Where the steps are done. The menu import is its own screen; the other screens take the restaurant in the path. */
export const setupLinks = (id: number) => ({
  details: '/admin/restaurants',
  menuImport: '/admin/menu/import',
  menu: `/admin/restaurant/${id}/menu`,
  tables: `/admin/restaurant/${id}/tables`,
  staff: `/admin/restaurant/${id}/users`,
  orders: `/admin/restaurant/${id}/orders`,
});

export interface SetupChecklistProps {
  restaurantId: number;
  progress: SetupProgress;
  /** The owner said "I work alone" on this device. */
  worksAlone: boolean;
  onWorksAlone: (alone: boolean) => void;
  /** Hides the checklist on this device (the start page goes to the restaurants again). */
  onHide: () => void;
}

/**
 * The owner's start checklist: five steps that tick themselves from the restaurant's progress (details, menu, tables,
 * staff, a test order from the owner's phone), each with the way to where it is done, and a congratulation once
 * all are done. The step to do next stands out.
 */
export function SetupChecklist({ restaurantId, progress, worksAlone, onWorksAlone, onHide }: SetupChecklistProps) {
  const { t } = useTranslation();
  const [editingDetails, setEditingDetails] = useState(false);
  const state = setupState(progress, worksAlone);
  const next = SETUP_STEPS.find((s) => !state.done[s]);
  const links = setupLinks(restaurantId);
  const canTestOrder = progress.tables > 0 && progress.dishes > 0;

  const step = (id: SetupStepId, index: number, body: ReactNode, actions?: ReactNode) => (
    <SetupStep
      key={id}
      id={id}
      index={index}
      done={state.done[id]}
      current={id === next}
      title={t(`setup.${id}.title`)}
      body={body}
      actions={actions}
    />
  );

  return (
    <Stack gap="md" data-testid="setup-checklist" data-complete={state.complete}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600} data-testid="setup-progress-count">
            {t('setup.progress', { done: state.doneCount, total: SETUP_STEPS.length })}
          </Text>
        </Group>
        <Progress
          value={(state.doneCount / SETUP_STEPS.length) * 100}
          color={state.complete ? 'green' : undefined}
          aria-label={t('setup.progress', { done: state.doneCount, total: SETUP_STEPS.length })}
        />
      </Stack>

      {state.complete && (
        <Alert
          color="green"
          variant="light"
          icon={<IconConfetti />}
          title={t('setup.done.title')}
          data-testid="setup-done"
        >
          <Stack gap="sm">
            <Text size="sm">{t('setup.done.text')}</Text>
            <Group gap="xs">
              <Button leftSection={<IconEyeOff size={18} />} onClick={onHide}>
                {t('setup.done.hide')}
              </Button>
              <Button component={Link} to={links.orders} variant="default" rightSection={<IconArrowRight size={18} />}>
                {t('setup.done.toOrders')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      {step(
        'details',
        1,
        t(state.done.details ? 'setup.details.done' : 'setup.details.text'),
        <>
          <Button
            variant={state.done.details ? 'default' : 'filled'}
            leftSection={<IconMapPin size={18} />}
            onClick={() => setEditingDetails(true)}
          >
            {t(state.done.details ? 'setup.details.change' : 'setup.details.action')}
          </Button>
          <Button component={Link} to={links.details} variant="subtle">
            {t('setup.details.allSettings')}
          </Button>
        </>,
      )}
      {step(
        'menu',
        2,
        state.done.menu ? t('setup.menu.done', { count: progress.dishes }) : t('setup.menu.text'),
        <>
          <Button
            component={Link}
            to={links.menuImport}
            variant={state.done.menu ? 'default' : 'filled'}
            leftSection={<IconFileSpreadsheet size={18} />}
          >
            {t('setup.menu.import')}
          </Button>
          <Button component={Link} to={links.menu} variant="default" leftSection={<IconPlus size={18} />}>
            {t('setup.menu.add')}
          </Button>
        </>,
      )}
      {step(
        'tables',
        3,
        state.done.tables ? t('setup.tables.done', { count: progress.tables }) : t('setup.tables.text'),
        <Button
          component={Link}
          to={links.tables}
          variant={state.done.tables ? 'default' : 'filled'}
          leftSection={<IconQrcode size={18} />}
        >
          {t(state.done.tables ? 'setup.tables.open' : 'setup.tables.action')}
        </Button>,
      )}
      {step(
        'staff',
        4,
        progress.staff > 0
          ? t('setup.staff.done', { count: progress.staff })
          : t(worksAlone ? 'setup.staff.alone' : 'setup.staff.text'),
        <>
          <Button
            component={Link}
            to={links.staff}
            variant={state.done.staff ? 'default' : 'filled'}
            leftSection={<IconUsers size={18} />}
          >
            {t('setup.staff.action')}
          </Button>
          {progress.staff === 0 && (
            <Button
              variant="subtle"
              leftSection={worksAlone ? undefined : <IconUserOff size={18} />}
              onClick={() => onWorksAlone(!worksAlone)}
            >
              {t(worksAlone ? 'setup.staff.notAlone' : 'setup.staff.workAlone')}
            </Button>
          )}
        </>,
      )}
      {step(
        'testOrder',
        5,
        state.done.testOrder ? (
          t('setup.testOrder.done')
        ) : canTestOrder ? (
          <Stack gap="sm">
            <Text size="sm">{t('setup.testOrder.text')}</Text>
            <TestOrderQr restaurantId={restaurantId} />
          </Stack>
        ) : (
          t('setup.testOrder.first')
        ),
        state.done.testOrder ? (
          <Button component={Link} to={links.orders} variant="default" rightSection={<IconArrowRight size={18} />}>
            {t('setup.testOrder.toOrders')}
          </Button>
        ) : undefined,
      )}

      {!state.complete && (
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" leftSection={<IconEyeOff size={18} />} onClick={onHide}>
            {t('setup.hide')}
          </Button>
        </Group>
      )}
      {editingDetails && <DetailsModal restaurantId={restaurantId} onClose={() => setEditingDetails(false)} />}
    </Stack>
  );
}

/** One step: its number (a tick once done), title, what to do or what is done, and its buttons. */
function SetupStep({
  id,
  index,
  done,
  current,
  title,
  body,
  actions,
}: {
  id: SetupStepId;
  index: number;
  done: boolean;
  current: boolean;
  title: string;
  body: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid={`setup-step-${id}`}
      data-done={done}
      data-current={current}
      aria-current={current ? 'step' : undefined}
      style={current ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon
          radius="xl"
          size={32}
          color={done ? 'green' : undefined}
          variant={done ? 'filled' : 'light'}
          style={{ flexShrink: 0 }}
          aria-hidden
        >
          {done ? <IconCheck size={18} /> : <Text fw={700}>{index}</Text>}
        </ThemeIcon>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {done && (
              <Badge color="green" variant="light">
                {t('setup.stepDone')}
              </Badge>
            )}
          </Group>
          {typeof body === 'string' ? (
            <Text size="sm" c={done ? 'dimmed' : undefined}>
              {body}
            </Text>
          ) : (
            body
          )}
          {actions && (
            <Group gap="xs" mt={4}>
              {actions}
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
