import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: used for bearer tokens and password-reset links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored: a leaked database does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
