import { use } from 'react';

/**
 * A guest page loaded on demand: its code is not in the first page's script. Suspends (the Suspense boundary shows a
 * placeholder) until loaded; while hydrating a server-rendered page, React keeps the server's HTML until it is there.
 * The server's renderer calls `preloadGuestPages()` before it renders.
 */
type Page = () => React.ReactNode;
export type LazyPage = Page & { preload: () => Promise<unknown> };

/** A promise marked as React marks the ones it reads with use(), so that use() returns a loaded page at once. */
type Loading = Promise<Page> & { status?: 'fulfilled' | 'rejected'; value?: Page; reason?: unknown };

const all: (() => Promise<unknown>)[] = [];

export function lazyPage(load: () => Promise<Page>): LazyPage {
  let loading: Loading | null = null;
  const preload = (): Loading => {
    if (loading) return loading;
    const promise: Loading = load().then(
      (component) => {
        promise.status = 'fulfilled';
        promise.value = component;
        return component;
      },
      (error: unknown) => {
        promise.status = 'rejected';
        promise.reason = error;
        // A failed load (a deploy replaced the files, no connection) is tried again on the next render.
        loading = null;
        throw error;
      },
    );
    loading = promise;
    return promise;
  };
  /**
   * use() on every render, loaded or not: a render that suspended on it and its retry must call the same hooks (React
   * warns "called use() to suspend in a previous render but did not call use() when it finished" when the retry
   * skips it, which a check of "already loaded?" did while hydrating). The server renders after preloadGuestPages(),
   * when the promise is marked fulfilled, so use() does not suspend there.
   */
  function LazyGuestPage() {
    // Typed as a plain promise: React reads the status and value we mark it with (React's own thenable protocol).
    const Component = use(preload() as PromiseLike<Page>);
    return <Component />;
  }
  LazyGuestPage.preload = preload;
  all.push(preload);
  return LazyGuestPage;
}

/** Loads every lazy page (the server renderer, before its first render). */
export const preloadGuestPages = () => Promise.all(all.map((p) => p()));
