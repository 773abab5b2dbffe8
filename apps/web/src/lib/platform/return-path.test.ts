import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOME_PATH, loginPathFor, returnPathFrom, safeReturnPath } from './return-path';

const ORIGIN = 'https://app.example';

/** What a browser makes of the path on our page: it must stay on our origin. */
function staysHome(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    new URL(path, ORIGIN).origin === ORIGIN
  );
}

const login = (next: string) => `?next=${encodeURIComponent(next)}`;

describe('the page sign-in returns to (decision 0037)', () => {
  it.each([
    '/progress',
    '/schools/students?sort=points&order=desc',
    '/days/2026-11-20#sleep',
    '/activities/water',
  ])('is the page asked for: %s', (path) => {
    expect(returnPathFrom(login(path))).toBe(path);
  });

  it.each([
    '//evil.com',
    '//evil.com/dashboard',
    'https://evil.com',
    'http://evil.com/dashboard',
    '/\\evil.com',
    '\\\\evil.com',
    '/\\/evil.com',
    '\\/evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    ' /dashboard',
    '/ /evil.com',
    'javascript:alert(1)',
    'evil.com',
    'dashboard',
    '',
    '///evil.com',
    '/.//evil.com',
    '/%0a/evil.com'.replace('%0a', '\n'),
    `/${'a'.repeat(3000)}`,
  ])('is home for a value that is not a path of ours: %j', (value) => {
    expect(returnPathFrom(login(value))).toBe(HOME_PATH);
  });

  it('is home without a value, or with the parameter twice only the first counts', () => {
    expect(returnPathFrom('')).toBe(HOME_PATH);
    expect(returnPathFrom('?next=%2F%2Fevil.com&next=%2Fprogress')).toBe(HOME_PATH);
  });

  it('resolves dot segments the way the browser will', () => {
    expect(safeReturnPath('/schools/../progress')).toBe('/progress');
    expect(safeReturnPath('/%2F%2Fevil.com')).toBe('/%2F%2Fevil.com');
  });

  it('for any string, is a path on our origin or home (property)', () => {
    const risky = fc.constantFrom(
      '/',
      '\\',
      '.',
      ':',
      '@',
      '#',
      '?',
      '%',
      '\t',
      '\n',
      ' ',
      'evil.com',
    );
    // Mostly strings made of the characters that change what a URL means: those find the holes.
    const value = fc.oneof(
      { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
      {
        weight: 4,
        arbitrary: fc
          .array(fc.oneof(risky, fc.string()), { maxLength: 8 })
          .map((parts) => parts.join('')),
      },
      { weight: 1, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
    );
    fc.assert(
      fc.property(value, (raw) => {
        const path = returnPathFrom(login(raw));
        expect(path === HOME_PATH || staysHome(path)).toBe(true);
        const direct = safeReturnPath(raw);
        if (direct !== null) expect(staysHome(direct)).toBe(true);
      }),
      { numRuns: 1000 },
    );
    // jsdom's URL parser is slow, and the machine may be busy.
  }, 30_000);
});

describe('the login page that returns to a page', () => {
  it('carries the page in its query', () => {
    expect(loginPathFor('/schools/students?sort=points')).toBe(
      '/login?next=%2Fschools%2Fstudents%3Fsort%3Dpoints',
    );
    expect(returnPathFrom(loginPathFor('/progress#week').slice('/login'.length))).toBe(
      '/progress#week',
    );
  });

  it('is plain /login for home, the login page itself, or a value that is not ours', () => {
    for (const path of [HOME_PATH, '/', '/login', '/login?next=%2Fprogress', '//evil.com']) {
      expect(loginPathFor(path)).toBe('/login');
    }
  });
});
