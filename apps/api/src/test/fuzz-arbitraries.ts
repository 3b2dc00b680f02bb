import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries for the request schemas of the API routes (route-fuzz.test.ts) and
 * valid examples of them (route-access.test.ts).
 *
 * Why not a bridge: zod-fast-check, the maintained zod → fast-check bridge, supports zod 3 only
 * (peer dependencies zod ^3.18 and fast-check < 4); no bridge for zod 4 exists on npm
 * (zod-schema-faker supports zod 4 but generates with faker, not fast-check, so no shrinking
 * and no seeds). The route schemas are therefore converted with zod 4's own `z.toJSONSchema`
 * (input side, unrepresentable parts as "any") and the small JSON Schema mapping below turns
 * them into arbitraries. Refinements (IBAN checksum, tax numbers) do not survive the
 * conversion: FIELD_HINTS adds known-good values by field name, so valid-looking requests
 * reach the services often enough.
 */

export type JsonSchema = { [key: string]: unknown };

/** The JSON Schema of a zod schema as the route validates its input; undefined for no schema. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!isZod(schema)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function isZod(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/** Known-good values for string fields whose rules the JSON Schema cannot express. */
const FIELD_HINTS: [RegExp, fc.Arbitrary<string>][] = [
  [
    /iban/i,
    fc.constantFrom(
      'DE89370400440532013000',
      'DE89 3704 0044 0532 0130 00',
      'AT611904300234573201',
      'PL61109010140000071219812874',
      'CH9300762011623852957',
    ),
  ],
  [/tax_?id|taxid/i, fc.constantFrom('1234567890', '9876543210', '12/345/67890')],
  [/email/i, fc.emailAddress()],
  [/password/i, fc.constantFrom('Start-Passw0rd!', 'An0ther-Passw0rd?')],
  [/country/i, fc.constantFrom('DE', 'AT', 'CH', 'PL')],
  [
    /date/i,
    fc
      .date({ min: new Date('1950-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .chain((d) =>
        fc.constantFrom(
          d.toISOString().slice(0, 10),
          `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`,
        ),
      ),
  ],
  [/post_?code/i, fc.constantFrom('10115', '6020', '00-950', '8001')],
];

const MAX_DEPTH = 6;

/** Values that the schema accepts as far as JSON Schema can tell (plus field hints). */
export function validLooking(schema: unknown, root: unknown = schema, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (schema === true || schema === undefined) return fc.jsonValue({ maxDepth: 2 });
  if (schema === false || typeof schema !== 'object' || schema === null) return fc.constant(null);
  if (depth > MAX_DEPTH) return fc.constant(null);
  const s = schema as JsonSchema;
  if (typeof s.$ref === 'string') return validLooking(resolveRef(root, s.$ref), root, name, depth + 1);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length) {
    return fc.oneof(...alternatives.map((a) => validLooking(a, root, name, depth + 1)));
  }
  if (Array.isArray(s.allOf) && s.allOf.length) return validLooking(s.allOf[0], root, name, depth + 1);
  if (Array.isArray(s.type)) {
    return fc.oneof(...(s.type as string[]).map((type) => validLooking({ ...s, type }, root, name, depth)));
  }
  switch (s.type) {
    case 'string':
      return stringLooking(s, name);
    case 'integer':
      return numberLooking(s, true);
    case 'number':
      return numberLooking(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = num(s.minItems) ?? 0;
      const maxLength = Math.min(num(s.maxItems) ?? minLength + 4, minLength + 4);
      return fc.array(validLooking(s.items, root, name, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectLooking(s, root, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function resolveRef(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return true;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as JsonSchema)[key] : undefined), root);
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function stringLooking(s: JsonSchema, name: string): fc.Arbitrary<string> {
  const minLength = num(s.minLength) ?? 0;
  const maxLength = num(s.maxLength) ?? Number.MAX_SAFE_INTEGER;
  const fits = (v: string) => v.length >= minLength && v.length <= maxLength;
  const cap = Math.min(maxLength, Math.max(minLength, 40));
  let generic: fc.Arbitrary<string>;
  if (s.format === 'uuid') generic = fc.uuid();
  else if (s.format === 'email') generic = fc.emailAddress().filter(fits);
  else if (s.format === 'date') generic = fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  else if (s.format === 'date-time') generic = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  else if (typeof s.pattern === 'string') {
    // An e-mail pattern makes strange addresses; a real-looking one gets further.
    generic = s.pattern.includes('@')
      ? fc.emailAddress().filter(fits)
      : fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  } else {
    generic = fc.oneof(
      { weight: 3, arbitrary: fc.string({ minLength, maxLength: cap }) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: cap }) },
    );
  }
  const hint = FIELD_HINTS.find(([pattern]) => pattern.test(name))?.[1];
  if (!hint || s.format || s.pattern) return generic;
  return fc.oneof({ weight: 3, arbitrary: hint.filter(fits) }, { weight: 1, arbitrary: generic });
}

const EDGE_NUMBERS = [0, 1, -1, 0.5, 100_000, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e21, 1e308, -1e308, 5e-324];

function numberLooking(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = num(s.exclusiveMinimum);
  const exclusiveMax = num(s.exclusiveMaximum);
  const step = integer ? 1 : 1e-6;
  const min = num(s.minimum) ?? (exclusiveMin !== undefined ? exclusiveMin + step : undefined);
  const max = num(s.maximum) ?? (exclusiveMax !== undefined ? exclusiveMax - step : undefined);
  const lo = Math.max(min ?? -1e9, integer ? Number.MIN_SAFE_INTEGER : -Number.MAX_VALUE);
  const hi = Math.min(max ?? 1e9, integer ? Number.MAX_SAFE_INTEGER : Number.MAX_VALUE);
  const inRange = EDGE_NUMBERS.filter(
    (n) => (!integer || Number.isInteger(n)) && n >= (min ?? -Infinity) && n <= (max ?? Infinity),
  );
  // Mostly small values (near the minimum, or around 0): a count of 10,000 is valid but slow to
  // serve and says little more than 10 does; the whole range still comes up.
  const smallLo = Math.ceil(min ?? Math.max(lo, -100));
  const small = fc.integer({ min: smallLo, max: Math.floor(Math.min(hi, smallLo + 200)) });
  const whole = fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  const plausible = integer
    ? fc.oneof({ weight: 3, arbitrary: small }, { weight: 1, arbitrary: whole })
    : fc.oneof(
        { weight: 2, arbitrary: small },
        { weight: 1, arbitrary: whole },
        { weight: 1, arbitrary: fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }) },
      );
  return inRange.length ? fc.oneof({ weight: 4, arbitrary: plausible }, fc.constantFrom(...inRange)) : plausible;
}

function objectLooking(s: JsonSchema, root: unknown, depth: number): fc.Arbitrary<unknown> {
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const keys = Object.keys(properties);
  const extra = s.additionalProperties;
  if (!keys.length && extra && typeof extra === 'object') {
    const keyArb = s.propertyNames
      ? (validLooking(s.propertyNames, root, '', depth + 1) as fc.Arbitrary<string>).filter(
          (k) => typeof k === 'string',
        )
      : fc.string({ minLength: 1, maxLength: 12 });
    return fc.dictionary(keyArb, validLooking(extra, root, '', depth + 1), { maxKeys: 4 });
  }
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const model = Object.fromEntries(keys.map((k) => [k, validLooking(properties[k], root, k, depth + 1)]));
  return fc.record(model, { requiredKeys: keys.filter((k) => required.has(k)) });
}

/**
 * A value the zod schema accepts, generated from it (deterministically) with `fixed` values put
 * in; undefined when the schema is absent. Throws when no generated value passes: a new schema
 * with a rule the generator cannot meet needs a FIELD_HINTS entry.
 */
export function validExample(schema: unknown, fixed: Record<string, unknown> = {}): unknown {
  if (!isZod(schema)) return undefined;
  const json = jsonSchemaOf(schema)!;
  const candidates = fc.sample(validLooking(json), { seed: 4242, numRuns: 400 });
  for (const candidate of candidates) {
    const value =
      candidate && typeof candidate === 'object' && !Array.isArray(candidate) ? { ...candidate, ...fixed } : candidate;
    if (schema.safeParse(value).success) return value;
  }
  throw new Error(
    `no generated value passes the schema ${JSON.stringify(json).slice(0, 300)}: add a FIELD_HINTS entry in fuzz-arbitraries.ts`,
  );
}

// ---------------------------------------------------------------------------------------------
// Hostile values

/**
 * C0 controls (NUL first), DEL and a pair of NULs: PostgreSQL cannot store NUL, logs and mails
 * break on the rest. C1 controls (NEL, CSI), the line and paragraph separators and the
 * bidirectional embeddings, overrides and isolates (issue 25): no text field takes them.
 */
export const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0000\u0000',
  '\u0085',
  '\u009b',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202b',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

/** Lone surrogates first (they cannot be encoded as UTF-8), then other unicode edge cases. */
export const UNICODE_EDGE_CASES = [
  '\ud800',
  '\udfff',
  '\udbff\u0041',
  'a\udc00b',
  '\u202e',
  '\u200b\u200d',
  '\ufeff',
  '\uffff',
  '\u{10ffff}',
  'e\u0301\u0301\u0301',
  '😀👩‍👩‍👧',
  'İıß',
];

/** Keys that pollute prototypes in naive merges (`__proto__` is an own key here, as JSON.parse makes it). */
const PROTOTYPE_KEY_SETS: string[] = [
  '{"__proto__": {"polluted": "yes"}}',
  '{"constructor": {"prototype": {"polluted": "yes"}}}',
  '{"prototype": {"polluted": "yes"}}',
  '{"__proto__": null}',
  '{"__proto__": []}',
  '{"constructor": "x", "prototype": "y", "toString": "z", "hasOwnProperty": 1, "valueOf": {}}',
];

/** Wrong JSON types for any field. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 5e-324, '', ' ', 'null', 'true', '0', [], {}, [null], [[]]),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.integer(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** Bodies that are not what the route parses as an object, as raw text. */
const RAW_BODIES = [
  '{"a":',
  '{',
  '[1,2',
  'null',
  '"string"',
  '42',
  '[]',
  '1e999',
  '\ufeff{}',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
];

/** Sizes of a huge string: under the body limit, about it and over it (1 MiB). */
const HUGE_SIZES = [70_000, 400_000, 1_100_000];

export interface BodyCase {
  kind: string;
  body?: unknown;
  /** Sent as it is instead of JSON. */
  raw?: string;
}

/** Request bodies for a route: valid-looking ones from its schema mixed with hostile ones. */
export function bodyArbitrary(schema: JsonSchema | undefined): fc.Arbitrary<BodyCase> {
  const valid = schema ? validLooking(schema) : fc.constant({});
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((body) => ({ kind: 'valid-looking', body })) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, fc.nat(), wrongType)
        .map(([body, at, value]) => ({ kind: 'wrong-type', body: replaceAt(body, at, value) })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...CONTROL_CHARACTERS), fc.nat()).map(([body, c, at]) => ({
        kind: 'control-characters',
        body: withExtraKey(
          mapStrings(body, (s) => insertAt(s, c, at)),
          `key${c}`,
          insertAt('value', c, at),
        ),
      })),
    },
    {
      // One string field only (issue 25): every field must refuse them on its own, not only
      // when another field of the same body already did.
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...CONTROL_CHARACTERS), fc.nat(), fc.nat())
        .map(([body, c, field, at]) => ({
          kind: 'control-characters',
          body: insertIntoOneString(body, field, (s) => insertAt(s, c, at)),
        })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...UNICODE_EDGE_CASES), fc.nat()).map(([body, c, at]) => ({
        kind: 'unicode-edge-cases',
        body: mapStrings(body, (s) => insertAt(s, c, at)),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.nat(), fc.constantFrom(...HUGE_SIZES), fc.constantFrom('x', 'é', '😀'))
        .map(([body, at, size, unit]) => ({
          kind: 'huge-string',
          body: replaceAt(body, at, unit.repeat(Math.ceil(size / unit.length))),
        })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom(1_000, 5_000)).map(([body, keys]) => ({
        kind: 'many-keys',
        body: { ...(isPlainObject(body) ? body : {}), ...manyKeys(keys) },
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.nat(), fc.constantFrom<'object' | 'array'>('object', 'array'))
        .map(([body, at, shape]) => ({ kind: 'deep-nesting', body: replaceAt(body, at, deep(1_000, shape)) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.nat(), fc.constantFrom(...PROTOTYPE_KEY_SETS))
        .map(([body, at, keys]) => ({ kind: 'prototype-keys', body: mergeAt(body, at, JSON.parse(keys)) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<unknown>(null, [], [{}], 'text', 0, true)
        .map((body) => ({ kind: 'top-level-type', body })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ kind: 'raw', raw })) },
  );
}

/** Query strings (encoded, without `?`) for a route's querystring schema, valid-looking and hostile. */
export function queryArbitrary(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const valid: fc.Arbitrary<Record<string, unknown>> = schema
    ? (validLooking(schema) as fc.Arbitrary<unknown>).map((v) => (isPlainObject(v) ? v : {}))
    : fc.constant({});
  const encode = (q: Record<string, unknown>) =>
    Object.entries(q)
      .flatMap(([k, v]) =>
        (Array.isArray(v) ? v : [v]).map((item) => `${percentEncode(k)}=${percentEncode(asText(item))}`),
      )
      .join('&');
  return fc.oneof(
    { weight: 4, arbitrary: valid.map(encode) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...CONTROL_CHARACTERS, ...UNICODE_EDGE_CASES), fc.nat())
        .map(([q, c, at]) => encode({ ...mapValues(q, (v) => insertAt(asText(v), c, at)), [`k${c}`]: c })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat(), wrongType).map(([q, at, value]) => {
        const replaced = replaceAt(q, at, value);
        return encode(isPlainObject(replaced) ? replaced : { q: replaced });
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(2, 50))
        .map(([q, times]) => encode(mapValues(q, (v) => Array.from({ length: times }, () => v)))),
    },
    { weight: 1, arbitrary: valid.map((q) => encode(mapValues(q, () => 'q'.repeat(10_000)))) },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...RAW_QUERIES)).map(([q, raw]) => `${encode(q)}&${raw}`),
    },
  );
}

