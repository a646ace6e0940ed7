import fp from 'fastify-plugin';
import type { Role } from '@qr-menu/contract';
import { runJsonStatement, type Statement } from '../db/statements.js';
import { AppError, notFound, accessDenied } from './app-error.js';
import { verifyJwt } from './jwt.js';
import { MembershipCache, type Membership } from './membership-cache.js';
import { pathId } from './path-id.js';

/**
 * Who may call a route, declared as a route option (`config: { access }`):
 * - 'public': anyone;
 * - 'user': any signed-in user;
 * - { roles }: a member of the restaurant in the `:id` path parameter holding one of the roles
 *   ('any' = any role). Other restaurants answer 404, so their existence is never revealed.
 * Routes under /api/eatery/:id default to { roles: 'any' }; every other /api route defaults to 'user'.
 *
 * The membership (roles, owner) comes from a cache in memory (membership-cache.ts) when it holds a current answer,
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
    eatery: EateryContext | null;
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

/** The shared access version: bumped by the database in every transaction that changes memberships or owners. */
const ACCESS_VERSION: Statement = {
  name: 'access_version_v1',
  text: 'select to_json(version) from access_version where id = 1',
};

export const accessPlugin = fp(async (app) => {
  app.decorateRequest('userId', null);
  app.decorateRequest('tokenEateryId', null);
  app.decorateRequest('eatery', null);

  const memberships = new MembershipCache();
  app.addHook('onReady', async () => {
    app.realtime.onDataChange((change) => {
      if (change.kind === 'access' || change.kind === 'everything') memberships.clear();
    });
  });
  /** True when other instances may change access behind this one's back (they share a PostgreSQL database). */
  const shared = app.database.kind === 'postgres';

  /** The user's membership of the restaurant (null: none), from the cache when it is current. */
  async function membershipOf(userId: number, eateryId: number): Promise<Membership | null> {
    const readAt = memberships.versionOf(userId, eateryId);
    if (shared && readAt !== undefined) {
      const [version] = await runJsonStatement<number>(app.db, ACCESS_VERSION, []);
      // Access changed since (on any instance): every stored answer may be old.
      if (Number(version) !== readAt) memberships.clear();
    }
    const cached = memberships.get(userId, eateryId);
    if (cached !== undefined) return cached;
    const generation = memberships.generation;
    const [row] = await runJsonStatement<{ version: number; membership: Membership | null }>(app.db, MEMBERSHIP, [
      String(userId),
      String(eateryId),
    ]);
    const membership = row.membership ? { roles: row.membership.roles, ownerId: row.membership.ownerId } : null;
    // Not stored when a change was heard meanwhile (generation): the answer may be the old one.
    memberships.set(userId, eateryId, membership, generation, Date.now(), Number(row.version));
    return membership;
  }

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url) return; // unknown route: the not-found handler answers
    const access = request.routeOptions.config.access ?? defaultAccess(url);

    const header = request.headers.authorization;
    const claims = header?.startsWith('Bearer ') ? verifyJwt(header.slice(7), app.config.jwtSecret) : null;
    if (claims) {
      request.userId = claims.sub;
      request.tokenEateryId = claims.eid;
    }
    if (access === 'public') return;
    if (!claims) throw new AppError(401, 'jwtInvalid');
    if (access === 'user') return;

    const eateryId = pathId((request.params as { id?: string }).id);
    const membership = await membershipOf(claims.sub, eateryId);
    if (!membership) throw notFound();
    // A copy of the roles: the cached answer must not change with the request.
    const eatery: EateryContext = { id: eateryId, roles: [...membership.roles], ownerId: membership.ownerId };
    if (access.roles !== 'any' && !hasRole(eatery, access.roles)) throw accessDenied();
    request.eatery = eatery;
  });
});
