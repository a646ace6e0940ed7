import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedValue } from './stored-value';

const KEY = 'test.storedValue';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.removeItem(KEY);
});

const parseList = (raw: string | null): number[] => (raw ? (JSON.parse(raw) as number[]) : []);

describe('a value kept on this device', () => {
  it('stores JSON, answers the same object until the text changes, and null removes the key', () => {
    const store = storedValue(KEY, parseList);
    store.write([1, 2]);
    expect(localStorage.getItem(KEY)).toBe('[1,2]');
    expect(store.read()).toBe(store.read());
    store.write(null);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(store.read()).toEqual([]);
  });

  it('keeps a plain-text format when given one', () => {
    const store = storedValue(
      KEY,
      (raw) => raw ?? '',
      (text) => text,
    );
    localStorage.setItem(KEY, 'http://10.0.0.7:3000');
    expect(store.read()).toBe('http://10.0.0.7:3000');
    store.write('http://10.0.0.8:3000');
    expect(localStorage.getItem(KEY)).toBe('http://10.0.0.8:3000');
  });

  it('tells its listeners of writes here, and of another tab writing the key or clearing the storage', () => {
    const store = storedValue(KEY, parseList);
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.write([3]);
    window.dispatchEvent(new StorageEvent('storage', { key: 'other.key' }));
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
    store.write([4]);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('without storage (private mode), keeps the value for this page', () => {
    const store = storedValue(KEY, parseList);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    store.write([5]);
    expect(store.read()).toEqual([5]);
  });
});
