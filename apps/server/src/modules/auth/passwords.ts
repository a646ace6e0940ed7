import { hash, verify } from '@node-rs/argon2';

/** The work of one argon2id hash: memory in KiB and passes over it. */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}

/**
 * The cost in production: OWASP's argon2id minimum (19 MiB, 2 passes). Tests set a cheap one in their AppConfig
 * (`passwordHashCost`), since they hash hundreds of passwords; a hash records its cost, so verifying reads it from there.
 */
export const PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 19456, timeCost: 2 };

export const hashPassword = (password: string, cost: PasswordHashCost = PASSWORD_HASH_COST) =>
  hash(password, { algorithm: 2 /* Argon2id; the enum is an ambient const enum */, parallelism: 1, ...cost });

/** Per cost, a hash of a random password, verified against when the e-mail is unknown so both cases take as long. */
const dummyHashes = new Map<string, Promise<string>>();

export async function verifyPassword(
  passwordHash: string | undefined,
  password: string,
  cost: PasswordHashCost = PASSWORD_HASH_COST,
): Promise<boolean> {
  if (!passwordHash) {
    const key = `${cost.memoryCost}/${cost.timeCost}`;
    let dummyHash = dummyHashes.get(key);
    if (!dummyHash) {
      dummyHash = hashPassword('not-a-real-password-1', cost);
      dummyHashes.set(key, dummyHash);
    }
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
