/**
 * A value this device keeps in localStorage, for useSyncExternalStore: `read` answers the same object until the stored
 * text changes; without storage (private mode) the value lasts for this page. Another tab writing the key is heard
 * through the `storage` event.
 */
export interface StoredValue<T> {
  read(): T;
  /** Stores `value`; `null` removes the key. */
  write(value: T | null): void;
  subscribe(listener: () => void): () => void;
}

/**
 * `parse` turns the stored text (null: none) into the value; `serialize` turns a value into the text, JSON unless the
 * key already holds another format on devices in use.
 */
export function storedValue<T>(
  key: string,
  parse: (raw: string | null) => T,
  serialize: (value: T) => string = JSON.stringify,
): StoredValue<T> {
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
        else localStorage.setItem(key, serialize(value));
      } catch {
        // No storage: `inMemory` keeps it for this page.
      }
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      // A null key: the other tab cleared the whole storage.
      const onStorage = (e: StorageEvent) => (e.key === key || e.key === null) && listener();
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}
