import fp from 'fastify-plugin';
import type { Role } from '@qr-menu/contract';
import { runJsonStatement, type Statement } from '../db/statements.js';
import { AppError, notFound, accessDenied } from './app-error.js';
import { verifyJwt, type AccessClaims } from './jwt.js';
import { AccessCache, type Membership } from './access-cache.js';
import { pathId } from './path-id.js';

/**
 * Who may call a route, declared as a route option (`config: { access }`):
 * - 'public': anyone;
 * - 'user': any signed-in user;
 * - { roles }: a member of the restaurant in the `:id` path parameter holding one of the roles
 *   ('any' = any role). Other restaurants answer 404, so their existence is never revealed.
 * Routes under /api/eatery/:id default to { roles: 'any' }; every other /api route defaults to 'user'.
 *
 * Every signed-in request's token must belong to a live session: the user's session version is still the token's
 * (`sv`: it moves when the password changes or is reset, or a role is taken away) and the token's session (`sid`, the
 * refresh token family of the device) has not ended (logout). Else 401 jwtInvalid, whatever the route.
 *
 * The membership (roles, owner) and the session's liveness come from a cache in memory (access-cache.ts) when it
 * holds a current answer,
 * else from the database. The 'access' change the services publish clears that cache, here and on the other
 * instances; on PostgreSQL (other instances may share the database) an answer is used only after a read of the
 * shared access version shows that no access change committed since it was read, so a role taken away through
 * another instance is refused from the very next request.
 */
export type Access = 'public' | 'user' | { roles: readonly Role[] | 'any' };

export interface EateryContext {
  id: number;
  roles: Role[];
  ownerId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    userId: number | null;
    tokenEateryId: number | null;
    /** The session (refresh token family) the access token belongs to; null for tokens without one. */
    sessionId: string | null;
    /** The registered device the session was opened on with a PIN (the token's `dev`); null for other sessions. */
    deviceId: number | null;
    eatery: EateryContext | null;
  }
  interface FastifyInstance {
    /** True when the access token's session is live (see Access); the realtime plugin asks it for sockets. */
    sessionIsLive(claims: AccessClaims): Promise<boolean>;
  }
}

const EATERY_ROUTE = /^\/api\/eatery\/:id(\/|$)/;

function defaultAccess(url: string): Access {
  if (EATERY_ROUTE.test(url)) return { roles: 'any' };
  if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return 'public';
  return 'user';
}

export function hasRole(eatery: EateryContext, roles: readonly Role[]) {
  return eatery.roles.some((r) => roles.includes(r));
}

/** For services that need the signed-in user: narrows `request.userId` or fails with 401. */
export function requireUserId(request: { userId: number | null }): number {
  if (request.userId === null) throw new AppError(401, 'jwtInvalid');
  return request.userId;
}

export function requireEatery(request: { eatery: EateryContext | null }): EateryContext {
  if (!request.eatery) throw notFound();
  return request.eatery;
}

/**
 * The user's roles in the restaurant and its owner (membership null: not a member), with the shared access version
 * in the same snapshot. On staff requests, so prepared once (no query building).
 */
const MEMBERSHIP: Statement = {
  name: 'access_membership_v2',
  text: `select json_build_object(
    'version', (select version from access_version where id = 1),
    'membership', (select json_build_object('roles', m.roles, 'ownerId', e.owner_id)
      from memberships m join eateries e on e.id = m.eatery_id
      where m.user_id = $1::int and m.eatery_id = $2::int))`,
};

/**
 * Whether the user still has session version $2 and, when $3 is not empty, the session $3 (refresh token family) still
 * has a live token, with the shared access version in the same snapshot.
 */
const SESSION: Statement = {
  name: 'access_session_v1',
  text: `select json_build_object(
    'version', (select version from access_version where id = 1),
    'live', exists (select 1 from users where id = $1::int and session_version = $2::int)
      and ($3::text = '' or exists (select 1 from refresh_tokens
        where family_id = $3::text and user_id = $1::int and revoked_at is null and expires_at > now())))`,
};

/**
 * The shared access version: bumped by the database in every transaction that changes memberships, owners or a
 * user's session version, and by the auth service when it ends one session (logout).
 */
const ACCESS_VERSION: Statement = {
  name: 'access_version_v1',
  text: 'select to_json(version) from access_version where id = 1',
};

