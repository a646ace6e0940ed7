import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import classes from '../guest.module.css';

export interface TabItem {
  id: number;
  label: string;
  icon: Icon;
}

export const sectionId = (categoryId: number) => `category-${categoryId}`;
/** The id of a section's heading (focusable with tabIndex -1: a chip moves the focus there). */
export const headingId = (categoryId: number) => `${sectionId(categoryId)}-h`;

/** Pixels taken by the sticky header and tabs (see guest.module.css). */
const STICKY_OFFSET = 60 + 60 + 8;

/**
 * Sticky category tabs: scroll sideways, jump to a category on tap, and follow the page's scroll position
 * (the active tab is the last section whose top has passed under the sticky bars).
 */
export function CategoryTabs({ items }: { items: TabItem[] }) {
  const { t } = useTranslation();
  const [active, setActive] = useState<number | null>(items[0]?.id ?? null);
  const stripRef = useRef<HTMLDivElement>(null);
  /** While a tap-triggered smooth scroll runs, the tapped tab stays active. */
  const lockUntil = useRef(0);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      if (Date.now() < lockUntil.current) return;
      let current = items[0]?.id ?? null;
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4;
      if (atBottom && items.length) current = items[items.length - 1].id;
      else
        for (const item of items) {
          const el = document.getElementById(sectionId(item.id));
          if (el && el.getBoundingClientRect().top <= STICKY_OFFSET + 1) current = item.id;
        }
      setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [items]);

  // Keep the active tab visible in the strip, centred when possible (sideways only: no page jump).
  useEffect(() => {
    const strip = stripRef.current;
    const tab = strip?.querySelector<HTMLElement>(`[data-tab="${active}"]`);
    if (!strip || !tab) return;
    const left = tab.offsetLeft - (strip.clientWidth - tab.offsetWidth) / 2;
    strip.scrollTo({ left: Math.max(0, left), behavior: 'smooth' });
  }, [active]);

  /** Jump to a category: scroll its section under the sticky bars and put the focus on its heading. */
  const go = (id: number) => {
    const el = document.getElementById(sectionId(id));
    if (!el) return;
    setActive(id);
    lockUntil.current = Date.now() + 800;
    const top = el.getBoundingClientRect().top + window.scrollY - STICKY_OFFSET + 8;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
    // So that the next Tab reaches this category's first dish, not the first dish of the menu.
    document.getElementById(headingId(id))?.focus({ preventScroll: true });
  };

  // One tab stop for the whole strip (roving tabindex): the chip with the focus, else the active category.
  // Left/Right move between chips (wrapping), Home/End go to the ends; Enter and Space press the chip.
  const [focused, setFocused] = useState<number | null>(null);
  const tabStop = focused ?? active ?? items[0]?.id;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === focused);
    if (index < 0) return;
    const next: Record<string, number> = {
      ArrowRight: (index + 1) % items.length,
      ArrowLeft: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (!(e.key in next)) return;
    e.preventDefault();
    stripRef.current?.querySelector<HTMLElement>(`[data-tab="${items[next[e.key]].id}"]`)?.focus();
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(null);
  };

  return (
    <nav className={classes.tabs} ref={stripRef} aria-label={t('client.categories')}>
      <div
        role="toolbar"
        aria-label={t('client.categories')}
        className={classes.tabsInner}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      >
        {items.map((item) => (
          <button
            key={item.id}
            type="button"
            className={classes.tab}
            data-tab={item.id}
            tabIndex={item.id === tabStop ? 0 : -1}
            aria-current={item.id === active ? 'true' : undefined}
            onFocus={() => setFocused(item.id)}
            onClick={() => go(item.id)}
          >
            <item.icon size={18} stroke={1.8} aria-hidden />
            {item.label}
          </button>
        ))}
      </div>
    </nav>
  );
}
