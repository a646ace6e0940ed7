import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCashRegister } from '@tabler/icons-react';
import { centsToDecimal, drawerOpenBody } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { useOpenDrawer } from './drawers-api';
import { readAmount, serverFieldError } from './drawer-amount';

/** No drawer open: the opening float (the change the cashier starts with) and the button that opens the drawer. */
export function OpenDrawerForm({ eateryId }: { eateryId: number }) {
  const { t } = useTranslation();
  const open = useOpenDrawer(eateryId);
  const [float, setFloat] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const read = readAmount(drawerOpenBody.shape.openingFloat, float);
    setError(read.error ?? null);
    if (read.error !== undefined) return;
    open.mutate(centsToDecimal(read.cents), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('drawers.open.done') });
        setFloat('');
      },
      onError: (err) => setError(serverFieldError(err, 'openingFloat') ?? null),
    });
  };

  return (
    <Card withBorder padding="lg" maw={520}>
      <form onSubmit={submit} noValidate data-testid="open-drawer-form">
        <Stack gap="sm">
          <Title order={3}>{t('drawers.open.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('drawers.open.hint')}
          </Text>
          {/* A refused float shows under its field; anything else (a drawer already open, a closed day) here. */}
          <ErrorBanner
            error={serverFieldError(open.error, 'openingFloat') ? null : open.error}
            onClose={() => open.reset()}
          />
          <Group align="flex-start" gap="sm">
            <TextInput
              label={t('drawers.open.float')}
              inputMode="decimal"
              required
              value={float}
              onChange={(e) => setFloat(e.currentTarget.value)}
              error={error ? t(error) : undefined}
              w={200}
            />
            <Button type="submit" mt={25} loading={open.isPending} leftSection={<IconCashRegister size={18} />}>
              {t('drawers.open.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
