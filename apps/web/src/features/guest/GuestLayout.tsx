import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { ActionIcon, Box, NativeSelect, Text, UnstyledButton } from '@mantine/core';
import { IconMenu2, IconPlus, IconReceipt2, IconShoppingBag, IconX, type Icon } from '@tabler/icons-react';
import { LANGUAGES, type Language } from '@qr-menu/contract/constants';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { setLanguage } from '../../i18n';
import { focusOnMount } from './lib/focus';
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
        {hasTable && <HeaderMenu />}
      </div>
    </header>
  );
}

/**
 * "New order", "My orders", "Cart" under a 44 px button. A small disclosure panel rather than Mantine's Menu, whose
 * floating-ui positioning would add ~10 KB gzip to the guest's first load.
 */
function HeaderMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Escape from inside the panel: its items vanish, so the focus goes back to the button that opened it.
      if (ref.current?.contains(document.activeElement)) toggleRef.current?.focus();
      setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const go = (path: string, newOrder = false) => {
    if (newOrder) cartActions.setAddToOrder(null);
    // The chosen item vanishes with the panel: the focus waits on the menu button (a new page then moves it to
    // its heading).
    toggleRef.current?.focus();
    setOpen(false);
    void navigate(path);
  };
  const items = [
    { label: t('client.header.newOrder'), icon: IconPlus, onClick: () => go('/client/menu', true) },
    { label: t('client.header.myOrders'), icon: IconReceipt2, onClick: () => go('/client/orders') },
    { label: t('client.header.cart'), icon: IconShoppingBag, onClick: () => go('/client/cart') },
  ];
  return (
    <div ref={ref} className={classes.headerMenu}>
      <ActionIcon
        ref={toggleRef}
        size={44}
        variant="subtle"
        color="dark"
        aria-label={t('client.header.openMenu')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <IconX size={26} /> : <IconMenu2 size={26} />}
      </ActionIcon>
      {open && (
        <nav id={panelId} className={classes.headerPanel} aria-label={t('client.header.menu')}>
          {items.map(({ label, icon: Icon, onClick }) => (
            <UnstyledButton key={label} className={classes.headerPanelItem} onClick={onClick}>
              <Icon size={22} aria-hidden />
              {label}
            </UnstyledButton>
          ))}
        </nav>
      )}
    </div>
  );
}

/** A full-height centred message with an optional action (scan prompt, errors, not found). */
export function GuestMessage({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: Icon;
  title: string;
  text?: string;
  children?: React.ReactNode;
}) {
  return (
    <Box className={`${classes.narrow} ${classes.hero}`} ta="center" py="xl">
      <HeroIcon icon={Icon} />
      <Text component="h1" fz={24} fw={800} mt="md" mb={0} tabIndex={-1} ref={focusOnMount}>
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

/** A large icon in a warm circle, the picture of the message and welcome pages. */
export function HeroIcon({ icon: Icon }: { icon: Icon }) {
  return (
    <span className={classes.heroIcon} aria-hidden>
      <Icon size={44} stroke={1.6} />
    </span>
  );
}
