import { IconToolsKitchen2 } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import type { GuestMenuDish } from '@qr-menu/contract';
import { localName } from '@qr-menu/contract/constants';
import { useTranslation } from '../lib/i18n';
import { useCart } from '../cart/cart-store';
import { AddModeBanner } from '../components/AddModeBanner';
import { CartBar, CartBarSpacer } from '../components/CartBar';
import { CategoryTabs, headingId, sectionId } from '../components/CategoryTabs';
import { DishRow } from '../components/DishRow';
import { DishSheet } from '../components/DishSheet';
import { LoadError } from '../components/LoadError';
import { GuestMessage } from '../GuestLayout';
import { categoryIcon } from '../lib/category-icon';
import { focusOnMount } from '../lib/focus';
import { usePlaceSync } from '../lib/use-place';
import { Skeleton, VisuallyHidden } from '../ui/parts';
import { ScanPrompt } from './ScanPrompt';
import { useOnline } from '../offline/online-status';
import classes from '../guest.module.css';

/** Photos loaded at once, with high priority: only the first row's, the largest paint (more eager photos share the
 * bandwidth with it and were measured slower); the rest load lazily as they near the screen. */
const EAGER_PHOTOS = 1;

/** The menu of a table: sticky category tabs, compact dish rows, a dish sheet on tap, bottom cart bar. */
export function MenuPage({ eateryId, tableId }: { eateryId: number | null; tableId: number | null }) {
  if (!eateryId || !tableId) return <ScanPrompt />;
  return <TableMenu eateryId={eateryId} tableId={tableId} />;
}

function TableMenu({ eateryId, tableId }: { eateryId: number; tableId: number }) {
  const { t, i18n } = useTranslation();
  const menu = usePlaceSync(eateryId, tableId);
  const cart = useCart();
  const lang = i18n.language;
  const [opened, setOpened] = useState<GuestMenuDish | null>(null);
  const open = useCallback((dish: GuestMenuDish) => setOpened(dish), []);

  const quantities = useMemo(() => new Map(cart.items.map((i) => [i.dish.id, i.quantity])), [cart.items]);
  const categories = useMemo(
    () =>
      (menu.data?.categories ?? [])
        .filter((c) => c.dishes.length > 0)
        .map((c) => ({ ...c, label: localName(c, lang), icon: categoryIcon(c) })),
    [menu.data, lang],
  );
  const tabs = useMemo(() => categories.map(({ id, label, icon }) => ({ id, label, icon })), [categories]);
  const online = useOnline();

  if (menu.isPending) return <MenuSkeleton />;
  if (menu.isError) return <LoadError error={menu.error} onRetry={() => void menu.refetch()} />;

  // Tab order: header, the category chips (one stop), the cart bar (fixed at the bottom, but early in the order so
  // that it is not 70 dishes away), then the dishes.
  return (
    <>
      <VisuallyHidden as="h1" tabIndex={-1} ref={focusOnMount}>
        {t('client.menuTitle')}
      </VisuallyHidden>
      {categories.length > 0 && <CategoryTabs items={tabs} />}
      <CartBar />
      <AddModeBanner />
      {!online && (
        <p className={classes.unavailableHint} role="status">
          {t('client.offline.notice')}
        </p>
      )}
      {categories.length === 0 ? (
        <GuestMessage icon={IconToolsKitchen2} title={t('client.noMenu')} />
      ) : (
        categories.map((c, index) => (
          <section key={c.id} id={sectionId(c.id)} className={classes.section} aria-labelledby={headingId(c.id)}>
            <h2 id={headingId(c.id)} tabIndex={-1} className={classes.sectionTitle}>
              <c.icon size={26} stroke={1.8} aria-hidden className={classes.sectionIcon} />
              {c.label}
            </h2>
            <div className={classes.dishList}>
              {c.dishes.map((d, i) => (
                <DishRow
                  key={d.id}
                  dish={d}
                  quantity={quantities.get(d.id) ?? 0}
                  onOpen={open}
                  eager={index === 0 && i < EAGER_PHOTOS}
                  t={t}
                  lang={lang}
                />
              ))}
            </div>
          </section>
        ))
      )}
      <CartBarSpacer />
      {opened && <DishSheet key={opened.id} dish={opened} onClose={() => setOpened(null)} />}
    </>
  );
}

function MenuSkeleton() {
  return (
    <div className={classes.menuSkeleton} aria-busy="true">
      <Skeleton height={44} radius={22} />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={classes.dishRow}>
          <div className={classes.dishText}>
            <Skeleton height={20} width="60%" />
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
          </div>
          <Skeleton height={93} width={124} />
        </div>
      ))}
    </div>
  );
}
