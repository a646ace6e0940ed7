import type { CSSProperties } from 'react';
import { ActionIcon, Box, Menu, NativeSelect, Text } from '@mantine/core';
import { IconMenu2, IconPlus, IconReceipt2, IconShoppingBag } from '@tabler/icons-react';
import { LANGUAGES, type Language } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { setLanguage } from '../../i18n';
import { cartActions, useCart } from './cart/cart-store';
import { useGuestTheme } from './lib/guest-theme';
import classes from './guest.module.css';

/** The guest shell: sticky header (restaurant, table, menu, language) over the page. */
export function GuestLayout() {
  const theme = useGuestTheme();
  const style = {
    '--guest-page-bg': theme.pageBackground,
    '--guest-header-bg': theme.headerBackground,
    '--guest-photo-placeholder': theme.photoPlaceholder,
  } as CSSProperties;
  return (
    <div className={classes.root} style={style}>
      <GuestHeader />
      <main className={classes.main}>
        <Outlet />
      </main>
    </div>
  );
}

function GuestHeader() {
  const { t, i18n } = useTranslation();
  const cart = useCart();
  const navigate = useNavigate();
  const hasTable = !!cart.eateryId && !!cart.tableId;
  return (
    <header className={classes.header}>
      <div className={classes.headerInner}>
        <div className={classes.headerTitle}>
          <Text fw={800} fz={17} truncate="end" component="div">
            {cart.eateryName || t('client.appName')}
          </Text>
          {hasTable && cart.tableNumber && (
            <Text fz={14} c="dimmed" truncate="end" component="div">
              {t('client.table', { number: cart.tableNumber })}
            </Text>
          )}
        </div>
        <NativeSelect
          className={classes.langSelect}
          aria-label={t('client.header.language')}
          value={i18n.language}
          data={LANGUAGES.map((l) => ({ value: l, label: l.toUpperCase() }))}
          onChange={(e) => setLanguage(e.currentTarget.value as Language)}
          w={76}
          variant="filled"
        />
        {hasTable && (
          <Menu position="bottom-end" width={220} shadow="md">
            <Menu.Target>
              <ActionIcon size={44} variant="subtle" color="dark" aria-label={t('client.header.openMenu')}>
                <IconMenu2 size={26} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconPlus size={20} />}
                fz="md"
                py="sm"
                onClick={() => {
                  cartActions.setAddToOrder(null);
                  void navigate('/client/menu');
                }}
              >
                {t('client.header.newOrder')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconReceipt2 size={20} />}
                fz="md"
                py="sm"
                onClick={() => void navigate('/client/orders')}
              >
                {t('client.header.myOrders')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconShoppingBag size={20} />}
                fz="md"
                py="sm"
                onClick={() => void navigate('/client/cart')}
              >
                {t('client.header.cart')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </div>
    </header>
  );
}

/** A full-height centred message with an optional action (scan prompt, errors, not found). */
export function GuestMessage({
  emoji,
  title,
  text,
  children,
}: {
  emoji: string;
  title: string;
  text?: string;
  children?: React.ReactNode;
}) {
  return (
    <Box className={`${classes.narrow} ${classes.hero}`} ta="center" py="xl">
      <Text fz={64} lh={1} aria-hidden>
        {emoji}
      </Text>
      <Text component="h1" fz={24} fw={800} mt="md" mb={0}>
        {title}
      </Text>
      {text && (
        <Text c="dimmed" fz="md" mt="sm">
          {text}
        </Text>
      )}
      {children && <Box mt="xl">{children}</Box>}
    </Box>
  );
}
