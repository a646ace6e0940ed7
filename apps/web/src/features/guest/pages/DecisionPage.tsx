import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconReceipt2, IconToolsKitchen2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeviceOrders } from '../api';
import { LoadError } from '../components/LoadError';
import { HeroIcon } from '../GuestLayout';
import { focusOnMount } from '../lib/focus';
import { useOpenMenu } from '../lib/use-open-menu';
import { usePlaceSync } from '../lib/use-place';
import { ScanPrompt } from './ScanPrompt';
import classes from '../guest.module.css';

/** Welcome after scanning: restaurant and table, then "My orders" (when this phone has an open one) or "New order". */
export function DecisionPage({ eateryId, tableId }: { eateryId: number | null; tableId: number | null }) {
  if (!eateryId || !tableId) return <ScanPrompt />;
  return <Decision eateryId={eateryId} tableId={tableId} />;
}

function Decision({ eateryId, tableId }: { eateryId: number; tableId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openMenu = useOpenMenu();
  const menu = usePlaceSync(eateryId, tableId);
  const device = useDeviceOrders(eateryId, tableId);

  if (device.isPending) {
    return (
      <Stack className={`${classes.narrow} ${classes.hero}`} align="center" gap="md" aria-busy="true">
        <Skeleton height={64} width={64} circle />
        <Skeleton height={28} width="70%" />
        <Skeleton height={16} width="85%" />
        <Skeleton height={56} mt="xl" radius="xl" />
      </Stack>
    );
  }
  if (device.isError) return <LoadError error={device.error} onRetry={() => void device.refetch()} />;
  if (menu.isError) return <LoadError error={menu.error} onRetry={() => void menu.refetch()} />;

  const { eateryName, tableName, hasOrders } = device.data;
  return (
    <Stack className={`${classes.narrow} ${classes.hero}`} gap={0} ta="center">
      <HeroIcon icon={IconToolsKitchen2} />
      <Text component="h1" fz={26} fw={800} mt="md" mb={0} lh={1.25} tabIndex={-1} ref={focusOnMount}>
        {t('client.welcome.title', { name: eateryName })}
      </Text>
      <Text fz="md" c="dimmed" mt="sm">
        {t('client.welcome.text', { number: tableName })}
      </Text>
      {hasOrders && (
        <Text fz="md" mt="sm">
          {t('client.welcome.hasOrders')}
        </Text>
      )}
      {/* With an open order here, following it comes first; otherwise starting one is the only choice. */}
      <Stack gap="sm" mt={40}>
        {hasOrders && (
          <Button
            size="xl"
            h={56}
            radius="xl"
            leftSection={<IconReceipt2 size={22} />}
            onClick={() => void navigate('/client/orders')}
          >
            {t('client.header.myOrders')}
          </Button>
        )}
        <Button
          size="xl"
          h={56}
          radius="xl"
          variant={hasOrders ? 'outline' : 'filled'}
          bg={hasOrders ? 'white' : undefined}
          leftSection={<IconToolsKitchen2 size={22} />}
          onClick={() => openMenu(null)}
        >
          {t('client.header.newOrder')}
        </Button>
      </Stack>
    </Stack>
  );
}
