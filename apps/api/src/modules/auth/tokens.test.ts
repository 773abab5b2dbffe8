import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from './tokens.ts';

describe('tokens', () => {
  it('hashes with SHA-256 in hex, so the hashes already stored keep matching their tokens', () => {
    // FIPS 180-2's test vector for "abc".
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('makes 256-bit URL-safe tokens, never the same twice', () => {
    const tokens = Array.from({ length: 100 }, newToken);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