const RAW_QUERIES = [
  '__proto__[polluted]=yes',
  '__proto__.polluted=yes',
  'constructor[prototype][polluted]=yes',
  '__proto__=yes',
  'a=%',
  'a=%zz',
  'a=%00',
  'a=%ED%A0%80',
  '=&&=x&',
  'a[]=1&a[]=2&a[0]=3',
];

/**
 * Path parameter values (already encoded): `fixed` values (the caller's own ids) most of the
 * time, schema-generated values for the others, and hostile segments.
 */
export function paramsArbitrary(
  names: string[],
  schema: JsonSchema | undefined,
  fixed: Record<string, string>,
  foreignIds: string[],
): fc.Arbitrary<Record<string, string>> {
  const properties = (schema?.properties ?? {}) as Record<string, unknown>;
  const one = (name: string): fc.Arbitrary<string> => {
    const generated: fc.Arbitrary<string> = properties[name]
      ? validLooking(properties[name], schema, name).map(asText)
      : fc.string({ minLength: 1, maxLength: 20 });
    const good = name in fixed ? fc.constant(fixed[name]!) : generated;
    const base = name in fixed ? fixed[name]! : 'x';
    return fc.oneof(
      { weight: 4, arbitrary: good.map(percentEncode) },
      { weight: 1, arbitrary: generated.map(percentEncode) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom(...CONTROL_CHARACTERS, ...UNICODE_EDGE_CASES), fc.nat())
          .map(([c, at]) => percentEncode(insertAt(base, c, at))),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          ...foreignIds.map(percentEncode),
          '00000000-0000-0000-0000-000000000000',
          '..',
          '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
          '%00',
          '%zz',
          '%ED%A0%80',
          `${'9'.repeat(5_000)}`,
          `${percentEncode(base)}%20OR%201%3D1`,
          `${percentEncode(base)}'%3B--`,
          '-1',
          '1e999',
        ),
      },
    );
  };
  return fc.record(Object.fromEntries(names.map((n) => [n, one(n)])));
}

