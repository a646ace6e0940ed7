import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { ROLES, TENANT_LIMITS, type Role, type StaffUser, type TenantLimits } from '@qr-menu/contract';
import type { ChangePublisher } from '../../data-changes.js';
import type { Db } from '../../db/client.js';
import { memberships, tableAssignments, users } from '../../db/schema.js';
import type { EateryContext } from '../../plugins/access.js';
import { AppError, notFound, accessDenied, validationError, isUniqueViolation } from '../../plugins/app-error.js';
import { recordAudit } from '../audit/audit-log.js';
import { endUserSessionsIn, type LiveSessions } from '../auth/end-sessions.js';
import { hashPassword, type PasswordHashCost } from '../auth/passwords.js';
import { seesStaffContacts } from './staff-contacts.js';
import { assertRoomFor } from '../tenant-limits.js';

export interface CreateUserInput {
  user: { email: string; password: string; roles: Role[] };
  restaurant: { eateryId: number };
  userProfileRequest: { name: string; phone: string | null };
}

export interface UpdateUserInput {
  username: string;
  name: string | null;
  password: string | null;
  phones: string[] | null;
  phone?: string | null;
  roles: Role[];
}

const columns = {
  id: users.id,
  email: users.email,
  name: users.name,
  phone: users.phone,
  phones: users.phones,
  roles: memberships.roles,
  hasPin: sql<boolean>`${memberships.pinHash} is not null`,
};

interface Row {
  id: number;
  email: string;
  name: string | null;
  phone: string | null;
  phones: string[];
  roles: string[];
  hasPin: boolean;
}

const sortRoles = (roles: readonly string[]): Role[] => ROLES.filter((r) => roles.includes(r));

const ADMIN: Role = 'EATERY_ADMIN';

function toDto(row: Row, ownerId: number, contacts: boolean): StaffUser {
  const phones = !contacts ? [] : row.phones.length > 0 ? row.phones : row.phone ? [row.phone] : [];
  return {
    id: row.id,
    name: row.name,
    username: contacts ? row.email : null,
    phone: contacts ? (row.phone ?? phones[0] ?? null) : null,
    phones,
    roles: sortRoles(row.roles),
    hasProfile: Boolean(row.name),
    isOwner: row.id === ownerId,
    hasPin: Boolean(row.hasPin),
  };
}

/**
 * Staff of a restaurant. Accounts are global (one e-mail, one password), roles are per restaurant
 * (memberships). Rules:
 * - creating never attaches an existing account: a known e-mail answers 409 userExist;
 * - a restaurant has at most `limits.staff` members: past that, creating answers 400 limitReached (tenant-limits.ts);
 * - an admin cannot drop their own EATERY_ADMIN role nor delete themselves;
 * - nobody else can drop the owner's EATERY_ADMIN role or remove the owner;
 * - another admin cannot change the login, password, name or phones of an account that is the owner or
 *   belongs to another restaurant too (that would let them take over a restaurant they do not own): 403;
 * - deleting removes the membership (and the user's table assignments here); the account goes with its
 *   last membership.
 * Every write publishes an 'access' change once committed. A deletion, a role taken away or a new password ends
 * every session of the user (end-sessions.ts: refresh tokens revoked, access tokens refused from the next request),
 * and their live sockets are disconnected on every instance.
 */
