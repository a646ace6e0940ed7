import { use } from 'react';

/**
 * A guest page loaded on demand: its code is not in the first page's script. Suspends (the Suspense boundary shows a
 * placeholder) until loaded; while hydrating a server-rendered page, React keeps the server's HTML until it is there.
 * The server's renderer calls `preloadGuestPages()` before it renders.
 */
type Page = () => React.ReactNode;
export type LazyPage = Page & { preload: () => Promise<unknown> };

const all: (() => Promise<unknown>)[] = [];

export function lazyPage(load: () => Promise<Page>): LazyPage {
  let Loaded: Page | null = null;
  let promise: Promise<unknown> | null = null;
  const preload = () =>
    (promise ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        // A failed load (a deploy replaced the files, no connection) is tried again on the next render.
        promise = null;
        throw error;
      },
    ));
  function LazyGuestPage() {
    if (!Loaded) use(preload());
    const Component = Loaded!;
    return <Component />;
  }
  LazyGuestPage.preload = preload;
  all.push(preload);
  return LazyGuestPage;
}

/** Loads every lazy page (the server renderer, before its first render). */
export const preloadGuestPages = () => Promise.all(all.map((p) => p()));
