import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_REAUTH, ordersTopic } from '@qr-menu/contract';
import { memberships } from '../src/db/schema.js';
import { signJwt } from '../src/plugins/jwt.js';
import { bearer, setupApp } from './helper.js';
import { makeEatery, type TestEatery } from './orders-fixtures.js';
import { makeAccount, signIn, type SignedIn } from './session-fixtures.js';
import { connectSocket, disconnection, subscribe } from './socket-client.js';

/**
 * Sessions end with their reason: a password changed by the owner, a role taken away, a removal and a logout
 * end the session everywhere at once: the refresh cookie (401), the access token from the next request (401, on
 * every kind of route) and the open sockets. A socket also closes when its token expires unless it re-authenticated.
 */

const ctx = setupApp({ rateLimits: false });
const sockets: Socket[] = [];
let baseUrl: string;
let E: TestEatery;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  E = await makeEatery(ctx.app);
});

afterAll(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

const connect = (token: string) => connectSocket(baseUrl, { token }, sockets);

const status = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/status', headers: bearer(token) });
const tables = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: `/api/eatery/${E.id}/table`, headers: bearer(token) });
const refresh = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie } });

/** The owner's edit of a member (the users API wants the whole record). */
async function editMember(userId: number, change: { password?: string; roles?: string[] }) {
  const list = await ctx.app.inject({ method: 'GET', url: `/api/eatery/${E.id}/user`, headers: bearer(E.owner.token) });
  const member = (list.json() as { id: number; username: string; roles: string[] }[]).find((u) => u.id === userId)!;
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/eatery/${E.id}/user/${userId}`,
    headers: bearer(E.owner.token),
    payload: {
      username: member.username,
      name: null,
      phones: null,
      password: change.password ?? null,
      roles: change.roles ?? member.roles,
    },
  });
}

/** Every way the old session could still be used answers 401 jwtInvalid. */
async function expectEnded(s: SignedIn) {
  for (const res of [
    await status(ctx.app, s.token),
    await tables(ctx.app, s.token),
    await refresh(ctx.app, s.cookie),
  ]) {
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().messageKey).toBe('jwtInvalid');
  }
  await expect(connect(s.token)).rejects.toThrow('jwtInvalid');
}

describe('a password changed by the owner', () => {
  it('ends every session of the user: both devices, their sockets; the new password starts a new one', async () => {
    const account = await makeAccount(ctx.app, E.id, ['WAITER']);
    const phone = await signIn(ctx.app, account);
    const tablet = await signIn(ctx.app, account);
    const live = await connect(tablet.token);
    expect((await subscribe(live.socket, ordersTopic(E.id))).ok).toBe(true);
    expect((await tables(ctx.app, phone.token)).statusCode).toBe(200);

    const closed = disconnection(live.socket);
    expect((await editMember(account.userId, { password: 'a-new-pass-2026' })).statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    await expectEnded(phone);
    await expectEnded(tablet);

    const next = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: 'a-new-pass-2026', eateryId: null },
    });
    expect(next.statusCode).toBe(200);
    expect((await tables(ctx.app, next.json().jwt)).statusCode).toBe(200);
  });

  it('a name change ends nothing', async () => {
    const s = await signIn(ctx.app, await makeAccount(ctx.app, E.id, ['WAITER']));
    expect((await editMember(s.userId, {})).statusCode).toBe(200);
    expect((await tables(ctx.app, s.token)).statusCode).toBe(200);
    expect((await refresh(ctx.app, s.cookie)).statusCode).toBe(200);
  });
});

describe('roles and removal', () => {
  it('a role taken away ends the sessions; a role added does not', async () => {
    const account = await makeAccount(ctx.app, E.id, ['WAITER', 'CASHIER']);
    const s = await signIn(ctx.app, account);
    expect((await editMember(s.userId, { roles: ['WAITER', 'CASHIER', 'KITCHEN_ADMIN'] })).statusCode).toBe(200);
    expect((await tables(ctx.app, s.token)).statusCode).toBe(200);
    expect((await editMember(s.userId, { roles: ['WAITER'] })).statusCode).toBe(200);
    await expectEnded(s);
  });

  it('a member removed from the restaurant who still works elsewhere is signed out there too', async () => {
    const account = await makeAccount(ctx.app, E.id, ['WAITER']);
    const other = await makeEatery(ctx.app, { name: 'Elsewhere' });
    await ctx.app.db.insert(memberships).values({ userId: account.userId, eateryId: other.id, roles: ['WAITER'] });
    const s = await signIn(ctx.app, account);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${E.id}/user/${account.userId}`,
      headers: bearer(E.owner.token),
    });
    expect(del.statusCode).toBe(204);
    await expectEnded(s);
    expect((await signIn(ctx.app, account)).token).toBeTruthy();
  });
});

