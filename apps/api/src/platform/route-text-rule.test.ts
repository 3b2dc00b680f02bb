import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CONSOLE_FIELDS } from '@finportal/contracts/partner-console';
import { MULTILINE } from '@finportal/contracts/text';
import { jsonSchemaOf, validExample, type JsonSchema } from '../test/fuzz-arbitraries.js';
import { useTestApp } from '../test/harness.js';
import { fieldsWithControlCharacters } from './http.js';

/**
 * Issue 25, finding 8: one text rule for every free-text field, generated from the registered
 * routes (a new route or field is checked without being listed here). For every string in a valid
 * body or query of every route:
 * - the characters no field may hold (C1 controls, bidirectional overrides and isolates, line
 *   separators, C0 controls) are refused by the request guard, whichever field holds them;
 * - a line break is refused by the route's schema unless the field is declared multi-line
 *   (contracts text.ts `multiLine`). Passwords and tokens are secrets, never shown: only the guard's rule.
 */
const t = await useTestApp();
const SECRET = /password|token/i;
const NEVER = ['\u0085', '\u009b', '\u202e', '\u202a', '\u2066', '\u2069', '\u2028', '\u0007', '\u001b'];
const LINE_BREAKS = ['\n', '\r', 'a\r\nb'];

type Path = (string | number)[];

function stringLeaves(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

function withInserted(value: unknown, path: Path, insert: string): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  const old = String(node[last]);
  node[last] = `${old.slice(0, 1)}${insert}${old.slice(1)}`;
  return copy;
}

/** The JSON Schemas a path of a value may be validated by (through anyOf, items, properties…). */
function schemasAt(root: JsonSchema, path: Path): JsonSchema[] {
  const expand = (s: JsonSchema): JsonSchema[] => [
    s,
    ...(['anyOf', 'oneOf', 'allOf'] as const).flatMap((k) =>
      ((s[k] as JsonSchema[] | undefined) ?? []).flatMap(expand),
    ),
  ];
  let current = expand(root);
  for (const key of path) {
    current = current
      .flatMap((s) => {
        if (typeof key === 'number') {
          const prefix = s.prefixItems as JsonSchema[] | undefined;
          return [prefix?.[key] ?? (s.items as JsonSchema | undefined)].filter(Boolean) as JsonSchema[];
        }
        const props = s.properties as Record<string, JsonSchema> | undefined;
        const extra = s.additionalProperties;
        return [props?.[key] ?? (typeof extra === 'object' ? (extra as JsonSchema) : undefined)].filter(
          Boolean,
        ) as JsonSchema[];
      })
      .flatMap(expand);
  }
  return current;
}

const routes = t.routes.filter((r) => r.access.auth !== 'dev');
/** Bodies whose rules the generator cannot meet (a readable theme, a public URL): real ones. */
const demo = t.ctx.partners.get('demo')! as unknown as Record<string, unknown>;
const EXAMPLES: Record<string, unknown> = {
  'PUT /api/backoffice/partners/:key/draft body': Object.fromEntries(CONSOLE_FIELDS.map((f) => [f, demo[f]])),
  'PUT /api/backoffice/partners/:key/webhook body': { url: 'https://hooks.example.com/finportal', enabled: true },
};
const cases = routes.flatMap((route) =>
  (['body', 'querystring'] as const).flatMap((part) => {
    const schema = (route.options.schema as Record<string, unknown> | undefined)?.[part] as z.ZodType | undefined;
    if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return [];
    return [{ label: `${route.method} ${route.url} ${part}`, schema }];
  }),
);

describe('the text rule of every string field of every route', () => {
  it('covers the fields the probe found', () => {
    expect(cases.map((c) => c.label)).toEqual(
      expect.arrayContaining([
        'POST /api/user/applications/:id/documents body',
        'POST /api/user/applications/:id/requests/:requestId/answer body',
        'POST /api/user/applications body',
        'PUT /api/backoffice/partners/:key/draft body',
      ]),
    );
  });

  for (const { label, schema } of cases) {
    it(`${label}: control and bidi characters refused in every field, line breaks in single-line fields`, () => {
      const example = EXAMPLES[label] ?? validExample(schema);
      const json = jsonSchemaOf(schema)!;
      const problems: string[] = [];
      for (const path of stringLeaves(example)) {
        const field = path.join('.');
        for (const c of NEVER) {
          if (!fieldsWithControlCharacters(withInserted(example, path, c)).length) {
            problems.push(`${field}: U+${c.codePointAt(0)!.toString(16)} passes the guard`);
          }
        }
        if (SECRET.test(String(path[path.length - 1]))) continue;
        const multiline = schemasAt(json, path).some((s) => s[MULTILINE] === true);
        for (const c of LINE_BREAKS) {
          const accepted = schema.safeParse(withInserted(example, path, c)).success;
          if (accepted && !multiline) problems.push(`${field}: a line break (${JSON.stringify(c)}) is accepted`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
