import { useEffect } from 'react';

/** The tab title with a counter in front while `count` > 0, e.g. "(3) Orders"; `title` alone otherwise. */
export const titleWithCount = (title: string, count: number) => (count > 0 ? `(${count}) ${title}` : title);

/**
 * Shows `title` with the `count` of waiting orders in the tab title, so staff see new orders from another tab.
 * Leaving the screen puts back the title it found.
 */
export function useTitleCounter(title: string, count: number) {
  // Declared first, so it reads the title before the effect below replaces it.
  useEffect(() => {
    const previous = document.title;
    return () => {
      document.title = previous;
    };
  }, []);
  useEffect(() => {
    document.title = titleWithCount(title, count);
  }, [title, count]);
}
