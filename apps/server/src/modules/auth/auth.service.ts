import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { RegisterBody, Role, TokenResponse } from '@qr-menu/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { eateries, memberships, refreshTokens, users } from '../../db/schema.js';
import { AppError, isUniqueViolation } from '../../plugins/app-error.js';
import { signJwt } from '../../plugins/jwt.js';
import { hashPassword, verifyPassword } from './passwords.js';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

export interface Session {
  response: TokenResponse;
  refreshToken: string;
  refreshExpires: Date;
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
  ) {}

  /** Owner account and first restaurant, in one transaction. */
  async register(body: {
    user: { email: string; password: string };
    restaurant: { name: string };
    userProfileRequest?: RegisterBody['userProfileRequest'];
  }) {
    const passwordHash = await hashPassword(body.user.password);
    try {
      return await this.db.transaction(async (tx) => {
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
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'userExist');
      throw err;
    }
  }

  async login(email: string, password: string, wantedEateryId?: number | null): Promise<Session> {
    const [user] = await this.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) throw new AppError(401, 'invalidPass');
    const eateryId = await this.pickEatery(user.id, wantedEateryId ?? null);
    return this.startSession(user.id, eateryId, randomUUID());
  }

  /** Rotates the refresh token. A token used twice revokes its whole family (it was stolen or replayed). */
  async refresh(refreshToken: string | undefined): Promise<Session> {
    if (!refreshToken) throw new AppError(401, 'jwtInvalid');
    const [row] = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
    if (!row) throw new AppError(401, 'jwtInvalid');
    if (row.revokedAt) {
      await this.revokeFamily(row.familyId);
      throw new AppError(401, 'jwtInvalid');
    }
    if (row.expiresAt.getTime() <= Date.now()) throw new AppError(401, 'jwtInvalid');
    const revoked = await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (revoked.length === 0) {
      // Two refreshes raced with the same token: treat as reuse.
      await this.revokeFamily(row.familyId);
      throw new AppError(401, 'jwtInvalid');
    }
    const eateryId = await this.pickEatery(row.userId, row.activeEateryId);
    return this.startSession(row.userId, eateryId, row.familyId);
  }

  /** New access token for another restaurant; the refresh session follows it. */
  async recreateForEatery(userId: number, eateryId: number, refreshToken: string | undefined) {
    const roles = await this.rolesIn(userId, eateryId);
    if (!roles) throw new AppError(403, 'notYourEatery');
    if (refreshToken) {
      await this.db
        .update(refreshTokens)
        .set({ activeEateryId: eateryId })
        .where(and(eq(refreshTokens.tokenHash, sha256(refreshToken)), eq(refreshTokens.userId, userId)));
    }
    return this.tokenResponse(userId, eateryId);
  }

  async logout(refreshToken: string | undefined) {
    if (!refreshToken) return;
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.tokenHash, sha256(refreshToken)), isNull(refreshTokens.revokedAt)));
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

  private tokenResponse(userId: number, eateryId: number | null): TokenResponse {
    const jwt = signJwt({ sub: userId, eid: eateryId }, this.config.jwtSecret, this.config.accessTokenTtlSeconds);
    return { jwt, accessToken: jwt, token: jwt, userId, eateryId };
  }

  private async startSession(userId: number, eateryId: number | null, familyId: string): Promise<Session> {
    const refreshToken = randomBytes(32).toString('base64url');
    const refreshExpires = new Date(Date.now() + this.config.refreshTokenTtlDays * 86_400_000);
    await this.db.insert(refreshTokens).values({
      userId,
      tokenHash: sha256(refreshToken),
      familyId,
      activeEateryId: eateryId,
      expiresAt: refreshExpires,
    });
    return { response: this.tokenResponse(userId, eateryId), refreshToken, refreshExpires };
  }

  private async revokeFamily(familyId: string) {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }
}
