import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** The work of one argon2id hash: memory in KiB and passes over it. */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}

/**
 * The cost in production: OWASP's argon2id minimum (19 MiB, 2 passes). Tests set a cheap one in their AppConfig
 * (`passwordHashCost`), since they hash hundreds of passwords; a hash records its cost, so verifying reads it from there.
 */
export const PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 19456, timeCost: 2 };

export const hashPassword = (password: string, cost: PasswordHashCost = PASSWORD_HASH_COST) =>
  hash(password, { algorithm: 2 /* Argon2id; the enum is an ambient const enum */, parallelism: 1, ...cost });

/** Per cost, a hash of a random password, verified against when the e-mail is unknown so both cases take as long. */
const dummyHashes = new Map<string, Promise<string>>();

export async function verifyPassword(
  passwordHash: string | undefined,
  password: string,
  cost: PasswordHashCost = PASSWORD_HASH_COST,
): Promise<boolean> {
  if (!passwordHash) {
    const key = `${cost.memoryCost}/${cost.timeCost}`;
    let dummyHash = dummyHashes.get(key);
    if (!dummyHash) {
      dummyHash = hashPassword('not-a-real-password-1', cost);
      dummyHashes.set(key, dummyHash);
    }
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/**
 * Password hashes running at once for logins and registrations, per process (AppConfig.passwordHashConcurrency).
 * Each argon2 hash keeps a core busy for its whole run, on a thread of libuv's pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), which file reads, DNS lookups and compression share. One core is always left to
 * the event loop, which answers every other request (on a 2-core server: one hash at a time), and never more than 2.
 */
export const DEFAULT_PASSWORD_HASH_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism() - 1));

/**
 * A semaphore without a long queue: `concurrency` tasks run, up to `queue` more wait for a slot (a burst of a few
 * logins at a shift's start), and any further one is refused at once (`tryRun` returns undefined), so that a flood
 * of logins is answered 429 in milliseconds instead of queueing for seconds while holding every thread.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number = DEFAULT_PASSWORD_HASH_CONCURRENCY,
    readonly queue: number = concurrency,
  ) {}

  /** Hashes running and waiting now. */
  get inUse() {
    return this.running + this.waiting.length;
  }

  /** Runs `task` in a slot (waiting for one when needed); undefined, with `task` not run, when all are taken. */
  tryRun<T>(task: () => Promise<T>): Promise<T> | undefined {
    if (this.running < this.concurrency) {
      this.running++;
      return this.runInSlot(task);
    }
    if (this.waiting.length >= this.queue) return undefined;
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => this.runInSlot(task));
  }

  private async runInSlot<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      // The slot passes straight to the longest waiting task, so no newcomer can slip in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
