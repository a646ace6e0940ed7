import type { FastifyInstance } from 'fastify';
import type { Role } from '@qr-menu/contract';
import { memberships, users } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { PASSWORD, TEST_PASSWORD_HASH_COST, loginAs, refreshCookie, uniqueEmail } from './helper.js';

/** A staff member who signed in with their password: a real session (access token and refresh cookie). */
export interface SignedIn {
  userId: number;
  email: string;
  token: string;
  cookie: string;
}

/** A user holding `roles` in the restaurant, with PASSWORD as their password (no session yet). */
export async function makeAccount(app: FastifyInstance, eateryId: number, roles: Role[]) {
  const email = uniqueEmail(roles.join('-').toLowerCase());
  const passwordHash = await hashPassword(PASSWORD, TEST_PASSWORD_HASH_COST);
  const [u] = await app.db.insert(users).values({ email, passwordHash, name: 'Sam Staff' }).returning({ id: users.id });
  await app.db.insert(memberships).values({ userId: u.id, eateryId, roles });
  return { userId: u.id, email };
}

/** Signs the account in once more (another device): a new session of the same user. */
export async function signIn(app: FastifyInstance, account: { userId: number; email: string }): Promise<SignedIn> {
  const res = await loginAs(app, account.email);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { ...account, token: res.json().jwt, cookie: refreshCookie(res) };
}
