/**
 * Runs tasks one at a time per key, in the order they came: a task starts once every earlier task of the same key
 * has settled (resolved or failed); tasks of other keys do not wait for it. In memory, per server process.
 */
export class KeyedQueue<K> {
  /** Per key, the promise that settles when its last queued task has; gone once nothing of the key is queued. */
  private readonly tails = new Map<K, Promise<void>>();

  run<T>(key: K, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(task);
    // The next task waits for this one however it ends: a failure is its caller's, not the queue's. The last task
    // of a key, once settled, takes the key out of the map.
    const settled = () => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
    const tail: Promise<void> = result.then(settled, settled);
    this.tails.set(key, tail);
    return result;
  }

  /** Keys with a task running or waiting (for tests: an idle queue holds none). */
  get busyKeys(): number {
    return this.tails.size;
  }
}