export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly sessions: Pick<LiveSessions, 'endUserSessions'>,
    private readonly changes: ChangePublisher,
    /** Production's when unset (passwords.ts). */
    private readonly passwordHashCost?: PasswordHashCost,
    /** TENANT_LIMITS unless a test passes smaller caps: `staff` caps the restaurant's memberships. */
    private readonly limits: TenantLimits = TENANT_LIMITS,
  ) {}

  /** Any member may list the staff; the e-mails and phones only reach admins (seesStaffContacts). */
  async list(eatery: EateryContext, role?: Role): Promise<StaffUser[]> {
    const rows = await this.db
      .select(columns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.eateryId, eatery.id),
          role ? sql`${memberships.roles} @> ARRAY[${role}]::text[]` : undefined,
        ),
      )
      .orderBy(asc(users.id));
    const contacts = seesStaffContacts(eatery);
    return rows.map((r) => toDto(r, eatery.ownerId, contacts));
  }

  async get(eatery: EateryContext, userId: number): Promise<StaffUser> {
    const row = await this.member(eatery.id, userId);
    return toDto(row, eatery.ownerId, seesStaffContacts(eatery));
  }

  async create(eatery: EateryContext, body: CreateUserInput): Promise<StaffUser> {
    if (body.restaurant.eateryId !== eatery.id) {
      throw validationError('restaurant.eateryId', 'validation.invalid');
    }
    if (await this.emailTaken(body.user.email)) throw new AppError(409, 'userExist');
    const passwordHash = await hashPassword(body.user.password, this.passwordHashCost);
    const phone = body.userProfileRequest.phone;
    try {
      const id = await this.db.transaction(async (tx) => {
        await assertRoomFor(tx, eatery.id, 'staff', this.limits);
        const [user] = await tx
          .insert(users)
          .values({
            email: body.user.email,
            passwordHash,
            name: body.userProfileRequest.name,
            phone,
            phones: phone ? [phone] : [],
          })
          .returning({ id: users.id });
        await tx.insert(memberships).values({ userId: user.id, eateryId: eatery.id, roles: body.user.roles });
        return user.id;
      });
      this.changes.publish({ kind: 'access' });
      return this.get(eatery, id);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'userExist');
      throw err;
    }
  }

  async update(eatery: EateryContext, actorId: number, userId: number, body: UpdateUserInput): Promise<StaffUser> {
    const current = await this.member(eatery.id, userId);
    const self = userId === actorId;
    if (!body.roles.includes(ADMIN)) {
      // The caller is an EATERY_ADMIN here (route access), and the owner always is one.
      if (self) throw new AppError(403, 'cannotRemoveOwnAdminRole');
      if (userId === eatery.ownerId) throw new AppError(403, 'cannotRemoveOwner');
    }

    // Account fields: only those that really change.
    const account: Partial<typeof users.$inferInsert> = {};
    if (body.username !== current.email.toLowerCase()) account.email = body.username;
    if (body.name !== null && body.name !== current.name) account.name = body.name;
    const phones = body.phones ?? (body.phone !== undefined ? (body.phone ? [body.phone] : []) : null);
    if (phones !== null && JSON.stringify(phones) !== JSON.stringify(current.phones)) {
      account.phones = phones;
      account.phone = phones[0] ?? null;
    }
    const changesAccount = Object.keys(account).length > 0 || body.password !== null;
    if (changesAccount && !self && (userId === eatery.ownerId || (await this.belongsElsewhere(userId, eatery.id)))) {
      throw accessDenied();
    }
    if (body.password !== null) account.passwordHash = await hashPassword(body.password, this.passwordHashCost);
    // A new password or a role taken away ends every session of the user (their own too when they changed their own
    // password): they sign in again with what they now hold.
    const endsSessions = body.password !== null || current.roles.some((r) => !body.roles.includes(r as Role));

    try {
      await this.db.transaction(async (tx) => {
        if (Object.keys(account).length > 0) await tx.update(users).set(account).where(eq(users.id, userId));
        await tx
          .update(memberships)
          .set({ roles: body.roles })
          .where(and(eq(memberships.userId, userId), eq(memberships.eateryId, eatery.id)));
        const rolesBefore = sortRoles(current.roles);
        if (rolesBefore.join() !== body.roles.join()) {
          await recordAudit(tx, {
            eateryId: eatery.id,
            kind: 'ROLE',
            userId: actorId,
            subject: current.email,
            before: { roles: rolesBefore.join(', ') },
            after: { roles: body.roles.join(', ') },
          });
        }
        if (body.password !== null) {
          await recordAudit(tx, { eateryId: eatery.id, kind: 'PASSWORD', userId: actorId, subject: current.email });
        }
        if (endsSessions) await endUserSessionsIn(tx, userId);
        // Only waiters can hold table assignments.
        if (!body.roles.includes('WAITER')) {
          await tx
            .delete(tableAssignments)
            .where(and(eq(tableAssignments.eateryId, eatery.id), eq(tableAssignments.waiterId, userId)));
        }
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'userExist');
      throw err;
    }
    this.changes.publish({ kind: 'access' });
    if (endsSessions) this.sessions.endUserSessions(userId);
    return this.get(eatery, userId);
  }

  async remove(eatery: EateryContext, actorId: number, userId: number): Promise<void> {
    if (userId === actorId) throw new AppError(403, 'cannotDeleteSelf');
    await this.member(eatery.id, userId);
    if (userId === eatery.ownerId) throw new AppError(403, 'cannotRemoveOwner');
    await this.db.transaction(async (tx) => {
      await tx
        .delete(tableAssignments)
        .where(and(eq(tableAssignments.eateryId, eatery.id), eq(tableAssignments.waiterId, userId)));
      await tx.delete(memberships).where(and(eq(memberships.userId, userId), eq(memberships.eateryId, eatery.id)));
      // The account may stay (a member elsewhere): its sessions end all the same, as with a role taken away.
      await endUserSessionsIn(tx, userId);
      const [left] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(memberships)
        .where(eq(memberships.userId, userId));
      if (Number(left.n) === 0) await tx.delete(users).where(eq(users.id, userId));
    });
    this.changes.publish({ kind: 'access' });
    this.sessions.endUserSessions(userId);
  }

  /** The user with their roles here, or 404 when they are not a member of this restaurant. */
  private async member(eateryId: number, userId: number): Promise<Row> {
    const [row] = await this.db
      .select(columns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.eateryId, eateryId), eq(memberships.userId, userId)));
    if (!row) throw notFound();
    return row;
  }

  private async belongsElsewhere(userId: number, eateryId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ eateryId: memberships.eateryId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), ne(memberships.eateryId, eateryId)))
      .limit(1);
    return Boolean(row);
  }

  private async emailTaken(email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return Boolean(row);
  }
}
