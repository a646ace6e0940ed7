import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { TEST_PASSWORD_HASH_COST, loginAs, registerOwner, setupApp } from './helper.js';

/** argon2id's encoded hash names its cost: `$argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$...`. */
const costOf = (hash: string) => /^\$argon2id\$v=19\$(m=\d+,t=\d+,p=\d+)\$/.exec(hash)?.[1];

describe('the cost of password hashes', () => {
  const ctx = setupApp();

  it("is production's (19 MiB, 2 passes) unless the config sets one; the environment never sets one", async () => {
    expect(costOf(await hashPassword('saffron-plov-7'))).toBe('m=19456,t=2,p=1');
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), NODE_ENV: 'production' });
    expect(config.passwordHashCost).toBeUndefined();
  });

  it("is the config's in the app: registration stores a hash of the test cost, and login checks it", async () => {
    const owner = await registerOwner(ctx.app);
    const [user] = await ctx.app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, owner.userId));
    const { memoryCost, timeCost } = TEST_PASSWORD_HASH_COST;
    expect(costOf(user.hash)).toBe(`m=${memoryCost},t=${timeCost},p=1`);
    expect((await loginAs(ctx.app, owner.email)).statusCode).toBe(200);
    expect((await loginAs(ctx.app, owner.email, 'wrong-password')).statusCode).toBe(401);
  });
});
