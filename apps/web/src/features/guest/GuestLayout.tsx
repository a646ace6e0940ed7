import { useEffect, useId, useRef, useState } from 'react';
import {
  IconMenu2,
  IconPlus,
  IconReceipt2,
  IconSelector,
  IconShoppingBag,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { LANGUAGES, type Language } from '@qr-menu/contract/constants';
import { setGuestLanguage, useChosenLanguage, useTranslation } from './lib/i18n';
import { isLanguage } from '../../i18n/saved-language';
import { useLocation, useNavigate } from './lib/router';
import { focusOnMount } from './lib/focus';
import { CallButton, CallNotice } from './calls/TableCalls';
import { cartActions, useCart } from './cart/cart-store';
import { isPickup, tableOf, type GuestPlace } from './cart/cart';
import { useMenu } from './api';
import { IconButton } from './ui/Button';
import { ui } from './ui/parts';
import classes from './guest.module.css';

/**
 * The guest shell: sticky header (restaurant, table, language, the waiter call, menu) over the page, and under it
 * what happened to this phone's calls from the table.
 */
export function GuestLayout({ children }: { children: React.ReactNode }) {
  const cart = useCart();
  return (
    <div className={classes.root}>
      <GuestHeader />
      <main className={classes.main}>
        {cart.eateryId && tableOf(cart.tableId) ? (
          <CallNotice eateryId={cart.eateryId} tableId={tableOf(cart.tableId)!} />
        ) : null}
        {children}
      </main>
    </div>
  );
}

function GuestHeader() {
  const { t } = useTranslation();
  const cart = useCart();
  const hasTable = !!cart.eateryId && !!cart.tableId;
  const chosenLanguage = useChosenLanguage();
  const languageRef = useRef<HTMLSelectElement>(null);
  // A language chosen on the server's page before it was hydrated (the script comes after the first paint) raised
  // no change event React saw: the select shows it, so switch to it now.
  useEffect(() => {
    const picked = languageRef.current?.value;
    if (isLanguage(picked) && picked !== chosenLanguage) {
      void setGuestLanguage(picked);
    }
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <header className={classes.header}>
      <div className={classes.headerInner}>
        <EateryLogo eateryId={cart.eateryId} tableId={cart.tableId} name={cart.eateryName} />
        <div className={classes.headerTitle}>
          <div className={classes.eateryName}>{cart.eateryName || t('client.appName')}</div>
          {hasTable && isPickup(cart.tableId) && (
            <div className={`${classes.tableName} ${ui.dimmed}`}>{t('client.pickup.label')}</div>
          )}
          {hasTable && !isPickup(cart.tableId) && cart.tableNumber && (
            <div className={`${classes.tableName} ${ui.dimmed}`}>{t('client.table', { number: cart.tableNumber })}</div>
          )}
        </div>
        <div className={classes.langSelect}>
          <select
            ref={languageRef}
            aria-label={t('client.header.language')}
            value={chosenLanguage}
            onChange={(e) => void setGuestLanguage(e.currentTarget.value as Language)}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {l.toUpperCase()}
              </option>
            ))}
          </select>
          <IconSelector size={16} aria-hidden className={classes.langChevron} />
        </div>
        {/* Calls are to a table's waiter: none for pickup. */}
        {hasTable && tableOf(cart.tableId) && <CallButton eateryId={cart.eateryId!} tableId={tableOf(cart.tableId)!} />}
        {hasTable && <HeaderMenu />}
      </div>
    </header>
  );
}

/** The restaurant's logo, from its menu; nothing without one. */
function EateryLogo({
  eateryId,
  tableId,
  name,
}: {
  eateryId: number | null;
  tableId: GuestPlace | null;
  name: string;
}) {
  const { t } = useTranslation();
  const logo = useMenu(eateryId, tableId).data?.logo;
  if (!logo) return null;
  return (
    <img
      className={classes.headerLogo}
      src={logo.src}
      srcSet={logo.srcSet || undefined}
      sizes="36px"
      width={36}
      height={36}
      alt={t('client.open.logo', { name })}
    />
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
      <IconButton
        ref={toggleRef}
        variant="plain"
        label={t('client.header.openMenu')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <IconX size={26} /> : <IconMenu2 size={26} />}
      </IconButton>
      {open && (
        <nav id={panelId} className={classes.headerPanel} aria-label={t('client.header.menu')}>
          {items.map(({ label, icon: Icon, onClick }) => (
            <button key={label} type="button" className={classes.headerPanelItem} onClick={onClick}>
              <Icon size={22} aria-hidden />
              {label}
            </button>
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
    <div className={`${classes.narrow} ${classes.hero} ${classes.message}`}>
      <HeroIcon icon={Icon} />
      <h1 className={classes.messageTitle} tabIndex={-1} ref={focusOnMount}>
        {title}
      </h1>
      {text && <p className={`${classes.messageText} ${ui.dimmed}`}>{text}</p>}
      {children && <div className={classes.messageActions}>{children}</div>}
    </div>
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
