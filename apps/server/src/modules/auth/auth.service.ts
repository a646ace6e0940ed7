import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { RegisterBody, Role, TokenResponse } from '@qr-menu/contract';
import type { AppConfig } from '../../config.js';
import type { ChangePublisher } from '../../data-changes.js';
import type { Db, Executor } from '../../db/client.js';
import { eateries, memberships, refreshTokens, users } from '../../db/schema.js';
import { AppError, isUniqueViolation } from '../../plugins/app-error.js';
import { signJwt } from '../../plugins/jwt.js';
import { endSessionIn, type LiveSessions } from './end-sessions.js';
import { inHashSlot } from './hash-slot.js';
import { HashGate, hashPassword, verifyPassword } from './passwords.js';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/**
 * How long a just-rotated refresh token still starts a session: two tabs (or a retried request whose answer was
 * lost) refreshing with the same cookie at once must not look like a stolen token and log the user out.
 */
export const REFRESH_GRACE_MS = 10_000;

export interface Session {
  response: TokenResponse;
  refreshToken: string;
  refreshExpires: Date;
}

export class AuthService {
  /** Bounds the argon2 hashes of logins and registrations running at once (AppConfig.passwordHashConcurrency). */
  readonly hashes: HashGate;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly changes: ChangePublisher,
    private readonly live: LiveSessions,
  ) {
    this.hashes = new HashGate(config.passwordHashConcurrency);
  }

  /** Owner account and first restaurant, in one transaction; an 'access' change once committed. */
  async register(body: {
    user: { email: string; password: string };
    restaurant: { name: string };
    userProfileRequest?: RegisterBody['userProfileRequest'];
  }) {
    const passwordHash = await inHashSlot(this.hashes, () =>
      hashPassword(body.user.password, this.config.passwordHashCost),
    );
    try {
      const created = await this.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: body.user.email,
            passwordHash,
            name: body.userProfileRequest?.name ?? null,
            phone: body.userProfileRequest?.phone || null,
          })
          .returning({ id: users.id });
        const [eatery] = await tx
          .insert(eateries)
          .values({ name: body.restaurant.name, address: '', phones: [], ownerId: user.id })
          .returning({ id: eateries.id });
        await tx.insert(memberships).values({ userId: user.id, eateryId: eatery.id, roles: ['EATERY_ADMIN'] });
        return { userId: user.id, eateryId: eatery.id };
      });
      this.changes.publish({ kind: 'access' });
      return created;
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'userExist');
      throw err;
    }
  }

  /** 401 `invalidPass` for a wrong e-mail or password; 429 `tooManyRequests` when too many hashes are running. */
  async login(email: string, password: string, wantedEateryId?: number | null): Promise<Session> {
    // The user's row is read inside the slot too: a login refused for want of a slot costs no database work.
    const user = await inHashSlot(this.hashes, async () => {
      const [row] = await this.db
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      const ok = await verifyPassword(row?.passwordHash, password, this.config.passwordHashCost);
      return ok ? row : undefined;
    });
    if (!user) throw new AppError(401, 'invalidPass');
    const eateryId = await this.pickEatery(user.id, wantedEateryId ?? null);
    return this.startSession(user.id, eateryId, randomUUID());
  }

  /**
   * Rotates the refresh token. A token used again revokes its whole family (it was stolen or replayed), except
   * within REFRESH_GRACE_MS of its rotation while its successor is still unused: then it was a concurrent refresh,
   * which gets a new token of the same family.
   */
  async refresh(refreshToken: string | undefined): Promise<Session> {
    if (!refreshToken) throw new AppError(401, 'jwtInvalid');
    const tokenHash = sha256(refreshToken);
    const [row] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    if (!row || row.expiresAt.getTime() <= Date.now()) throw new AppError(401, 'jwtInvalid');
    const eateryId = await this.pickEatery(row.userId, row.activeEateryId);
    const rotated = row.revokedAt ? null : await this.rotate(row.id, row.userId, eateryId, row.familyId, row.deviceId);
    if (rotated) return rotated;
    // Used before: by a concurrent refresh (a moment ago, even between our read and our update) or a replay.
    if (await this.withinGrace(tokenHash)) {
      return this.startSession(row.userId, eateryId, row.familyId, this.db, row.deviceId);
    }
    await this.revokeFamily(row.familyId);
    throw new AppError(401, 'jwtInvalid');
  }

  /** Revokes the token and issues its successor in one transaction; null when another request revoked it first. */
  private rotate(
    id: number,
    userId: number,
    eateryId: number | null,
    familyId: string,
    deviceId: number | null,
  ): Promise<Session | null> {
    return this.db.transaction(async (tx) => {
      const revoked = await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      if (revoked.length === 0) return null;
      return this.startSession(userId, eateryId, familyId, tx, deviceId);
    });
  }

  /**
   * A token rotated less than REFRESH_GRACE_MS ago, as the family's last rotation (no token of the family revoked
   * since: not by a further rotation, a logout or a detected reuse), while the family still has a live token.
   */
  private async withinGrace(tokenHash: string): Promise<boolean> {
    const [row] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    const rotatedAt = row?.revokedAt?.getTime();
    if (rotatedAt === undefined || Date.now() - rotatedAt > REFRESH_GRACE_MS) return false;
    const family = await this.db
      .select({ id: refreshTokens.id, revokedAt: refreshTokens.revokedAt, expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, row.familyId));
    const revokedSince = family.some((t) => t.id !== row.id && t.revokedAt && t.revokedAt.getTime() >= rotatedAt);
    const live = family.some((t) => !t.revokedAt && t.expiresAt.getTime() > Date.now());
    return !revokedSince && live;
  }

  /** New access token for another restaurant, in the same session (`sessionId`); the refresh session follows it. */
  async recreateForEatery(
    userId: number,
    sessionId: string | null,
    eateryId: number,
    refreshToken: string | undefined,
  ) {
    const roles = await this.rolesIn(userId, eateryId);
    if (!roles) throw new AppError(403, 'notYourEatery');
    let deviceId: number | null = null;
    if (refreshToken) {
      const [row] = await this.db
        .update(refreshTokens)
        .set({ activeEateryId: eateryId })
        .where(and(eq(refreshTokens.tokenHash, sha256(refreshToken)), eq(refreshTokens.userId, userId)))
        .returning({ deviceId: refreshTokens.deviceId });
      deviceId = row?.deviceId ?? null;
    }
    return this.tokenResponse(userId, eateryId, await this.sessionVersionOf(userId), sessionId, deviceId);
  }

  /**
   * Ends the session: every token of the cookie's family (a concurrent refresh may have left a second one), the
   * access tokens of that session from the next request, and its sockets.
   */
  async logout(refreshToken: string | undefined) {
    if (!refreshToken) return;
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
    if (row) await this.revokeFamily(row.familyId);
  }

  async status(userId: number, tokenEateryId: number | null) {
    const [user] = await this.db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw new AppError(401, 'jwtInvalid');
    const roles = tokenEateryId ? await this.rolesIn(userId, tokenEateryId) : null;
    return {
      userId,
      name: user.name,
      username: user.email,
      eateryId: roles ? tokenEateryId : null,
      roles: roles ?? [],
    };
  }

  private async rolesIn(userId: number, eateryId: number): Promise<Role[] | null> {
    const [m] = await this.db
      .select({ roles: memberships.roles })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.eateryId, eateryId)));
    return m ? (m.roles as Role[]) : null;
  }

  /** The wanted restaurant when the user is a member, else their first one (owned first). */
  private async pickEatery(userId: number, wanted: number | null): Promise<number | null> {
    if (wanted && (await this.rolesIn(userId, wanted))) return wanted;
    const [first] = await this.db
      .select({ id: memberships.eateryId })
      .from(memberships)
      .innerJoin(eateries, eq(eateries.id, memberships.eateryId))
      .where(eq(memberships.userId, userId))
      .orderBy(sql`${eateries.ownerId} = ${userId} desc`, asc(memberships.eateryId))
      .limit(1);
    return first?.id ?? null;
  }

  /** The user's current session version (users.session_version), which their new access tokens carry. */
  private async sessionVersionOf(userId: number, db: Executor = this.db): Promise<number> {
    const [row] = await db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, userId));
    if (!row) throw new AppError(401, 'jwtInvalid');
    return row.sessionVersion;
  }

  private tokenResponse(
    userId: number,
    eateryId: number | null,
    sessionVersion: number,
    sessionId: string | null,
    deviceId: number | null = null,
  ): TokenResponse {
    const claims = {
      sub: userId,
      eid: eateryId,
      sv: sessionVersion,
      ...(sessionId ? { sid: sessionId } : {}),
      ...(deviceId !== null ? { dev: deviceId } : {}),
    };
    const jwt = signJwt(claims, this.config.jwtSecret, this.config.accessTokenTtlSeconds);
    return { jwt, accessToken: jwt, token: jwt, userId, eateryId };
  }

  /**
   * A new session opened with a PIN on registered device `deviceId` of restaurant `eateryId` (the caller checked the
   * device and the PIN): bound to the device, so that revoking it ends the session.
   */
  startDeviceSession(userId: number, eateryId: number, deviceId: number): Promise<Session> {
    return this.startSession(userId, eateryId, randomUUID(), this.db, deviceId);
  }

  private async startSession(
    userId: number,
    eateryId: number | null,
    familyId: string,
    db: Executor = this.db,
    deviceId: number | null = null,
  ): Promise<Session> {
    const refreshToken = randomBytes(32).toString('base64url');
    const refreshExpires = new Date(Date.now() + this.config.refreshTokenTtlDays * 86_400_000);
    await db.insert(refreshTokens).values({
      userId,
      tokenHash: sha256(refreshToken),
      familyId,
      activeEateryId: eateryId,
      deviceId,
      expiresAt: refreshExpires,
    });
    const sessionVersion = await this.sessionVersionOf(userId, db);
    const response = this.tokenResponse(userId, eateryId, sessionVersion, familyId, deviceId);
    return { response, refreshToken, refreshExpires };
  }

  /** Ends one session (see endSessionIn), then tells every instance: caches and the session's sockets. */
  private async revokeFamily(familyId: string) {
    await this.db.transaction((tx) => endSessionIn(tx, familyId));
    this.changes.publish({ kind: 'access' });
    this.live.endSession(familyId);
  }
}
