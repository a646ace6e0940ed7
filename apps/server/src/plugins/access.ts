import fp from 'fastify-plugin';
import type { Role } from '@qr-menu/contract';
import { runJsonStatement, type Statement } from '../db/statements.js';
import { AppError, notFound, accessDenied } from './app-error.js';
import { verifyJwt } from './jwt.js';
import { pathId } from './path-id.js';

/**
 * Who may call a route, declared as a route option (`config: { access }`):
 * - 'public': anyone;
 * - 'user': any signed-in user;
 * - { roles }: a member of the restaurant in the `:id` path parameter holding one of the roles
 *   ('any' = any role). Other restaurants answer 404, so their existence is never revealed.
 * Routes under /api/eatery/:id default to { roles: 'any' }; every other /api route defaults to 'user'.
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

/** The user's roles in the restaurant and its owner: on every staff request, so prepared once (no query building). */
const MEMBERSHIP: Statement = {
  name: 'access_membership_v1',
  text: `select json_build_object('roles', m.roles, 'ownerId', e.owner_id)
    from memberships m join eateries e on e.id = m.eatery_id
    where m.user_id = $1::int and m.eatery_id = $2::int`,
};

export const accessPlugin = fp(async (app) => {
  app.decorateRequest('userId', null);
  app.decorateRequest('tokenEateryId', null);
  app.decorateRequest('eatery', null);

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
    const [row] = await runJsonStatement<{ roles: Role[]; ownerId: number }>(app.db, MEMBERSHIP, [
      String(claims.sub),
      String(eateryId),
    ]);
    if (!row) throw notFound();
    const eatery: EateryContext = { id: eateryId, roles: row.roles, ownerId: row.ownerId };
    if (access.roles !== 'any' && !hasRole(eatery, access.roles)) throw accessDenied();
    request.eatery = eatery;
  });
});
