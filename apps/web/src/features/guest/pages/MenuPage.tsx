import { IconToolsKitchen2 } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import type { DietaryTag, GuestMenuDish } from '@qr-menu/contract';
import { asLanguage, dietaryTagName, isAllergen, localName, safeTimeZone } from '@qr-menu/contract/constants';
import { useTranslation, type TFunction } from '../lib/i18n';
import { useCart } from '../cart/cart-store';
import { AddModeBanner } from '../components/AddModeBanner';
import { CartBar, CartBarSpacer } from '../components/CartBar';
import { CategoryTabs, headingId, sectionId } from '../components/CategoryTabs';
import { DishRow } from '../components/DishRow';
import { LoadError } from '../components/LoadError';
import { GuestMessage } from '../GuestLayout';
import { categoryIcon } from '../lib/category-icon';
import { focusOnMount } from '../lib/focus';
import { usePlaceSync } from '../lib/use-place';
import { Skeleton, VisuallyHidden, ui } from '../ui/parts';
import { ScanPrompt } from './ScanPrompt';
import { OpenNow } from '../components/OpenNow';
import { ServiceChargeNotice } from '../components/ServiceChargeNotice';
import { menuServiceChargeBp } from '../lib/service-charge';
import { useOnline } from '../offline/online-status';
import { dishQuantity, type GuestPlace } from '../cart/cart';
import { menuHasHours, notNow, notNowLabel, useNow } from '../lib/availability';
import { useCurrency } from '../lib/currency';
import { filterMenu, isFiltering } from '../lib/menu-search';
import { FilterIcon } from '../lib/dietary';
import { TagToggle } from '../components/TagToggle';
import { Button, IconButton } from '../ui/Button';
import classes from '../guest.module.css';

// Not needed for the first paint (the first load stays small): loaded when the guest opens a dish or the filter.
const DishSheet = lazy(() => import('../components/DishSheet'));
const FilterSheet = lazy(() => import('../components/FilterSheet'));

/** Photos loaded at once, with high priority: only the first row's, the largest paint (more eager photos share the
 * bandwidth with it and were measured slower); the rest load lazily as they near the screen. */
const EAGER_PHOTOS = 1;

/**
 * The menu of a table, or the pickup menu (`tableId` PICKUP_PLACE): sticky category tabs, compact dish rows, a dish
 * sheet on tap, bottom cart bar.
 */
export function MenuPage({ eateryId, tableId }: { eateryId: number | null; tableId: GuestPlace | null }) {
  if (!eateryId || !tableId) return <ScanPrompt />;
  return <TableMenu eateryId={eateryId} tableId={tableId} />;
}