export const accessPlugin = fp(async (app) => {
  app.decorateRequest('userId', null);
  app.decorateRequest('tokenEateryId', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('deviceId', null);
  app.decorateRequest('eatery', null);

  const memberships = new AccessCache<Membership | null>();
  const sessions = new AccessCache<boolean>();
  app.metrics.registerCache('memberships', memberships.lookups);
  app.metrics.registerCache('sessions', sessions.lookups);
  const clearAll = () => {
    memberships.clear();
    sessions.clear();
  };
  app.addHook('onReady', async () => {
    app.realtime.onDataChange((change) => {
      if (change.kind === 'access' || change.kind === 'everything') clearAll();
    });
  });
  /** True when other instances may change access behind this one's back (they share a PostgreSQL database). */
  const shared = app.database.kind === 'postgres';

  /**
   * A reader of the shared access version that reads it at most once: one request asks it for its session and for its
   * membership.
   */
  function versionOnce(): () => Promise<number> {
    let read: Promise<number> | undefined;
    return () => (read ??= runJsonStatement<number>(app.db, ACCESS_VERSION, []).then(([v]) => Number(v)));
  }

  /**
   * The answer `cache` holds for (user, scope) when it is current, else the one `read` from the database, stored.
   * When other instances share the database, a stored answer is used only if the shared access version has not moved
   * since it was read (else access changed on some instance, and every stored answer may be old).
   */
  async function answerOf<T>(
    cache: AccessCache<T>,
    userId: number,
    scope: number | string,
    version: () => Promise<number>,
    read: () => Promise<{ version: number; answer: T }>,
  ): Promise<T> {
    const readAt = cache.versionOf(userId, scope);
    if (shared && readAt !== undefined && (await version()) !== readAt) clearAll();
    const cached = cache.get(userId, scope);
    if (cached !== undefined) return cached;
    const generation = cache.generation;
    const row = await read();
    // Not stored when a change was heard meanwhile (generation): the answer may be the old one.
    cache.set(userId, scope, row.answer, generation, Date.now(), row.version);
    return row.answer;
  }

  /** Whether the token's session is live, from the cache when it is current. */
  function sessionIsLive(claims: AccessClaims, version = versionOnce()): Promise<boolean> {
    const sv = claims.sv ?? 0;
    return answerOf(sessions, claims.sub, `${sv}:${claims.sid ?? ''}`, version, async () => {
      const [row] = await runJsonStatement<{ version: number; live: boolean }>(app.db, SESSION, [
        String(claims.sub),
        String(sv),
        claims.sid ?? '',
      ]);
      return { version: Number(row.version), answer: row.live };
    });
  }
  app.decorate('sessionIsLive', (claims: AccessClaims) => sessionIsLive(claims));

  /** The user's membership of the restaurant (null: none), from the cache when it is current. */
  function membershipOf(userId: number, eateryId: number, version: () => Promise<number>) {
    return answerOf(memberships, userId, eateryId, version, async () => {
      const [row] = await runJsonStatement<{ version: number; membership: Membership | null }>(app.db, MEMBERSHIP, [
        String(userId),
        String(eateryId),
      ]);
      const membership = row.membership ? { roles: row.membership.roles, ownerId: row.membership.ownerId } : null;
      return { version: Number(row.version), answer: membership };
    });
  }

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url) return; // unknown route: the not-found handler answers
    const access = request.routeOptions.config.access ?? defaultAccess(url);

    // Public routes ignore the token (none of them acts as a user).
    if (access === 'public') return;
    const header = request.headers.authorization;
    const claims = header?.startsWith('Bearer ') ? verifyJwt(header.slice(7), app.config.jwtSecret) : null;
    const version = versionOnce();
    if (!claims || !(await sessionIsLive(claims, version))) throw new AppError(401, 'jwtInvalid');
    request.userId = claims.sub;
    request.tokenEateryId = claims.eid;
    request.sessionId = claims.sid ?? null;
    request.deviceId = claims.dev ?? null;
    if (access === 'user') return;

    const eateryId = pathId((request.params as { id?: string }).id);
    const membership = await membershipOf(claims.sub, eateryId, version);
    if (!membership) throw notFound();
    // A copy of the roles: the cached answer must not change with the request.
    const eatery: EateryContext = { id: eateryId, roles: [...membership.roles], ownerId: membership.ownerId };
    if (access.roles !== 'any' && !hasRole(eatery, access.roles)) throw accessDenied();
    request.eatery = eatery;
  });
});
