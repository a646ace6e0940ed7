import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DeviceMe, PosDevice, PosDeviceCreated } from '@qr-menu/contract';
import type { ChangePublisher } from '../../data-changes.js';
import type { Db } from '../../db/client.js';
import { eateries, posDevices } from '../../db/schema.js';
import { AppError, notFound } from '../../plugins/app-error.js';
import type { AuthService, Session } from '../auth/auth.service.js';
import type { LiveSessions } from '../auth/end-sessions.js';
import { staffName } from '../users/staff-contacts.js';
import { endDeviceSessionsIn } from './device-sessions.js';
import { attemptPin, type PinAttempt } from './pin-attempts.js';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** 429 pinLocked: the device takes no PIN for `retryAfterSeconds` more (the route answers it as Retry-After). */
export class PinLockedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'pinLocked', undefined, { minutes: Math.ceil(retryAfterSeconds / 60) });
  }
}

const lockedError = (until: Date) => new PinLockedError(Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)));

/**
 * The answer to a PIN that did not pass: a sign-in (401 deviceInvalid / pinInvalid) or a manager's approval (403
 * pinOffDevice / approvalInvalid); 429 pinLocked for both, also for the wrong PIN that locked the device.
 */
function refusal(attempt: Exclude<PinAttempt, { kind: 'ok' }>, use: 'login' | 'approval'): AppError {
  if (attempt.kind === 'noDevice') {
    return use === 'login' ? new AppError(401, 'deviceInvalid') : new AppError(403, 'pinOffDevice');
  }
  if (attempt.kind === 'locked') return lockedError(attempt.until);
  if (attempt.lockedUntil) return lockedError(attempt.lockedUntil);
  const params = { attemptsLeft: attempt.attemptsLeft };
  return use === 'login'
    ? new AppError(401, 'pinInvalid', undefined, params)
    : new AppError(403, 'approvalInvalid', undefined, params);
}

const columns = {
  id: posDevices.id,
  name: posDevices.name,
  createdAt: posDevices.createdAt,
  lastSeenAt: posDevices.lastSeenAt,
  revokedAt: posDevices.revokedAt,
};

function toDto(row: { id: number; name: string; createdAt: Date; lastSeenAt: Date | null; revokedAt: Date | null }) {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  } satisfies PosDevice;
}

/**
 * Registered devices of a restaurant (shared tablets) and what is done on them with a PIN. A device holds a random
 * token, shown once at registration and kept as its SHA-256; revoking it ends every session opened on it. A PIN
 * signs in, or approves as a manager, only together with a live device, and wrong PINs lock the device for a while
 * (pin-attempts.ts).
 */
export class DevicesService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly changes: ChangePublisher,
    private readonly live: Pick<LiveSessions, 'endSession'>,
    private readonly auth: AuthService,
  ) {}

  async register(eateryId: number, userId: number, name: string): Promise<PosDeviceCreated> {
    const token = randomBytes(32).toString('base64url');
    const [row] = await this.db
      .insert(posDevices)
      .values({ eateryId, name, tokenHash: sha256(token), createdBy: userId })
      .returning(columns);
    return { ...toDto(row), token };
  }

  /** Live devices first, newest first. */
  async list(eateryId: number): Promise<PosDevice[]> {
    const rows = await this.db
      .select(columns)
      .from(posDevices)
      .where(eq(posDevices.eateryId, eateryId))
      .orderBy(posDevices.revokedAt, desc(posDevices.id));
    return rows.map(toDto);
  }

  /** Revokes the device (again: nothing changes) and ends every session opened on it; 404 for another's device. */
  async revoke(eateryId: number, deviceId: number): Promise<void> {
    const ended = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ revokedAt: posDevices.revokedAt })
        .from(posDevices)
        .where(and(eq(posDevices.id, deviceId), eq(posDevices.eateryId, eateryId)))
        .for('update');
      if (!row) throw notFound();
      if (!row.revokedAt) await tx.update(posDevices).set({ revokedAt: new Date() }).where(eq(posDevices.id, deviceId));
      return endDeviceSessionsIn(tx, deviceId);
    });
    this.endSessions(ended);
  }

  /** The live device of this token (its last visit noted), or 401 deviceInvalid. */
  async me(token: string | undefined): Promise<DeviceMe> {
    if (!token) throw new AppError(401, 'deviceInvalid');
    const [row] = await this.db
      .update(posDevices)
      .set({ lastSeenAt: new Date() })
      .where(and(eq(posDevices.tokenHash, sha256(token)), isNull(posDevices.revokedAt)))
      .returning({ id: posDevices.id, name: posDevices.name, eateryId: posDevices.eateryId });
    if (!row) throw new AppError(401, 'deviceInvalid');
    const [eatery] = await this.db
      .select({ name: eateries.name, lockSeconds: eateries.deviceLockSeconds })
      .from(eateries)
      .where(eq(eateries.id, row.eateryId));
    return { ...row, eateryName: eatery.name, lockSeconds: eatery.lockSeconds };
  }

  /**
   * Signs in with a PIN on the device of `token`: a session of the PIN's member in the device's restaurant, bound to
   * the device. 401 deviceInvalid (unknown or revoked device), 401 pinInvalid with `attemptsLeft`, 429 pinLocked.
   */
  async pinLogin(token: string | undefined, pin: string): Promise<Session> {
    const device = await this.me(token);
    const attempt = await attemptPin(this.db, this.secret, device.id, pin);
    if (attempt.kind !== 'ok') throw refusal(attempt, 'login');
    return this.auth.startDeviceSession(attempt.holder.userId, attempt.eateryId, device.id);
  }

  /**
   * A manager's PIN typed on the caller's device (`deviceId`: the session's, null off a device) approving a change in
   * restaurant `eateryId`: the manager's name for the audit entry. 403 pinOffDevice without a live device of this
   * restaurant; 403 approvalInvalid for a PIN that is not an EATERY_ADMIN's here (counted as a wrong PIN); 429
   * pinLocked.
   */
  async approvePin(deviceId: number | null, eateryId: number, pin: string): Promise<string> {
    if (deviceId === null) throw new AppError(403, 'pinOffDevice');
    const attempt = await attemptPin(this.db, this.secret, deviceId, pin, {
      eateryId,
      accepts: (holder) => holder.roles.includes('EATERY_ADMIN'),
    });
    if (attempt.kind === 'ok') return staffName(attempt.holder, true);
    throw refusal(attempt, 'approval');
  }

  private endSessions(familyIds: string[]) {
    if (familyIds.length === 0) return;
    this.changes.publish({ kind: 'access' });
    for (const id of familyIds) this.live.endSession(id);
  }
}
