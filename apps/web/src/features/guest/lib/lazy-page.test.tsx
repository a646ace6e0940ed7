import { startTransition, StrictMode, Suspense, use, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { lazyPage } from './lazy-page';

// use() as React's, watched: which promise each render reads.
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  return { ...react, use: vi.fn(react.use) };
});

/**
 * Lazy guest pages and React's use(): a page that suspended while loading must call use() again once loaded, or React
 * (development) logs "called use() to suspend in a previous render but did not call use() when it finished", as the
 * server-rendered cart page did on load (its header re-renders with the stored cart while the page's code loads; the
 * log depends on the order of React's renders, so the first test checks the rule itself).
 */
const Page = () => <p>The cart</p>;

/** A page whose code arrives when the test says so. */
function slowPage() {
  // The promise exists before the page asks for its code, so the code can arrive whenever the test says, even before
  // the first render asked for it.
  let arrive!: () => void;
  const code = new Promise<typeof Page>((resolve) => (arrive = () => resolve(Page)));
  const page = lazyPage(() => code);
  return { page, arrive: () => arrive() };
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // Real scheduling (no act()): the error depends on the renders between the suspension and the retry.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  errors = vi.spyOn(console, 'error');
  vi.mocked(use).mockClear();
});
afterEach(() => {
  errors.mockRestore();
  document.body.innerHTML = '';
});

it('calls use() on every render, before and after loading, with the one promise (fulfilled once loaded)', async () => {
  const { page: Lazy, arrive } = slowPage();
  // Before: it suspends (the server would send the fallback).
  expect(
    renderToString(
      <Suspense fallback={<i>loading</i>}>
        <Lazy />
      </Suspense>,
    ),
  ).toContain('loading');
  const first = vi.mocked(use).mock.calls[0]?.[0];
  expect(new Set(vi.mocked(use).mock.calls.map(([promise]) => promise))).toEqual(new Set([first]));
  arrive();
  await Lazy.preload();
  vi.mocked(use).mockClear();
  // After: the retry of the render that suspended reads the same promise; React takes its value without suspending.
  expect(renderToString(<Lazy />)).toBe('<p>The cart</p>');
  expect(use).toHaveBeenCalledTimes(1);
  expect(vi.mocked(use).mock.calls[0][0]).toBe(first);
  expect(first).toMatchObject({ status: 'fulfilled', value: Page });
});

it('the server renders a preloaded page at once; the browser hydrates it while its code loads, with no error', async () => {
  // Server and browser each have their own copy of the page (two modules in real life).
  const server = lazyPage(async () => Page);
  await server.preload();
  // The header shows the stored cart in the browser and an empty one on the server (useCart, useCartStored), and
  // changes again when the guest adds a dish.
  const noSubscribe = () => () => {};
  let add!: () => void;
  function Header() {
    const stored = useSyncExternalStore(
      noSubscribe,
      () => true,
      () => false,
    );
    const [added, setAdded] = useState(0);
    add = () => setAdded((n) => n + 1);
    return <span>{`cart: ${stored ? 2 + added : 0} `}</span>;
  }
  const app = (Lazy: () => React.ReactNode) => (
    <StrictMode>
      <Header />
      <Suspense fallback={<i>loading</i>}>
        <Lazy />
      </Suspense>
    </StrictMode>
  );
  const html = renderToString(app(server));
  expect(html).toContain('The cart');
  expect(html).not.toContain('loading');

  const { page: browser, arrive } = slowPage();
  const root = document.body.appendChild(document.createElement('div'));
  root.innerHTML = html;
  // Everything the page showed, to tell that the server's page stayed on screen while the code loaded (no fallback).
  const shown: string[] = [];
  const observer = new MutationObserver(() => shown.push(root.textContent ?? ''));
  observer.observe(root, { subtree: true, childList: true, characterData: true });
  startTransition(() => {
    hydrateRoot(root, app(browser));
  });
  await waitFor(() => expect(root.textContent).toBe('cart: 2 The cart'));
  flushSync(() => add());
  arrive();
  await waitFor(() => expect(root.textContent).toBe('cart: 3 The cart'));
  observer.disconnect();
  expect(shown.filter((text) => !text.endsWith('The cart'))).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
});

it('a page whose code failed to load is loaded again on the next attempt', async () => {
  let attempts = 0;
  const Lazy = lazyPage(() => (++attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Page)));
  await expect(Lazy.preload()).rejects.toThrow('offline');
  await Lazy.preload();
  expect(attempts).toBe(2);
  expect(renderToString(<Lazy />)).toBe('<p>The cart</p>');
});
