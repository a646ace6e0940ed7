import { Button, Group, Paper, Text } from '@mantine/core';
import { IconCirclePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { cartActions, useCart } from '../cart/cart-store';

/** Shown while the guest chooses dishes for an existing order ("add dishes"). */
export function AddModeBanner() {
  const { t } = useTranslation();
  const { addToOrderId } = useCart();
  if (!addToOrderId) return null;
  return (
    <Paper withBorder radius="lg" p="sm" mt="sm" mb="md" bg="var(--mantine-primary-color-light)" role="status">
      <Group gap="sm" wrap="nowrap">
        <IconCirclePlus size={24} aria-hidden style={{ flex: 'none' }} />
        <Text fw={700} fz="md" style={{ flex: 1 }}>
          {t('client.addMode.banner', { id: addToOrderId })}
        </Text>
        <Button
          variant="white"
          h={44}
          onClick={() => {
            // The banner and its button vanish: the focus goes to the page's heading rather than to <body>.
            document.querySelector<HTMLElement>('h1[tabindex="-1"]')?.focus();
            cartActions.setAddToOrder(null);
          }}
        >
          {t('client.addMode.cancel')}
        </Button>
      </Group>
    </Paper>
  );
}
