import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';

/**
 * Input no form would send: wrong types, text that is huge or strange, nesting, and keys that try
 * to reach an object's prototype. Each is a value that JSON can carry, so it reaches the route.
 */

const strangeText = [
  '',
  ' ',
  '\t\n\r',
  String.fromCharCode(0),
  `a${String.fromCharCode(0)}b`,
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D\uFEFF',
  'e\u0301\u0301\u0301\u0301\u0301',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'Ω≈ç√∫˜µ≤≥÷',
  '田中さんにあげて下さい',
  'مرحبا بالعالم',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; drop table users; --",
  "' or '1'='1",
  '../../../../etc/passwd',
  '{{7*7}}${7*7}<%= 7*7 %>',
  'javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'null',
  'undefined',
  'true',
  'NaN',
  '-1',
  '0',
  '1e309',
  '0x10',
  ' 42 ',
  '12.345',
  '9999999999999999999999',
  '2026-02-30T25:61:61Z',
  '%00%0d%0a',
  '\\u0000',
];

/** Text of the wrong kind for a query parameter or a CSV cell. */
export const junkText = fc.oneof(fc.constantFrom(...strangeText), fc.string({ unit: 'binary', maxLength: 40 }));

/** Long text: past every field's limit, and a few past the request's size limit. */
const hugeText = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(201, 501, 1001, 2001, 5001, 20_001).chain((n) => fc.constant('x'.repeat(n))) },
  { weight: 3, arbitrary: fc.constantFrom(100_000, 300_000).map((n) => '€'.repeat(n)) },
  { weight: 1, arbitrary: fc.constant('a'.repeat(1024 * 1024 + 10)) },
);

const oddNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  1.5,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
  Number.EPSILON,
);

/** A plain object with one own key that JSON.stringify writes out even when it is __proto__. */
export function withOwnKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

export const pollutionKeys = ['__proto__', 'constructor', 'prototype'] as const;

/** { "__proto__": { "isAdmin": true } } and its cousins, as own keys that survive JSON.stringify. */
export const pollution = fc
  .tuple(fc.constantFrom(...pollutionKeys), fc.constantFrom('isAdmin', 'isProvider', 'polluted', 'status'))
  .map(([key, field]) => withOwnKey({}, key, key === 'constructor' ? { prototype: { [field]: true } } : { [field]: true }));

/** Any value of the wrong kind for a field. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...strangeText) },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: oddNumbers },
  { weight: 1, arbitrary: fc.double() },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeText },
  { weight: 2, arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null)), { maxLength: 40 }) },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 4, maxKeys: 4, withNullPrototype: true }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 200 }, (_, i) => `tag-${i}`)) },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 200 }).map((depth) => nested(depth)) },
  { weight: 2, arbitrary: pollution },
);

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** A whole request body that is not JSON at all, or JSON of the wrong shape. */
export type RawBody = { raw: string; contentType: string } | { none: true };

export const rawBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc.constant({ none: true } as const),
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[1,2',
    'null',
    'true',
    '"text"',
    '12',
    '{"title": "x",}',
    "{'single': 'quotes'}",
    '{"a":1}{"b":2}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '\uFEFF{}',
    `{"title":"${String.fromCharCode(0)}"}`,
    '{"title":"\\u0000"}',
    '{"a":"\\ud800"}',
    '[]',
    '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]',
  ).map((raw) => ({ raw, contentType: 'application/json' })),
  fc
    .tuple(
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=latin1'),
      fc.constantFrom('title=x&description=y', '<a>1</a>', '{"title":"x"}', '--x--'),
    )
    .map(([contentType, raw]) => ({ raw, contentType })),
);

/** Path parameters that are not the id they should be. */
export const junkParam = fc.constantFrom(
  '0',
  '-1',
  'abc',
  '1.5',
  '1e3',
  ' 1',
  '99999999999999999999',
  '2147483648',
  'NaN',
  'null',
  '%00',
  '..%2F..%2Fetc',
  '%E2%80%AE',
  'caf%C3%A9',
  'x'.repeat(300),
);

/**
 * CSV files for the import routes: a file the site itself exported, with cells replaced by junk,
 * columns or rows dropped or repeated; and text that is not CSV at all.
 */
export function csvBody(samples: string[]): fc.Arbitrary<RawBody> {
  const cell = fc.oneof(fc.constantFrom(...strangeText), fc.string({ maxLength: 30 }), fc.constantFrom('=1+1', '@SUM(A1)', '+cmd|x', 'yes', '-5', '1e999', ''));
  const edited = fc
    .tuple(fc.constantFrom(...samples), fc.array(fc.tuple(fc.nat(), fc.nat(), cell), { maxLength: 6 }), fc.nat(4), fc.nat())
    .map(([sample, edits, how, pick]) => {
      const rows = parse(sample, { bom: true, relax_column_count: true }) as string[][];
      for (const [r, c, value] of edits) {
        const row = rows[1 + (r % Math.max(rows.length - 1, 1))];
        if (row && row.length > 0) row[c % row.length] = value;
      }
      if (how === 1) for (const row of rows) row.splice(pick % Math.max(row.length, 1), 1);
      if (how === 2 && rows.length > 1) rows.push(rows[1]!);
      if (how === 3) rows.length = Math.min(rows.length, 1);
      return stringify(rows);
    });
  const broken = fc.constantFrom('', '\uFEFF', 'a,b\n"unterminated', 'type,slug\n' + ',\n'.repeat(50), '\u0000,\u0000\n', 'title\n' + 'x'.repeat(5000));
  return fc.tuple(fc.oneof({ weight: 4, arbitrary: edited }, { weight: 1, arbitrary: broken }), fc.constantFrom('text/csv', 'text/csv', 'application/csv')).map(([raw, contentType]) => ({ raw, contentType }));
}
