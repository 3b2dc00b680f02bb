import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.js';

/**
 * `/api/docs` is complete (issue 9): every API route the app registers (dev routes included, they
 * are registered in tests) is in the OpenAPI document with a summary, a tag, and a named schema for
 * its success response; a route that takes a body documents the body. Generated from the
 * registered routes: a new route is checked without being listed here.
 */
const t = await useTestApp();
const apiBase = t.config.API_BASE_PATH;

interface Operation {
  summary?: string;
  tags?: string[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;
}

const documented = t.routes.filter((r) => !r.url.startsWith(`${apiBase}/docs`));
const openapiPath = (url: string) => url.slice(apiBase.length).replace(/:([A-Za-z_]+)/g, '{$1}');

let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  // The test client puts the API base path in front.
  const res = await t.client('demo').get('/docs/json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
});

describe('the OpenAPI document at /api/docs/json', () => {
  it('is an OpenAPI 3 document', () => {
    expect(doc.openapi).toMatch(/^3\./);
  });

  it.each(documented.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s has a summary, a tag and its responses',
    (_label, route) => {
      const pathItem = doc.paths[`${apiBase}${openapiPath(route.url)}`] ?? doc.paths[openapiPath(route.url)];
      expect(pathItem, `path ${route.url} is missing`).toBeDefined();
      const operation = pathItem![route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} is missing`).toBeDefined();
      expect(operation!.summary?.trim().length ?? 0, 'summary').toBeGreaterThan(8);
      expect(operation!.tags?.length ?? 0, 'tags').toBeGreaterThan(0);
      const success = Object.entries(operation!.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
      expect(success.length, 'a documented success response').toBeGreaterThan(0);
      const schema = (route.options.schema ?? {}) as { body?: unknown };
      if (schema.body) expect(operation!.requestBody, 'request body').toBeDefined();
    },
  );
});
