import { hash, verify } from '@node-rs/argon2';

// OWASP ASVS recommends argon2id; 19 MiB, 2 passes, 1 lane is its minimum configuration.
// `Algorithm` is a const enum, which isolatedModules cannot read; 2 is Algorithm.Argon2id.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Verifying against this keeps the timing of "no such user" close to "wrong password".
let dummyHash: Promise<string> | undefined;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** Constant-time (argon2 verify); a null hash still costs one verification. */
export async function verifyPassword(hashed: string | null | undefined, plain: string): Promise<boolean> {
  if (!hashed) {
    dummyHash ??= hashPassword('zema-timing-equaliser');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}