// ---------------------------------------------------------------------------------------------
// Helpers

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Sets an own property, also for `__proto__` (an assignment would change the prototype). */
function defineOwn(target: Record<string, unknown> | unknown[], key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of a JSON-like value with every string value mapped (keys stay; `__proto__` stays an own key). */
export function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) defineOwn(out, k, mapStrings(v, f));
    return out;
  }
  return value;
}

function mapValues(q: Record<string, unknown>, f: (v: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) defineOwn(out, k, f(v));
  return out;
}

function withExtraKey(body: unknown, key: string, value: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const out = { ...body };
  defineOwn(out, key, value);
  return out;
}

/** The paths of all nodes of a JSON-like value, the root first. */
function pathsOf(value: unknown): (string | number)[][] {
  const paths: (string | number)[][] = [[]];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (Array.isArray(node)) node.forEach((v, i) => (paths.push([...path, i]), walk(v, [...path, i])));
    else if (isPlainObject(node)) {
      for (const [k, v] of Object.entries(node)) {
        paths.push([...path, k]);
        walk(v, [...path, k]);
      }
    }
  };
  walk(value, []);
  return paths;
}

/** A copy with the node at the `at`-th path (modulo their number) replaced. */
export function replaceAt(value: unknown, at: number, replacement: unknown): unknown {
  const paths = pathsOf(value);
  // Prefer a field over the whole body: the root is chosen only for an empty body.
  const path = paths.length > 1 ? paths[1 + (at % (paths.length - 1))]! : [];
  if (!path.length) return replacement;
  const copy = mapStrings(value, (s) => s);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  defineOwn(node as Record<string, unknown>, String(path[path.length - 1]), replacement);
  return copy;
}

