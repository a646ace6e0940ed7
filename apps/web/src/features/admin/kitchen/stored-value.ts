/**
 * A value this device keeps in localStorage as JSON, for useSyncExternalStore: `read` answers the same object until
 * the stored text changes; without storage (private mode) the value lasts for this page. Another tab writing the key
 * is heard through the `storage` event.
 */
export interface StoredValue<T> {
  read(): T;
  /** Stores `value`; `null` removes the key. */
  write(value: T | null): void;
  subscribe(listener: () => void): () => void;
}

export function storedValue<T>(key: string, parse: (raw: string | null) => T): StoredValue<T> {
  const listeners = new Set<() => void>();
  const empty = parse(null);
  let inMemory = empty;
  let cachedRaw: string | null = null;
  let cached = empty;
  const read = (): T => {
    let raw: string | null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      return inMemory;
    }
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cached = parse(raw);
    }
    return cached;
  };
  return {
    read,
    write(value) {
      inMemory = value ?? empty;
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // No storage: `inMemory` keeps it for this page.
      }
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (e: StorageEvent) => e.key === key && listener();
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}
