import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@qr-menu/contract';
import { renderWithProviders } from '../../../test/render';
import { LoadMoreOrders } from './LoadMoreOrders';
import './index';

/** A stand-in IntersectionObserver: the test says when the sentinel comes into view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  elements: Element[] = [];
  disconnected = false;
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.elements.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The live observers see the sentinel (or stop seeing it). */
  static show(isIntersecting = true) {
    for (const o of FakeObserver.all.filter((x) => !x.disconnected)) {
      o.callback(
        o.elements.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
        o as unknown as IntersectionObserver,
      );
    }
  }
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

const texts: Record<Language, { showing: string; loading: string; button: string }> = {
  en: { showing: 'Showing 200 orders', loading: 'more are loading', button: 'Load more orders' },
  az: { showing: '200 sifariş göstərilir', loading: 'daha çoxu yüklənir', button: 'Daha çox sifariş yüklə' },
  ru: { showing: 'Показано заказов: 200', loading: 'загружаются ещё', button: 'Загрузить ещё заказы' },
};

describe('load more orders', () => {
  it.each(Object.keys(texts) as Language[])('says that more exist and offers a button (%s)', async (lang) => {
    const onLoadMore = vi.fn();
    await renderWithProviders(<LoadMoreOrders count={200} hasMore loading={false} onLoadMore={onLoadMore} />, {
      lang,
    });
    expect(screen.getByRole('status').textContent).toContain(texts[lang].showing);
    fireEvent.click(screen.getByRole('button', { name: texts[lang].button }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('loads the next page when the user scrolls near the end', async () => {
    const onLoadMore = vi.fn();
    await renderWithProviders(<LoadMoreOrders count={200} hasMore loading={false} onLoadMore={onLoadMore} />);
    expect(FakeObserver.all).toHaveLength(1);
    expect(FakeObserver.all[0].elements[0]).toBe(screen.getByTestId('orders-load-more'));
    act(() => FakeObserver.show(false));
    expect(onLoadMore).not.toHaveBeenCalled();
    act(() => FakeObserver.show());
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('does not ask again while a page loads or the list refetches; says it is loading', async () => {
    const onLoadMore = vi.fn();
    const view = await renderWithProviders(<LoadMoreOrders count={200} hasMore loading onLoadMore={onLoadMore} />);
    expect(screen.getByRole('status').textContent).toContain(texts.en.loading);
    act(() => FakeObserver.show());
    expect(onLoadMore).not.toHaveBeenCalled();
    view.unmount();
    await renderWithProviders(<LoadMoreOrders count={400} hasMore loading={false} paused onLoadMore={onLoadMore} />);
    act(() => FakeObserver.show());
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('shows nothing on the last page', async () => {
    await renderWithProviders(<LoadMoreOrders count={12} hasMore={false} loading={false} onLoadMore={vi.fn()} />);
    expect(screen.queryByTestId('orders-load-more')).toBeNull();
    expect(FakeObserver.all).toHaveLength(0);
  });
});