describe('logout', () => {
  it('ends that device’s session (token, cookie, sockets) and leaves the user’s other devices alone', async () => {
    const account = await makeAccount(ctx.app, E.id, ['KITCHEN_ADMIN']);
    const leaving = await signIn(ctx.app, account);
    const staying = await signIn(ctx.app, account);
    const leavingSocket = await connect(leaving.token);
    const stayingSocket = await connect(staying.token);

    const closed = disconnection(leavingSocket.socket);
    const out = await ctx.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie: leaving.cookie } });
    expect(out.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    await expectEnded(leaving);

    expect((await tables(ctx.app, staying.token)).statusCode).toBe(200);
    expect((await subscribe(stayingSocket.socket, ordersTopic(E.id))).ok).toBe(true);
    expect(stayingSocket.socket.connected).toBe(true);
  });
});

describe('a socket’s token', () => {
  /** A token of the session that expires in about a second (expiry is in whole seconds). */
  const shortToken = (s: SignedIn) => {
    const claims = JSON.parse(Buffer.from(s.token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    return signJwt({ sub: s.userId, eid: E.id, sv: claims.sv as number, sid: claims.sid as string }, secret(), 1);
  };
  const secret = () => ctx.app.config.jwtSecret;

  it('closes the socket when it expires, unless a fresher token of the same user re-authenticated it', async () => {
    const s = await signIn(ctx.app, await makeAccount(ctx.app, E.id, ['WAITER']));
    const token = shortToken(s);
    const lapsing = await connect(token);
    const renewed = await connect(token);
    expect(await renewed.socket.timeout(5000).emitWithAck(SOCKET_REAUTH, s.token)).toEqual({ ok: true });

    // The lapsing socket's timer and the renewed one's first timer were set for the same second.
    expect(await disconnection(lapsing.socket, 5000)).toBe('io server disconnect');
    // Answered after that moment: the renewed socket is still served.
    expect((await subscribe(renewed.socket, ordersTopic(E.id))).ok).toBe(true);
    expect(renewed.socket.connected).toBe(true);
  });

  it('a token of another user, or of an ended session, is refused and closes the socket', async () => {
    const s = await signIn(ctx.app, await makeAccount(ctx.app, E.id, ['WAITER']));
    const other = await signIn(ctx.app, await makeAccount(ctx.app, E.id, ['WAITER']));
    const first = await connect(s.token);
    const closed = disconnection(first.socket);
    expect(await first.socket.timeout(5000).emitWithAck(SOCKET_REAUTH, other.token)).toEqual({ ok: false });
    expect(await closed).toBe('io server disconnect');

    const second = await connect(s.token);
    const ended = await signIn(ctx.app, { userId: s.userId, email: s.email });
    await ctx.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie: ended.cookie } });
    const secondClosed = disconnection(second.socket);
    expect(await second.socket.timeout(5000).emitWithAck(SOCKET_REAUTH, ended.token)).toEqual({ ok: false });
    expect(await secondClosed).toBe('io server disconnect');

    const third = await connect(s.token);
    expect(await third.socket.timeout(5000).emitWithAck(SOCKET_REAUTH, 'not-a-token')).toEqual({ ok: false });
  });
});