/** A copy with `keys` added to the `at`-th object (modulo their number); a non-object node is replaced. */
function mergeAt(value: unknown, at: number, keys: Record<string, unknown>): unknown {
  const copy = mapStrings(value, (s) => s);
  const objects = pathsOf(copy).filter((p) => {
    const node = p.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], copy);
    return isPlainObject(node);
  });
  if (!objects.length) return keys;
  const path = objects[at % objects.length]!;
  const target = path.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], copy) as Record<
    string,
    unknown
  >;
  for (const [k, v] of Object.entries(keys)) defineOwn(target, k, v);
  return copy;
}

/** A copy with the `at`-th string value (modulo their number) changed by `f`; a body without strings stays. */
function insertIntoOneString(value: unknown, at: number, f: (s: string) => string): unknown {
  const strings = pathsOf(value).filter(
    (p) => typeof p.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], value) === 'string',
  );
  if (!strings.length) return value;
  const path = strings[at % strings.length]!;
  if (!path.length) return typeof value === 'string' ? f(value) : value;
  const copy = mapStrings(value, (s) => s);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  defineOwn(node as Record<string, unknown>, String(last), f(node[last] as string));
  return copy;
}

function insertAt(s: string, c: string, at: number): string {
  const i = at % (s.length + 1);
  return `${s.slice(0, i)}${c}${s.slice(i)}`;
}

