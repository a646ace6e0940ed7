import { useState } from 'react';
import { Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { centsToDecimal, drawerCloseBody, toCents, type DrawerSession } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { formatAmount } from '../shared/money-format';
import { useCloseDrawer } from './drawers-api';
import { Difference } from './Difference';
import { readAmount, serverFieldError } from './drawer-amount';

/**
 * Counting a drawer: the cash counted, and while it is typed what the drawer should hold and the over/short it makes
 * (counted − expected, in cents). The server's answer (its own expected, counted and difference) goes to `onClosed`.
 * `ownerName` is set when an admin closes someone else's drawer.
 */
export function CloseDrawerModal({
  eateryId,
  session,
  ownerName,
  onClose,
  onClosed,
}: {
  eateryId: number;
  session: DrawerSession;
  ownerName?: string;
  onClose: () => void;
  onClosed: (closed: DrawerSession) => void;
}) {
  const { t, i18n } = useTranslation();
  const close = useCloseDrawer(eateryId);
  const [counted, setCounted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const read = readAmount(drawerCloseBody.shape.counted, counted);
  const money = (amount: number) => formatAmount(amount, i18n.language);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(read.error ?? null);
    if (read.error !== undefined) return;
    close.mutate(
      { sessionId: session.id, counted: centsToDecimal(read.cents) },
      {
        onSuccess: (closed) => onClosed(closed),
        onError: (err) => setError(serverFieldError(err, 'counted') ?? null),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={ownerName ? t('drawers.close.titleOf', { name: ownerName }) : t('drawers.close.title')}
    >
      <form onSubmit={submit} noValidate data-testid="close-drawer-form">
        <Stack gap="sm">
          <ErrorBanner
            error={serverFieldError(close.error, 'counted') ? null : close.error}
            onClose={() => close.reset()}
          />
          <Text size="sm">{t('drawers.close.hint')}</Text>
          <TextInput
            label={t('drawers.close.counted')}
            inputMode="decimal"
            required
            data-autofocus
            value={counted}
            onChange={(e) => setCounted(e.currentTarget.value)}
            error={error ? t(error) : undefined}
          />
          <Table withRowBorders={false} verticalSpacing={4} data-testid="close-preview">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{t('drawers.figures.expected')}</Table.Td>
                <Table.Td ta="right">{money(session.expected)}</Table.Td>
              </Table.Tr>
              {read.cents !== undefined && (
                <>
                  <Table.Tr>
                    <Table.Td>{t('drawers.figures.counted')}</Table.Td>
                    <Table.Td ta="right">{money(read.cents / 100)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr fw={700}>
                    <Table.Td>{t('drawers.figures.difference')}</Table.Td>
                    <Table.Td ta="right">
                      <Difference amount={(read.cents - toCents(session.expected)) / 100} withWord />
                    </Table.Td>
                  </Table.Tr>
                </>
              )}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={close.isPending}>
              {t('drawers.close.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
