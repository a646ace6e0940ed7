import { IconToolsKitchen2 } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { localName } from '@qr-menu/contract/constants';
import { useTranslation } from 'react-i18next';
import { useCart } from '../cart/cart-store';
import { AddModeBanner } from '../components/AddModeBanner';
import { CartBar, CartBarSpacer } from '../components/CartBar';
import { CategoryTabs, headingId, sectionId } from '../components/CategoryTabs';
import { DishCard } from '../components/DishCard';
import { LoadError } from '../components/LoadError';
import { GuestMessage } from '../GuestLayout';
import { categoryIcon } from '../lib/category-icon';
import { focusOnMount } from '../lib/focus';
import { usePlaceSync } from '../lib/use-place';
import { ScanPrompt } from './ScanPrompt';
import classes from '../guest.module.css';

/** The menu of a table: sticky category tabs, dish cards, bottom cart bar. */
export function MenuPage({ eateryId, tableId }: { eateryId: number | null; tableId: number | null }) {
  if (!eateryId || !tableId) return <ScanPrompt />;
  return <TableMenu eateryId={eateryId} tableId={tableId} />;
}

function TableMenu({ eateryId, tableId }: { eateryId: number; tableId: number }) {
  const { t, i18n } = useTranslation();
  const menu = usePlaceSync(eateryId, tableId);
  const cart = useCart();
  const lang = i18n.language;

  const quantities = useMemo(() => new Map(cart.items.map((i) => [i.dish.id, i.quantity])), [cart.items]);
  const categories = useMemo(
    () =>
      (menu.data?.categories ?? [])
        .filter((c) => c.dishes.length > 0)
        .map((c) => ({ ...c, label: localName(c, lang), icon: categoryIcon(c) })),
    [menu.data, lang],
  );
  const tabs = useMemo(() => categories.map(({ id, label, icon }) => ({ id, label, icon })), [categories]);

  if (menu.isPending) return <MenuSkeleton />;
  if (menu.isError) return <LoadError error={menu.error} onRetry={() => void menu.refetch()} />;

  // Tab order: header, the category chips (one stop), the cart bar (fixed at the bottom, but early in the order so
  // that it is not 70 dishes away), then the dishes.
  return (
    <>
      <VisuallyHidden component="h1" tabIndex={-1} ref={focusOnMount}>
        {t('client.menuTitle')}
      </VisuallyHidden>
      {categories.length > 0 && <CategoryTabs items={tabs} />}
      <CartBar />
      <AddModeBanner />
      {categories.length === 0 ? (
        <GuestMessage icon={IconToolsKitchen2} title={t('client.noMenu')} />
      ) : (
        categories.map((c) => (
          <section key={c.id} id={sectionId(c.id)} className={classes.section} aria-labelledby={headingId(c.id)}>
            <Text component="h2" id={headingId(c.id)} tabIndex={-1} fz={22} fw={800} mt={0} mb="sm">
              <c.icon size={26} stroke={1.8} aria-hidden className={classes.sectionIcon} />
              {c.label}
            </Text>
            <div className={classes.dishGrid}>
              {c.dishes.map((d) => (
                <DishCard key={d.id} dish={d} quantity={quantities.get(d.id) ?? 0} />
              ))}
            </div>
          </section>
        ))
      )}
      <CartBarSpacer />
    </>
  );
}

function MenuSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" mt="sm">
      <Skeleton height={44} radius="xl" />
      {[0, 1].map((i) => (
        <div key={i} className={classes.dishCard}>
          <Skeleton className={classes.photo} radius={0} />
          <Stack gap={8} p="md">
            <Skeleton height={20} width="60%" />
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
          </Stack>
        </div>
      ))}
    </Stack>
  );
}