function deep(levels: number, shape: 'object' | 'array'): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = shape === 'array' ? [v] : { a: v };
  return v;
}

function manyKeys(n: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
}

function asText(v: unknown): string {
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
}

/**
 * Percent-encodes every byte outside the unreserved characters. Lone surrogates, which
 * encodeURIComponent refuses, become their (invalid) three UTF-8 bytes, as a hostile client
 * would send them.
 */
export function percentEncode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    let cp = s.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < s.length) {
      const low = s.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (cp < 0x80 && /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(cp))) {
      out += String.fromCharCode(cp);
      continue;
    }
    const bytes =
      cp < 0x80
        ? [cp]
        : cp < 0x800
          ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)]
          : cp < 0x10000
            ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
            : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** A JSON-like value with long strings and big containers summarised, for failure messages. */
export function summarise(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.length > 120 ? `<string of ${value.length} chars: ${JSON.stringify(value.slice(0, 40))}…>` : value;
  if (depth > 6) return '<deeper>';
  if (Array.isArray(value)) {
    const head = value.slice(0, 10).map((v) => summarise(v, depth + 1));
    return value.length > 10 ? [...head, `<${value.length - 10} more>`] : head;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries.slice(0, 20)) defineOwn(out, k, summarise(v, depth + 1));
    if (entries.length > 20) out['…'] = `<${entries.length - 20} more keys>`;
    return out;
  }
  return value;
}
