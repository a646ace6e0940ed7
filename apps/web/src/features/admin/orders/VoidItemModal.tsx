import { useState } from 'react';
import { Button, Chip, Group, Modal, PasswordInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldCheck } from '@tabler/icons-react';
import { REASON_MAX, type Order, type OrderItem, type Role } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { onDeviceSession } from '../../../api/device';
import '../shared/devices/translations';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { useSaveAndClose } from '../shared/use-save-and-close';
import { itemName } from '../shared/live/item-name';
import { useVoidOrderItem } from './orders-api';
import {
  VOID_REASONS,
  asksApproval,
  emptyVoidForm,
  validateVoid,
  voidBody,
  voidFieldOf,
  type VoidFormValues,
} from './void-item';

/**
 * Void one item of an order: a reason is required (a quick pick fills it in the staff's language, or it is written
 * freely). Once the kitchen started the dish (or it was served), a manager approves: the caller is one, or a manager
 * types their e-mail and password here. The item stays on the order struck out, with its reason.
 */
export function VoidItemModal({
  eateryId,
  order,
  item,
  roles,
  onClose,
}: {
  eateryId: number;
  order: Order;
  /** The item as the board has it now: the kitchen may start it while the dialog is open. */
  item: OrderItem;
  roles: readonly Role[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const voidItem = useVoidOrderItem(eateryId);
  // The server may know better (the kitchen started the dish a moment ago): then the approval fields appear.
  const [serverAsked, setServerAsked] = useState(false);
  const withApproval = serverAsked || asksApproval(roles, item.status);
  // On a registered device's PIN session the manager types their PIN, elsewhere their e-mail and password.
  const byPin = onDeviceSession();
  const form = useForm<VoidFormValues>({
    initialValues: emptyVoidForm(),
    validate: (values) => validateVoid(values, withApproval, byPin),
  });
  const err = (path: string) => (form.errors[path] ? t(String(form.errors[path])) : undefined);
  const saveAndClose = useSaveAndClose(voidItem, {
    form,
    onClose,
    fields: { fieldOf: voidFieldOf, conflicts: { approvalInvalid: byPin ? 'approval.pin' : 'approval.password' } },
    onFailed: (error) => {
      if (error instanceof ApiError && error.messageKey === 'managerApprovalRequired') setServerAsked(true);
    },
  });
  const name = itemName(item, i18n.language);

  const onSubmit = form.onSubmit((values) =>
    saveAndClose(
      {
        orderId: order.id,
        itemId: item.id,
        body: voidBody({ ...values, reason: values.reason.trim() }, withApproval, byPin),
      },
      'orders.void.done',
    ),
  );
  const setReason = (reason: string) => {
    form.setFieldValue('reason', reason);
    if (form.errors.reason) form.clearFieldError('reason');
  };

  return (
    <Modal opened onClose={onClose} title={t('orders.void.title', { quantity: item.quantity, name })}>
      <form onSubmit={onSubmit} noValidate data-testid="void-form">
        <Stack gap="sm">
          <ErrorBanner error={voidItem.error} onClose={() => voidItem.reset()} />
          <Text size="sm" c="dimmed">
            {t('orders.void.hint', { number: order.number, table: order.tableNumber })}
          </Text>
          <ReasonChips value={form.values.reason} onPick={setReason} />
          <Textarea
            label={t('orders.void.reason')}
            maxLength={REASON_MAX}
            required
            autosize
            minRows={2}
            maxRows={4}
            data-autofocus
            {...form.getInputProps('reason')}
            error={err('reason')}
          />
          {withApproval && (
            <Stack gap={6} role="group" aria-labelledby="void-approval-title" data-testid="void-approval">
              <Group gap={6} wrap="nowrap">
                <IconShieldCheck size={18} aria-hidden />
                <Title order={3} size="h5" id="void-approval-title">
                  {t('orders.void.approval')}
                </Title>
              </Group>
              <Text size="sm">
                {t(item.status === 'SERVED' ? 'orders.void.approvalHint.served' : 'orders.void.approvalHint.started')}
              </Text>
              {byPin ? (
                <PasswordInput
                  label={t('devices.approval.pin')}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={6}
                  required
                  {...form.getInputProps('approval.pin')}
                  error={err('approval.pin')}
                />
              ) : (
                <>
                  {/* Not remembered by the browser: the manager types their password on a waiter's device. */}
                  <TextInput
                    type="email"
                    label={t('orders.void.managerEmail')}
                    autoComplete="off"
                    required
                    {...form.getInputProps('approval.email')}
                    error={err('approval.email')}
                  />
                  <PasswordInput
                    label={t('orders.void.managerPassword')}
                    autoComplete="new-password"
                    required
                    {...form.getInputProps('approval.password')}
                    error={err('approval.password')}
                  />
                </>
              )}
            </Stack>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={voidItem.isPending}>
              {t('orders.void.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The quick reasons: the one whose text is the reason now shows as picked. */
function ReasonChips({ value, onPick }: { value: string; onPick: (reason: string) => void }) {
  const { t } = useTranslation();
  const picked = VOID_REASONS.find((r) => t(`orders.void.reasons.${r}`) === value) ?? null;
  return (
    <Stack gap={6} role="group" aria-label={t('orders.void.quick')}>
      <Text size="sm" fw={500}>
        {t('orders.void.quick')}
      </Text>
      <Group gap={6}>
        {VOID_REASONS.map((r) => (
          <Chip
            key={r}
            size="sm"
            radius="md"
            checked={picked === r}
            onChange={() => onPick(t(`orders.void.reasons.${r}`))}
            // Whole phrases wrap inside a rounded box instead of stretching a pill past a phone's width.
            styles={{
              label: { whiteSpace: 'normal', height: 'auto', minHeight: 36, lineHeight: 1.3, paddingBlock: 7 },
            }}
          >
            {t(`orders.void.reasons.${r}`)}
          </Chip>
        ))}
      </Group>
    </Stack>
  );
}
