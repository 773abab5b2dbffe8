import fc from 'fast-check';

/**
 * fast-check arbitraries for what a careless or hostile client sends: each starts from a valid
 * request of the route and breaks it, so most cases get past the first check and reach deeper.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const LONE_SURROGATES = ['\ud800', '\udfff', 'a\ud83d', '\ude00b'];

const oddString = fc.oneof(
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\t\n\r',
      ...LONE_SURROGATES,
      'null',
      'undefined',
      '-1',
      '1e309',
      '0x10',
      '2030-02-30',
      '0000-00-00',
      '<script>alert(1)</script>',
      "'; drop table users; --",
      '%00',
      '../../etc/passwd',
      '__proto__',
      'ä'.repeat(300),
      '𝒜'.repeat(200),
    ),
  },
  { weight: 1, arbitrary: fc.nat({ max: 100_000 }).map((length) => 'x'.repeat(length)) },
);

const oddNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1e-7,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    1e21,
    1e308,
    -1e308,
  ),
);

/** Any JSON value a field might receive instead of the one it expects. */
const oddValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 3, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
);

type Path = (string | number)[];
type Mutation =
  | { kind: 'replace'; value: Json }
  /** Keeps the field's type, so the value passes the type checks and reaches rules and storage. */
  | { kind: 'same-type'; text: string; number: number; place: 'instead' | 'before' | 'after' }
  | { kind: 'delete' }
  | { kind: 'extra'; key: string; value: Json };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('same-type' as const),
      text: oddString,
      number: oddNumber,
      place: fc.constantFrom('instead' as const, 'before' as const, 'after' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replace' as const), value: oddValue }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'delete' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      key: fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('__proto__', 'constructor', 'id'),
      ),
      value: oddValue,
    }),
  },
);

function sameType(target: unknown, change: Extract<Mutation, { kind: 'same-type' }>): Json {
  if (typeof target === 'number') return change.number;
  if (typeof target !== 'string' || change.place === 'instead') return change.text;
  return change.place === 'before' ? `${change.text}${target}` : `${target}${change.text}`;
}

/** Every place inside a JSON value: the keys leading to each nested value. */
function pathsOf(value: unknown, path: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [path];
  const children = Object.entries(value).flatMap(([key, child]) =>
    pathsOf(child, [...path, Array.isArray(value) ? Number(key) : key]),
  );
  return [path, ...children];
}

function applyMutation(root: Json, path: Path, change: Mutation): Json {
  if (path.length === 0) return change.kind === 'replace' ? change.value : root;
  let parent: unknown = root;
  for (const key of path.slice(0, -1)) {
    parent = (parent as Record<string | number, unknown> | null)?.[key];
  }
  if (parent === null || typeof parent !== 'object') return root;
  const container = parent as Record<string | number, unknown>;
  const key = path.at(-1) as string | number;
  const target = container[key];
  if (change.kind === 'delete') {
    if (Array.isArray(container)) container.splice(Number(key), 1);
    else delete container[key];
  } else if (change.kind === 'extra') {
    addExtraKey(target, change);
  } else {
    container[key] = change.kind === 'same-type' ? sameType(target, change) : change.value;
  }
  return root;
}

/**
 * A key the schema does not expect, on an object (an array's extra keys would not be sent).
 * defineProperty, so that `__proto__` becomes a key of the body rather than its prototype;
 * configurable and writable, so that a second change may draw the same key again.
 */
function addExtraKey(target: unknown, change: Extract<Mutation, { kind: 'extra' }>) {
  if (target === null || typeof target !== 'object' || Array.isArray(target)) return;
  Object.defineProperty(target, change.key, {
    value: change.value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** A valid body with one or two of its fields replaced, removed or joined by extra keys. */
export function mutatedFrom(valid: Json): fc.Arbitrary<Json> {
  const paths = pathsOf(valid);
  return fc
    .array(fc.tuple(fc.constantFrom(...paths), mutation), { minLength: 1, maxLength: 2 })
    .map((changes) =>
      changes.reduce<Json>(
        (body, [path, change]) => applyMutation(body, path, change),
        structuredClone(valid),
      ),
    );
}

/** Body text that is not the JSON it claims to be, or is JSON no parser should accept. */
export const malformedJsonText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom(
    '',
    '{',
    '{"user":',
    '[1,',
    "{'a': 1}",
    'undefined',
    'NaN',
    '{"a": NaN}',
    '1e999999',
    '"\\ud800"',
    '{"a":1,"a":2}',
    '{"__proto__": {"isAdmin": true}}',
    '{"constructor": {"prototype": {"isAdmin": true}}}',
    `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
    `{"a":"${'x'.repeat(1_100_000)}"}`,
  ),
);

/**
 * encodeURIComponent, except that a lone surrogate, which it refuses, is sent as the bytes it
 * would have in UTF-8: not valid UTF-8, and so one more odd input.
 */
function escapeComponent(value: string): string {
  return value
    .split(/(\p{Surrogate})/u)
    .map((part) => (/^\p{Surrogate}$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

/** A path segment, already escaped (or deliberately not): the valid one or an odd one. */
export function pathSegment(valid: string | number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(escapeComponent(String(valid))) },
    { weight: 3, arbitrary: oddString.map(escapeComponent) },
    { weight: 1, arbitrary: oddNumber.map((value) => escapeComponent(String(value))) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        '%00',
        '%2F',
        '..',
        '.',
        '+1',
        '1%20',
        ' 1',
      ),
    },
  );
}

/** A query string (without `?`): the valid one with odd values, repeated or extra keys, or junk. */
export function queryString(valid: Record<string, string>): fc.Arbitrary<string> {
  const keys = Object.keys(valid);
  const pair = fc.tuple(
    fc.oneof(
      fc.constantFrom(...keys, 'x', '__proto__', `${keys[0] ?? 'q'}[]`),
      fc.string({ maxLength: 8 }),
    ),
    fc.oneof(oddString, oddNumber.map(String)),
  );
  const encode = (pairs: [string, string][]) =>
    pairs.map(([key, value]) => `${escapeComponent(key)}=${escapeComponent(value)}`).join('&');
  return fc.oneof(
    fc.constant(encode(Object.entries(valid))),
    fc.array(pair, { maxLength: 4 }).map((pairs) => encode([...Object.entries(valid), ...pairs])),
    fc.array(pair, { maxLength: 4 }).map(encode),
    fc.constantFrom(
      '%',
      'code=%zz',
      'email=a%40b.c&email=d%40e.f',
      'days[]=1',
      'days[a]=2',
      '&&=&',
    ),
  );
}

/** An Authorization header that must not sign anyone in: made up, mangled from a real token, or revoked. */
export function madeUpAuthorization(tokens: {
  real: string;
  revoked: string;
}): fc.Arbitrary<string> {
  const { real, revoked } = tokens;
  return fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.string({ maxLength: 80 }).map((text) => `Bearer ${text}`),
    fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((text) => `Bearer ${text}`),
    fc.constantFrom(
      `Bearer ${real}x`,
      `Bearer ${real.slice(1)}`,
      `Bearer ${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`,
      `Bearer ${revoked}`,
      `Basic ${real}`,
      real,
      `Bearer ${real} ${real}`,
      `Bearer ${'A'.repeat(5000)}`,
    ),
  );
}
