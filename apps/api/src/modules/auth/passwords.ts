import { hash, verify } from '@node-rs/argon2';
import { MESSAGES } from '@wellbank/domain';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../http/errors.ts';

/**
 * argon2id (the library's default algorithm) at OWASP's baseline: 19 MiB, 2 passes, 1 lane.
 * Why these figures: docs/decisions/0002-password-hashing.md.
 */
const PASSWORD_HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/**
 * zxcvbn-ts's list of the ~49,000 most common passwords (lower-case, from leaked-password
 * corpora), loaded once into a Set: a lookup costs nothing beside the hash (decision 0046).
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * Hashes a password someone chooses (every sign-up, a reset, a profile change), after refusing
 * one of the most common (422), on top of SPEC.md's 6-character minimum.
 */
export function hashNewPassword(password: string): Promise<string> {
  if (isCommonPassword(password)) {
    throw new AppError('unprocessable', MESSAGES.passwordTooCommon);
  }
  return hashPassword(password);
}

/**
 * An account without a password (district sign-in only, decision 0050) fails like a wrong
 * password, in the same time, so the answer does not tell which accounts have none.
 */
export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (passwordHash === null) return verifyAgainstDummy(password);
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real verify, so an unknown e-mail answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('wellbank-dummy-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
