/**
 * "Forgot password" by e-mail against a real SMTP server started here (smtp-server): the app sends through nodemailer
 * as in production, and the tests read the mails the server received.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { auditLog, passwordResets, users } from '../src/db/schema.js';
import { logMailer } from '../src/mail/mailer.js';
import { resetMail } from '../src/modules/password-reset/reset-mail.js';
import { loginAs, openTestDatabase, PASSWORD, randomIp, registerOwner, testConfig } from './helper.js';

const PUBLIC_URL = 'https://menu.example.com';
const NEW_PASSWORD = 'fresh start 42';

interface Received {
  to: string[];
  mail: ParsedMail;
}

/** Mails the SMTP server accepted, in order. */
const received: Received[] = [];
/** While set, the SMTP server holds every message until it resolves (a slow mail server). */
let holdMessages: Promise<void> | null = null;

const smtp = new SMTPServer({
  authOptional: true,
  // Plain SMTP on localhost: the server's self-signed certificate would fail nodemailer's check.
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const to = session.envelope.rcptTo.map((r) => r.address);
    simpleParser(stream)
      .then(async (mail) => {
        await holdMessages;
        received.push({ to, mail });
        callback();
      })
      .catch(callback);
  },
});

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  database = await openTestDatabase();
  app = await buildApp(
    testConfig({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'QR Menu <no-reply@example.com>',
      publicUrl: PUBLIC_URL,
    }),
    database,
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

const forgot = (payload: object, ip = randomIp()) =>
  app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: ip, payload });

const reset = (payload: object, ip = randomIp()) =>
  app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: ip, payload });

/** The mails sent since `before` mails had arrived, once every send the app started has finished. */
async function mailsSince(before: number): Promise<Received[]> {
  await app.services.passwordResets.mailsSent();
  return received.slice(before);
}