function TableMenu({ eateryId, tableId }: { eateryId: number; tableId: GuestPlace }) {
  const { t, i18n } = useTranslation();
  const menu = usePlaceSync(eateryId, tableId);
  const cart = useCart();
  const lang = i18n.language;
  const currency = useCurrency();
  const [opened, setOpened] = useState<GuestMenuDish | null>(null);
  const open = useCallback((dish: GuestMenuDish) => setOpened(dish), []);
  const [query, setQuery] = useState('');
  const [tags, setTags] = useState<DietaryTag[]>([]);
  const [filterOpen, setFilterOpen] = useState(false);
  const filter = useMemo(() => ({ query, tags }), [query, tags]);
  const filtering = isFiltering(filter);

  const quantities = useMemo(() => {
    const map = new Map<number, number>();
    for (const i of cart.items) map.set(i.dish.id, dishQuantity(cart, i.dish.id));
    return map;
  }, [cart]);
  const allCategories = useMemo(
    () =>
      (menu.data?.categories ?? [])
        .filter((c) => c.dishes.length > 0)
        .map((c) => ({ ...c, label: localName(c, lang), icon: categoryIcon(c) })),
    [menu.data, lang],
  );
  const categories = useMemo(() => filterMenu(allCategories, filter), [allCategories, filter]);
  const tabs = useMemo(() => categories.map(({ id, label, icon }) => ({ id, label, icon })), [categories]);
  const menuTags = useMemo(
    () => new Set(allCategories.flatMap((c) => c.dishes.flatMap((d) => d.dietaryTags ?? []))),
    [allCategories],
  );
  const online = useOnline();

  // Availability hours: only once hydrated (`now` is null before), so the server's HTML and the first
  // client render agree; then re-checked every minute.
  const now = useNow(menuHasHours(menu.data));
  // The zone (an Intl formatter: tens of milliseconds the first time on a phone) once there is a clock, not while
  // hydrating.
  const zone = now ? safeTimeZone(menu.data?.timeZone) : undefined;
  const notNowById = useMemo(() => {
    const map = new Map<number, string>();
    if (!now || !zone) return map;
    for (const c of allCategories)
      for (const d of c.dishes) {
        const closed = notNow(d, c, zone, now);
        if (closed) map.set(d.id, notNowLabel(closed.start, t));
      }
    return map;
  }, [allCategories, now, zone, t]);
  const clearFilter = () => {
    setQuery('');
    setTags([]);
  };
  // A chip of the active filters goes away when pressed: the focus waits on the filter button, not on <body>.
  const filterButtonRef = useRef<HTMLButtonElement>(null);
  const removeTag = (tag: DietaryTag) => {
    setTags((list) => list.filter((x) => x !== tag));
    filterButtonRef.current?.focus();
  };
  const clearTags = () => {
    setTags([]);
    filterButtonRef.current?.focus();
  };

  if (menu.isPending) return <MenuSkeleton />;
  if (menu.isError) return <LoadError error={menu.error} onRetry={() => void menu.refetch()} />;

  // Tab order: header, the category chips (one stop), the cart bar (fixed at the bottom, but early in the order so
  // that it is not 70 dishes away), then the dishes.
  return (
    <>
      <VisuallyHidden as="h1" tabIndex={-1} ref={focusOnMount}>
        {t('client.menuTitle')}
      </VisuallyHidden>
      <OpenNow eateryId={eateryId} tableId={tableId} />
      {allCategories.length > 0 && (
        <div className={classes.menuTools}>
          <div className={classes.menuToolsRow}>
            <input
              type="search"
              className={classes.search}
              aria-label={t('client.filter.search')}
              placeholder={t('client.filter.searchPlaceholder')}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              maxLength={100}
            />
            {(menuTags.size > 0 || tags.length > 0) && (
              <IconButton
                ref={filterButtonRef}
                variant={tags.length ? 'filled' : 'gray'}
                size="lg"
                className={classes.filterButton}
                data-active={tags.length > 0 || undefined}
                aria-haspopup="dialog"
                label={tags.length ? t('client.filter.openCount', { count: tags.length }) : t('client.filter.open')}
                onClick={() => setFilterOpen(true)}
              >
                <FilterIcon />
                {tags.length > 0 && (
                  <span className={classes.filterCount} aria-hidden>
                    {tags.length}
                  </span>
                )}
              </IconButton>
            )}
          </div>
          {tags.length > 0 && <ActiveFilters tags={tags} onRemove={removeTag} onClear={clearTags} t={t} lang={lang} />}
        </div>
      )}
      {filtering && (
        <VisuallyHidden role="status">
          {t('client.filter.results', { count: categories.reduce((n, c) => n + c.dishes.length, 0) })}
        </VisuallyHidden>
      )}
      {categories.length > 0 && <CategoryTabs items={tabs} />}
      <CartBar />
      <AddModeBanner />
      {!online && (
        <p className={classes.unavailableHint} role="status">
          {t('client.offline.notice')}
        </p>
      )}
      {allCategories.length === 0 ? (
        <GuestMessage icon={IconToolsKitchen2} title={t('client.noMenu')} />
      ) : categories.length === 0 ? (
        <div className={`${classes.narrow} ${classes.hero}`}>
          <p className={classes.messageTitle}>{t('client.filter.empty')}</p>
          <p className={`${classes.messageText} ${ui.dimmed}`}>{t('client.filter.emptyHint')}</p>
          <Button size="lg" onClick={clearFilter}>
            {t('client.filter.showAll')}
          </Button>
        </div>
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
                  currency={currency}
                  notNow={notNowById.get(d.id) ?? null}
                />
              ))}
            </div>
          </section>
        ))
      )}
      {/* The service charge is stated before ordering: at the foot of the menu (and again in the cart). */}
      <ServiceChargeNotice rateBp={menuServiceChargeBp(menu.data)} />
      <CartBarSpacer />
      <Suspense fallback={null}>
        {opened && (
          <DishSheet
            key={opened.id}
            dish={opened}
            notNow={notNowById.get(opened.id) ?? null}
            onClose={() => setOpened(null)}
          />
        )}
        {filterOpen && (
          <FilterSheet available={menuTags} chosen={tags} onApply={setTags} onClose={() => setFilterOpen(false)} />
        )}
      </Suspense>
    </>
  );
}

/**
 * The chosen filters under the search box, each a pressed toggle chip with a check (a diet by its name, an allergen
 * as "No milk"): pressing one drops it; "Clear filters" drops them all.
 */
function ActiveFilters({
  tags,
  onRemove,
  onClear,
  t,
  lang,
}: {
  tags: readonly DietaryTag[];
  onRemove: (tag: DietaryTag) => void;
  onClear: () => void;
  t: TFunction;
  lang: string;
}) {
  const lng = asLanguage(lang);
  return (
    <div className={classes.activeFilters} role="group" aria-label={t('client.filter.active')}>
      {tags.map((tag) => {
        const name = dietaryTagName(tag, lng);
        return (
          <TagToggle
            key={tag}
            tag={tag}
            label={isAllergen(tag) ? t('client.filter.without', { name }) : name}
            pressed
            onToggle={onRemove}
          />
        );
      })}
      <button type="button" className={classes.clearFilters} onClick={onClear}>
        {t('client.filter.clear')}
      </button>
    </div>
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
