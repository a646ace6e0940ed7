import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eateries, memberships, users } from '../src/db/schema.js';
import { PASSWORD, randomIp, setupApp, uniqueEmail } from './helper.js';

const ctx = setupApp();

interface Body {
  user?: { email?: unknown; password?: unknown };
  restaurant?: { name?: unknown };
  userProfileRequest?: { name?: unknown; phone?: unknown } | null;
}

const validBody = (over: Partial<Body> = {}): Body => ({
  user: { email: uniqueEmail('reg'), password: PASSWORD },
  restaurant: { name: 'Nar Cafe' },
  userProfileRequest: { name: 'Aysel Mammadova', phone: null },
  ...over,
});

const register = (payload: unknown, ip = randomIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/eatery', remoteAddress: ip, payload: payload as object });

async function counts() {
  const [u] = await ctx.app.db.select({ n: count() }).from(users);
  const [e] = await ctx.app.db.select({ n: count() }).from(eateries);
  const [m] = await ctx.app.db.select({ n: count() }).from(memberships);
  return { users: u.n, eateries: e.n, memberships: m.n };
}

describe('POST /api/admin/eatery', () => {
  it('registers an owner and the first restaurant, owner is EATERY_ADMIN there', async () => {
    const body = validBody();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toEqual({ userId: expect.any(Number), eateryId: expect.any(Number) });

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomIp(),
      payload: { email: body.user!.email, password: PASSWORD, eateryId: null },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ userId: json.userId, eateryId: json.eateryId });

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/eatery',
      headers: { authorization: `Bearer ${login.json().jwt}` },
    });
    expect(list.json()).toEqual([
      expect.objectContaining({ id: json.eateryId, name: 'Nar Cafe', ownerId: json.userId, roles: ['EATERY_ADMIN'] }),
    ]);
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { authorization: `Bearer ${login.json().jwt}` },
    });
    expect(status.json()).toMatchObject({ name: 'Aysel Mammadova', username: body.user!.email });
  });

  it('accepts a null name (landing pages) and a missing profile', async () => {
    const a = await register(validBody({ userProfileRequest: { name: null, phone: null } }));
    expect(a.statusCode).toBe(201);
    const b = await register(validBody({ userProfileRequest: undefined }));
    expect(b.statusCode).toBe(201);
  });

  it('stores the e-mail trimmed and lower-cased', async () => {
    const email = uniqueEmail('Mixed.Case');
    const res = await register(validBody({ user: { email: `  ${email.toUpperCase()} `, password: PASSWORD } }));
    expect(res.statusCode).toBe(201);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomIp(),
      payload: { email: email.toLowerCase(), password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it("accepts restaurant names in Azerbaijani and Cyrillic letters with . , ' -", async () => {
    for (const name of ['Şəki Çay Evi', 'Кафе Мир', "O'Neil's Bar - 2, Ltd."]) {
      const res = await register(validBody({ restaurant: { name } }));
      expect(res.statusCode, name).toBe(201);
    }
  });

  it('accepts restaurant names with & quotes brackets / ! and digits, stored as typed (trimmed)', async () => {
    for (const name of ['Sultan & Grill', 'Çay Evi "Nərgiz"', 'Café (Old City) / 2', 'Wow!']) {
      const res = await register(validBody({ restaurant: { name: `  ${name} ` } }));
      expect(res.statusCode, name).toBe(201);
      const [row] = await ctx.app.db
        .select({ name: eateries.name })
        .from(eateries)
        .where(eq(eateries.id, res.json().eateryId));
      expect(row.name).toBe(name);
    }
  });

  const invalid: [string, Body, string, string][] = [
    ['missing email', validBody({ user: { password: PASSWORD } }), 'user.email', 'validation.required'],
    ['empty email', validBody({ user: { email: '  ', password: PASSWORD } }), 'user.email', 'validation.required'],
    ['bad email', validBody({ user: { email: 'not-an-email', password: PASSWORD } }), 'user.email', 'validation.email'],
    ['email without tld', validBody({ user: { email: 'a@b', password: PASSWORD } }), 'user.email', 'validation.email'],
    ['missing password', validBody({ user: { email: uniqueEmail() } }), 'user.password', 'validation.required'],
    [
      'password letters only',
      validBody({ user: { email: uniqueEmail(), password: 'abcdefgh' } }),
      'user.password',
      'validation.password',
    ],
    [
      'password digits only',
      validBody({ user: { email: uniqueEmail(), password: '12345678' } }),
      'user.password',
      'validation.password',
    ],
    [
      'password too short',
      validBody({ user: { email: uniqueEmail(), password: 'abc123' } }),
      'user.password',
      'validation.password',
    ],
    [
      'password with a control character',
      validBody({ user: { email: uniqueEmail(), password: 'abc\t12345' } }),
      'user.password',
      'validation.password',
    ],
    [
      'a common password',
      validBody({ user: { email: uniqueEmail(), password: 'password1' } }),
      'user.password',
      'validation.commonPassword',
    ],
    ['missing restaurant name', validBody({ restaurant: {} }), 'restaurant.name', 'validation.required'],
    ['blank restaurant name', validBody({ restaurant: { name: '   ' } }), 'restaurant.name', 'validation.required'],
    [
      'restaurant name too short',
      validBody({ restaurant: { name: 'A' } }),
      'restaurant.name',
      'validation.restaurantName',
    ],
    [
      'restaurant name too long',
      validBody({ restaurant: { name: 'a'.repeat(101) } }),
      'restaurant.name',
      'validation.restaurantName',
    ],
    [
      'restaurant name with markup',
      validBody({ restaurant: { name: '<script>alert(1)</script>' } }),
      'restaurant.name',
      'validation.restaurantName',
    ],
    [
      'restaurant name with a line break',
      validBody({ restaurant: { name: 'Sultan\nGrill' } }),
      'restaurant.name',
      'validation.restaurantName',
    ],
    [
      'restaurant name with a bidi override',
      validBody({ restaurant: { name: 'Sultan \u202Ellirg' } }),
      'restaurant.name',
      'validation.restaurantName',
    ],
    [
      'person name with digits',
      validBody({ userProfileRequest: { name: 'John3', phone: null } }),
      'userProfileRequest.name',
      'validation.personName',
    ],
    [
      'person name too short',
      validBody({ userProfileRequest: { name: 'J', phone: null } }),
      'userProfileRequest.name',
      'validation.personName',
    ],
    [
      'person name too long',
      validBody({ userProfileRequest: { name: 'J'.repeat(51), phone: null } }),
      'userProfileRequest.name',
      'validation.personName',
    ],
  ];

  it.each(invalid)('%s -> 400 with details, nothing created', async (_label, body, field, messageKey) => {
    const before = await counts();
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.messageKey).toBe('validation');
    expect(typeof json.message).toBe('string');
    expect(json.details).toContainEqual({ field, messageKey });
    expect(await counts()).toEqual(before);
  });

  it('reports every invalid field at once', async () => {
    const res = await register({
      user: { email: 'bad', password: 'short' },
      restaurant: { name: '<' },
      userProfileRequest: { name: '1', phone: null },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['user.email', 'user.password', 'restaurant.name', 'userProfileRequest.name']),
    );
  });

  it('missing user or restaurant objects -> 400 naming the field', async () => {
    for (const [body, field] of [
      [{ restaurant: { name: 'Nar Cafe' } }, 'user'],
      [{ user: { email: uniqueEmail(), password: PASSWORD } }, 'restaurant'],
    ] as const) {
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const empty = await register({});
    expect(empty.statusCode).toBe(400);
  });

  it('duplicate e-mail -> 409 userExist, also when only the letter case differs; nothing created', async () => {
    const email = uniqueEmail('dup');
    expect((await register(validBody({ user: { email, password: PASSWORD } }))).statusCode).toBe(201);
    const before = await counts();

    for (const variant of [email, email.toUpperCase(), email.replace(/^d/, 'D')]) {
      const res = await register(validBody({ user: { email: variant, password: 'other123' } }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        messageKey: 'userExist',
        message: expect.any(String),
        requestId: expect.any(String),
      });
    }
    expect(await counts()).toEqual(before);

    // The first account still signs in with its own password.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomIp(),
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('two simultaneous registrations with one e-mail: one 201, one 409, one account', async () => {
    const email = uniqueEmail('race');
    const before = await counts();
    const results = await Promise.all([
      register(validBody({ user: { email, password: PASSWORD } })),
      register(validBody({ user: { email: email.toUpperCase(), password: PASSWORD } })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const after = await counts();
    expect(after.users - before.users).toBe(1);
    expect(after.eateries - before.eateries).toBe(1);
  });

  it('never stores the plain password', async () => {
    const body = validBody();
    await register(body);
    const rows = await ctx.app.db.select({ email: users.email, hash: users.passwordHash }).from(users);
    const row = rows.find((r) => r.email === body.user!.email)!;
    expect(row.hash).not.toContain(PASSWORD);
    expect(row.hash).toMatch(/^\$argon2id\$/);
  });

  it('rate limit: the 21st registration within an hour from one IP -> 429 with Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      const res = await register(validBody(), ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(201);
    }
    const before = await counts();
    const blocked = await register(validBody(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      messageKey: 'tooManyRequests',
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);

    // Another address is not affected.
    expect((await register(validBody())).statusCode).toBe(201);
  });
});
