import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../guest.module.css';

export interface TabItem {
  id: number;
  label: string;
  emoji: string;
}

export const sectionId = (categoryId: number) => `category-${categoryId}`;

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

  const go = (id: number) => {
    const el = document.getElementById(sectionId(id));
    if (!el) return;
    setActive(id);
    lockUntil.current = Date.now() + 800;
    const top = el.getBoundingClientRect().top + window.scrollY - STICKY_OFFSET + 8;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
  };

  return (
    <nav className={classes.tabs} ref={stripRef} aria-label={t('client.categories')}>
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          className={classes.tab}
          data-tab={item.id}
          aria-current={item.id === active ? 'true' : undefined}
          onClick={() => go(item.id)}
        >
          <span aria-hidden>{item.emoji}</span>
          {item.label}
        </button>
      ))}
    </nav>
  );
}
