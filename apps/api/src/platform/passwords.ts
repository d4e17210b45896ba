import { hash, verify } from '@node-rs/argon2';
import { randomToken } from './crypto';

/** Argon2id (the library's const enum value 2, spelled out because const enums do not cross module boundaries). */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** A password made for someone (the first super admin, a command-line reset): letters, digits and a symbol, so it also satisfies the password rule. */
export function generatedPassword(): string {
  return `${randomToken(12)}-A7a`;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so a missing account cannot be told apart by timing.
    await hash(password, OPTIONS);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