/** Asks for a link for `email` and returns the one mail it sent, with the link's token. */
async function requestLink(email: string, language?: string) {
  const before = received.length;
  const res = await forgot(language ? { email, language } : { email });
  expect(res.statusCode, res.body).toBe(200);
  const mails = await mailsSince(before);
  expect(mails).toHaveLength(1);
  const { mail, to } = mails[0];
  const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link in the mail: ${mail.text}`);
  return { mail, to, token };
}

const expectError = (res: LightMyRequestResponse, status: number, messageKey: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ messageKey });
};

describe('asking for a reset link', () => {
  it('mails a single link to PUBLIC_URL with a random token, stored only as its SHA-256', async () => {
    const owner = await registerOwner(app);
    const before = received.length;
    const res = await forgot({ email: owner.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [sent] = await mailsSince(before);
    expect(sent.to).toEqual([owner.email]);
    expect(sent.mail.from?.value).toEqual([{ name: 'QR Menu', address: 'no-reply@example.com' }]);
    // The account's language is az until the user picks another.
    expect(sent.mail.subject).toBe('QR Menu: şifrənin yenilənməsi');
    const token = /https:\/\/menu\.example\.com\/reset-password\?token=([A-Za-z0-9_-]{43})\n/.exec(
      sent.mail.text!,
    )?.[1];
    expect(token).toBeDefined();
    expect(sent.mail.html).toContain(`href="${PUBLIC_URL}/reset-password?token=${token}"`);

    const rows = await database.db.select().from(passwordResets).where(eq(passwordResets.userId, owner.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256(token!));
    expect(rows[0].usedAt).toBeNull();
    const minutes = (rows[0].expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const owner = await registerOwner(app);
    const before = received.length;
    const rowsBefore = await database.db.select().from(passwordResets);
    const unknown = await forgot({ email: 'nobody.here@example.com' });
    const known = await forgot({ email: owner.email });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    const mails = await mailsSince(before);
    expect(mails.map((m) => m.to)).toEqual([[owner.email]]);
    const rowsAfter = await database.db.select().from(passwordResets);
    expect(rowsAfter.length).toBe(rowsBefore.length + 1);
  });

  it('answers before the mail server has accepted the mail', async () => {
    const owner = await registerOwner(app);
    const before = received.length;
    let release!: () => void;
    holdMessages = new Promise((resolve) => (release = resolve));
    try {
      const res = await forgot({ email: owner.email });
      expect(res.statusCode).toBe(200);
      expect(received.length).toBe(before);
    } finally {
      release();
      holdMessages = null;
    }
    expect((await mailsSince(before)).map((m) => m.to)).toEqual([[owner.email]]);
  });

  it('writes the mail in the language asked for, and keeps it for the next mails', async () => {
    const owner = await registerOwner(app);
    const ru = await requestLink(owner.email, 'ru');
    expect(ru.mail.subject).toBe('QR Menu: сброс пароля');
    expect(ru.mail.text).toContain('Ссылка действует 30 минут');
    expect(ru.mail.html).toContain('<html lang="ru">');
    const [user] = await database.db.select().from(users).where(eq(users.id, owner.userId));
    expect(user.language).toBe('ru');

    const again = await requestLink(owner.email);
    expect(again.mail.subject).toBe('QR Menu: сброс пароля');
    const en = await requestLink(owner.email, 'en');
    expect(en.mail.subject).toBe('QR Menu: reset your password');
    expect(en.mail.text).toContain('The link works for 30 minutes, and only once.');
  });

  it('refuses a body that is not an e-mail (and a language it has no mails in) with 400 validation', async () => {
    const before = received.length;
    for (const [payload, field, key] of [
      [{ email: 'not-an-address' }, 'email', 'validation.email'],
      [{}, 'email', 'validation.required'],
      [{ email: 'a@example.com', language: 'de' }, 'language', 'validation.invalid'],
    ] as const) {
      const res = await forgot(payload);
      expectError(res, 400, 'validation');
      expect(res.json().details, JSON.stringify(payload)).toContainEqual({ field, messageKey: key });
    }
    expect(await mailsSince(before)).toEqual([]);
  });
});

describe('setting a new password with the link', () => {
  it('works once, changes the password and ends every session', async () => {
    const owner = await registerOwner(app);
    const { token } = await requestLink(owner.email);

    const res = await reset({ token, password: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expectError(await reset({ token, password: 'another one 7' }), 400, 'resetLinkInvalid');

    expect((await loginAs(app, owner.email, PASSWORD)).statusCode).toBe(401);
    expect((await loginAs(app, owner.email, NEW_PASSWORD)).statusCode).toBe(200);
    // The refresh cookie of the session before the reset starts no session any more.
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { cookie: owner.cookie },
    });
    expectError(refresh, 401, 'jwtInvalid');
    // Nor does its access token, from the very next request.
    const status = await app.inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expectError(status, 401, 'jwtInvalid');
  });

  it('records the reset in the audit log of the restaurant, by the user themself', async () => {
    const owner = await registerOwner(app);
    const { token } = await requestLink(owner.email);
    expect((await reset({ token, password: NEW_PASSWORD })).statusCode).toBe(200);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eateryId, owner.eateryId), eq(auditLog.kind, 'PASSWORD')));
    expect(entries).toMatchObject([{ userId: owner.userId, userName: 'Test Owner', subject: owner.email }]);
  });

  it('spends the other links of the user', async () => {
    const owner = await registerOwner(app);
    const first = await requestLink(owner.email);
    const second = await requestLink(owner.email);
    expect((await reset({ token: second.token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expectError(await reset({ token: first.token, password: 'another one 7' }), 400, 'resetLinkInvalid');
  });

  it('lets only one of two requests with the same link through', async () => {
    const owner = await registerOwner(app);
    const { token } = await requestLink(owner.email);
    const answers = await Promise.all([
      reset({ token, password: NEW_PASSWORD }),
      reset({ token, password: 'another one 7' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an expired link and an unknown one, and keeps the password', async () => {
    const owner = await registerOwner(app);
    const { token } = await requestLink(owner.email);
    await database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, sha256(token)));
    expectError(await reset({ token, password: NEW_PASSWORD }), 400, 'resetLinkInvalid');
    expectError(await reset({ token: 'made-up-token', password: NEW_PASSWORD }), 400, 'resetLinkInvalid');
    expect((await loginAs(app, owner.email, PASSWORD)).statusCode).toBe(200);
  });

  it('holds the new password to the registration rules (400 validation), and the link stays usable', async () => {
    const owner = await registerOwner(app);
    const { token } = await requestLink(owner.email);
    for (const [payload, field, key] of [
      [{ token, password: 'abcdefgh' }, 'password', 'validation.password'],
      [{ token, password: 'Password1' }, 'password', 'validation.commonPassword'],
      [{ token }, 'password', 'validation.required'],
      [{ password: NEW_PASSWORD }, 'token', 'validation.required'],
    ] as const) {
      const res = await reset(payload);
      expectError(res, 400, 'validation');
      expect(res.json().details, JSON.stringify(payload)).toContainEqual({ field, messageKey: key });
    }
    expect((await reset({ token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('limit the mails per e-mail address, known or not, whatever the client', async () => {
    const owner = await registerOwner(app);
    for (const email of [owner.email, 'nobody.limited@example.com']) {
      for (let i = 0; i < 5; i++) expect((await forgot({ email })).statusCode).toBe(200);
      const limited = await forgot({ email });
      expectError(limited, 429, 'tooManyRequests');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    await app.services.passwordResets.mailsSent();
  });

  it('limit the mails per client and the new passwords per client', async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      expect((await forgot({ email: `someone.${i}@example.com` }, ip)).statusCode).toBe(200);
    }
    expectError(await forgot({ email: 'someone.else@example.com' }, ip), 429, 'tooManyRequests');

    for (let i = 0; i < 10; i++) {
      expectError(await reset({ token: `guess-${i}`, password: NEW_PASSWORD }, ip), 400, 'resetLinkInvalid');
    }
    expectError(await reset({ token: 'guess-more', password: NEW_PASSWORD }, ip), 429, 'tooManyRequests');
  });
});

describe('the mail itself', () => {
  it('escapes what it puts into the HTML', () => {
    const mail = resetMail('a@example.com', '<b>Aysel</b>', 'https://x.example/reset-password?token=a&b="c"', 'en');
    expect(mail.html).toContain('Hello, &lt;b&gt;Aysel&lt;/b&gt;!');
    expect(mail.html).toContain('href="https://x.example/reset-password?token=a&amp;b=&quot;c&quot;"');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('Hello, <b>Aysel</b>!');
  });

  it('goes to the log without SMTP_URL: the whole text in development, only a warning in production', async () => {
    const lines: { level: string; details: object }[] = [];
    const log = {
      info: (details: object) => lines.push({ level: 'info', details }),
      warn: (details: object) => lines.push({ level: 'warn', details }),
      error: (details: object) => lines.push({ level: 'error', details }),
    };
    const mail = resetMail('a@example.com', null, 'http://localhost:3000/reset-password?token=abc', 'az');
    await logMailer(log, false).send(mail);
    await logMailer(log, true).send(mail);
    expect(lines[0]).toMatchObject({ level: 'info', details: { to: 'a@example.com', text: mail.text } });
    expect(lines[0].details).toMatchObject({ text: expect.stringContaining('/reset-password?token=abc') });
    expect(lines[1]).toMatchObject({ level: 'warn', details: { to: 'a@example.com' } });
    expect(JSON.stringify(lines[1])).not.toContain('token=abc');
  });
});

describe('mail configuration', () => {
  const env = { DATA_DIR: '/nonexistent', JWT_SECRET: 'x'.repeat(32) };

  it('reads SMTP_URL and MAIL_FROM', () => {
    const config = loadConfig({ ...env, SMTP_URL: 'smtps://user:pass@smtp.example.com:465', MAIL_FROM: 'a@b.co' });
    expect(config).toMatchObject({ smtpUrl: 'smtps://user:pass@smtp.example.com:465', mailFrom: 'a@b.co' });
    expect(loadConfig(env).smtpUrl).toBeUndefined();
  });

  it('refuses an SMTP_URL of another scheme, one without MAIL_FROM, and one without PUBLIC_URL in production', () => {
    expect(() => loadConfig({ ...env, SMTP_URL: 'http://smtp.example.com', MAIL_FROM: 'a@b.co' })).toThrow(
      /SMTP_URL: must start with smtp:\/\/ or smtps:\/\//,
    );
    expect(() => loadConfig({ ...env, SMTP_URL: 'smtp://smtp.example.com' })).toThrow(/MAIL_FROM is required/);
    expect(() => loadConfig({ ...env, SMTP_URL: 'smtp://smtp.example.com', MAIL_FROM: 'no address' })).toThrow(
      /MAIL_FROM/,
    );
    const production = { ...env, NODE_ENV: 'production', SMTP_URL: 'smtp://smtp.example.com', MAIL_FROM: 'a@b.co' };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL is required/);
    expect(loadConfig({ ...production, PUBLIC_URL: PUBLIC_URL }).publicUrl).toBe(PUBLIC_URL);
  });
});
