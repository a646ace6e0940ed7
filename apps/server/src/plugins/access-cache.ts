import type { Role } from '@qr-menu/contract';
import { HitCounter } from './hit-counter.js';

/** A user's membership of a restaurant as the access check needs it. */
export interface Membership {
  roles: Role[];
  ownerId: number;
}

/** How long an answer is kept at most: the safety net for a change whose invalidation was lost. */
export const MEMBERSHIP_TTL_MS = 5_000;
/** Entries at most (each a few dozen bytes); past it the oldest go first. */
export const MEMBERSHIP_MAX_ENTRIES = 50_000;

interface Entry<T> {
  /** For memberships null means: not a member (the restaurant answers 404 to this user). */
  answer: T;
  storedAt: number;
  /** The shared access version it was read at (0 when the caller does not use versions). */
  version: number;
}

/**
 * The access plugin's answers, kept in memory so that a staff request costs no database round trip: "which roles
 * does user U hold in restaurant E" (and "none"), keyed by the restaurant, and "is this session of user U still
 * live", keyed by the session. Only the access plugin uses it.
 *
 * It must never grant what the database no longer grants. So:
 * - every change of memberships, roles, users or restaurants clears it (`clear()`: the 'access' change the services
 *   publish, here at once and on the other instances through the realtime channel);
 * - when other instances share the database, their message can come late (or be lost), so the caller also checks
 *   the shared access version (a counter the database bumps in the transaction of every such change) before it uses
 *   an answer: one read at another version (`versionOf`) is not used;
 * - an answer read from the database is stored only if no clear happened while it was read (`generation`), so a
 *   read that raced with a change cannot put the old answer back;
 * - answers expire after MEMBERSHIP_TTL_MS, a last resort for a change made past the services and the triggers.
 * Clearing everything on any change is deliberate: such changes are rare (staff management), and it leaves no
 * case to forget.
 */
export class AccessCache<T = Membership | null> {
  private readonly entries = new Map<string, Entry<T>>();
  private gen = 0;
  /** Hits and misses, for the metrics. */
  readonly lookups = new HitCounter();

  constructor(
    private readonly ttlMs = MEMBERSHIP_TTL_MS,
    private readonly maxEntries = MEMBERSHIP_MAX_ENTRIES,
  ) {}

  /** The stored answer, or undefined when there is none (or it expired). `scope`: the restaurant, or the session. */
  get(userId: number, scope: number | string, now = Date.now()): T | undefined {
    const key = `${userId}:${scope}`;
    const entry = this.entries.get(key);
    const fresh = entry !== undefined && now - entry.storedAt < this.ttlMs;
    this.lookups.count(fresh);
    if (!fresh) {
      if (entry) this.entries.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  /** Changes with every clear(): take it before reading the database, pass it to set(). */
  get generation() {
    return this.gen;
  }

  /** The shared access version the stored answer was read at, or undefined when there is none. */
  versionOf(userId: number, scope: number | string): number | undefined {
    return this.entries.get(`${userId}:${scope}`)?.version;
  }

  /**
   * Stores an answer read from the database (at shared access `version`), unless a clear() happened since
   * `generation` was taken.
   */
  set(userId: number, scope: number | string, answer: T, generation: number, now = Date.now(), version = 0) {
    if (generation !== this.gen) return;
    const key = `${userId}:${scope}`;
    this.entries.delete(key); // re-inserted last: the Map's order is the storing order
    this.entries.set(key, { answer, storedAt: now, version });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Forgets every answer, and makes reads that are under way not store theirs. */
  clear() {
    this.gen++;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
