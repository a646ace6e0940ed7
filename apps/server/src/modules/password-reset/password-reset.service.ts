import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { asLanguage, PASSWORD_RESET_TTL_MS, RESET_PASSWORD_PAGE, type Language } from '@qr-menu/contract';
import type { AppConfig } from '../../config.js';
import type { ChangePublisher } from '../../data-changes.js';
import type { Db, Tx } from '../../db/client.js';
import { memberships, passwordResets, users } from '../../db/schema.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { AppError } from '../../plugins/app-error.js';
import { recordAudit } from '../audit/audit-log.js';
import { endUserSessionsIn, type LiveSessions } from '../auth/end-sessions.js';
import { inHashSlot } from '../auth/hash-slot.js';
import { hashPassword, type HashGate } from '../auth/passwords.js';
import { resetMail } from './reset-mail.js';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** How long a shutdown waits for reset mails still on their way to the mail server. */
const SHUTDOWN_WAIT_MS = 10_000;

export interface PasswordResetDeps {
  mailer: Mailer;
  /** Where a mail that could not be sent is reported (nobody waits for the send). */
  log: { error(details: object, message: string): void };
  changes: ChangePublisher;
  /** The user's live sockets, closed once the reset committed. */
  sessions: Pick<LiveSessions, 'endUserSessions'>;
  /** The argon2 slots logins and registrations use: a reset's hash takes one too. */
  hashes: HashGate;
}

const resetLinkInvalid = () => new AppError(400, 'resetLinkInvalid');

/**
 * "Forgot password" by e-mail. A request makes a link with a random token (32 bytes, base64url) and mails it; the
 * database keeps only the token's SHA-256, so a copy of the database opens no account. The link works once, for
 * PASSWORD_RESET_TTL_MS. Using it sets the new password, spends every other link of the user and ends every session
 * of the user (end-sessions.ts), all in one transaction.
 *
 * The answer to a request never tells whether the address has an account: the same answer, the same statements
 * (changing no row for an unknown address), and the mail is sent after the answer.
 */
export class PasswordResetService {
  /** Mails on their way to the mail server. */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly deps: PasswordResetDeps,
  ) {}

  /**
   * Stores a new link for the account of `email` (lower case) and mails it in `language`, else the language the
   * account keeps (which `language` replaces). `base`: the origin of the web app the link points to.
   */
  async requestReset(email: string, language: Language | undefined, base: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = sha256(token);
    const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS);
    const byEmail = eq(sql`lower(${users.email})`, email);
    const user = await this.db.transaction(async (tx) => {
      if (language) await tx.update(users).set({ language }).where(byEmail);
      const [found] = await tx
        .select({ id: users.id, email: users.email, name: users.name, language: users.language })
        .from(users)
        .where(byEmail);
      // Old links of the account that no longer work go, so the table does not grow with every request.
      await tx.execute(sql`
        delete from ${passwordResets}
        where ${passwordResets.expiresAt} <= now()
          and ${passwordResets.userId} in (select ${users.id} from ${users} where lower(${users.email}) = ${email})`);
      await tx.execute(sql`
        insert into ${passwordResets} (user_id, token_hash, expires_at)
        select ${users.id}, ${tokenHash}, ${expiresAt.toISOString()}::timestamptz
        from ${users} where lower(${users.email}) = ${email}`);
      return found;
    });
    if (!user) return;
    const link = `${base}${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(token)}`;
    this.sendLater(resetMail(user.email, user.name, link, asLanguage(user.language)));
  }

  /**
   * Sets the new password with the token of a link: 400 `resetLinkInvalid` when the token is unknown, used or
   * expired (also when another request used it a moment before). Ends every session of the user.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const tokenHash = sha256(token);
    const usable = and(
      eq(passwordResets.tokenHash, tokenHash),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, sql`now()`),
    );
    // A token that cannot work costs no password hash: made-up tokens do not take the argon2 slots of logins.
    const [live] = await this.db.select({ id: passwordResets.id }).from(passwordResets).where(usable);
    if (!live) throw resetLinkInvalid();
    const passwordHash = await inHashSlot(this.deps.hashes, () => hashPassword(password, this.config.passwordHashCost));

    const userId = await this.db.transaction(async (tx) => {
      // Spending the token is the check: of two requests with one token only one gets the row back.
      const [spent] = await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(usable)
        .returning({ userId: passwordResets.userId });
      if (!spent) return null;
      await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
      await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResets.userId, spent.userId),
            isNull(passwordResets.usedAt),
            ne(passwordResets.tokenHash, tokenHash),
          ),
        );
      await endUserSessionsIn(tx, spent.userId);
      await this.auditInEveryEatery(tx, spent.userId);
      return spent.userId;
    });
    if (userId === null) throw resetLinkInvalid();
    this.deps.changes.publish({ kind: 'access' });
    this.deps.sessions.endUserSessions(userId);
  }

  /** Resolves once every mail on its way has been sent or has failed (a shutdown waits at most SHUTDOWN_WAIT_MS). */
  async mailsSent(maxWaitMs?: number): Promise<void> {
    const all = Promise.allSettled([...this.sending]).then(() => undefined);
    if (maxWaitMs === undefined) return all;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxWaitMs);
    });
    await Promise.race([all, timeout]);
    clearTimeout(timer);
  }

  /** For the app's shutdown: waits for the mails on their way, but not for a mail server that hangs. */
  closing(): Promise<void> {
    return this.mailsSent(SHUTDOWN_WAIT_MS);
  }

  /** Sends the mail without anyone waiting for it; a failure is logged (the user can ask for another link). */
  private sendLater(message: MailMessage) {
    const sent = this.deps.mailer
      .send(message)
      .catch((err: unknown) => this.deps.log.error({ err }, 'password reset mail could not be sent'))
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /**
   * A PASSWORD entry in the audit log of every restaurant the user works in, by the user themself: the admins see
   * that the password of one of their staff was reset.
   */
  private async auditInEveryEatery(tx: Tx, userId: number) {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const rows = await tx
      .select({ eateryId: memberships.eateryId })
      .from(memberships)
      .where(eq(memberships.userId, userId));
    for (const { eateryId } of rows) {
      await recordAudit(tx, { eateryId, kind: 'PASSWORD', userId, subject: user.email });
    }
  }
}
