import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../test/harness.js';
import type { RegisteredRoute } from './route-policy.js';

/**
 * `/api/docs` is complete (issue 9): every public and borrower route the app registers is in the
 * OpenAPI document with a summary, a tag, and a named schema for its success response; a route
 * that takes a body documents the body. The back office's, the console's and the development
 * routes are never in it (issue 25), and production serves no document unless told to
 * (API_DOCS). Generated from the registered routes: a new route is checked without being listed here.
 */
const t = await useTestApp();
const apiBase = t.config.API_BASE_PATH;
const internal = (r: RegisteredRoute) =>
  r.access.auth === 'staff' || r.access.auth === 'dev' || r.url.startsWith(`${apiBase}/backoffice/`);

interface Operation {
  summary?: string;
  tags?: string[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;
}

const documented = t.routes.filter((r) => !r.url.startsWith(`${apiBase}/docs`) && !internal(r));
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

  it('holds no back-office, console or development route', () => {
    const hidden = t.routes.filter(internal);
    expect(hidden.map((r) => r.url)).toEqual(
      expect.arrayContaining([`${apiBase}/backoffice/partners/:key/webhook`, `${apiBase}/backoffice/applications/:id`]),
    );
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => p.includes('/backoffice') || p.includes('/dev/'))).toEqual([]);
    for (const route of hidden) expect(paths).not.toContain(`${apiBase}${openapiPath(route.url)}`);
    expect(paths.length).toBe(new Set(documented.map((r) => openapiPath(r.url))).size);
  });
});

describe('in production', () => {
  it(
    'serves no OpenAPI document unless API_DOCS says so, and then without staff routes',
    { timeout: 180_000 },
    async () => {
      for (const [env, served] of [
        [{ NODE_ENV: 'production' }, false],
        [{ NODE_ENV: 'production', API_DOCS: 'true' }, true],
        [{ API_DOCS: 'false' }, false],
      ] as const) {
        const app = await createTestApp({
          DEMO_PROVIDER_SECRET: 'a-production-secret-of-sorts',
          DEMO_DEPLOYMENT: 'true',
          ...env,
        });
        try {
          for (const path of ['/docs/json', '/docs', '/docs/yaml']) {
            const res = await app.client('demo').get(path);
            expect(res.statusCode, `${JSON.stringify(env)} ${path}`).toBe(served ? 200 : 404);
          }
          if (served) {
            const paths = Object.keys((await app.client('demo').get('/docs/json')).json<{ paths: object }>().paths);
            expect(paths.some((p) => p.includes('/backoffice'))).toBe(false);
            expect(paths).toContain(`${apiBase}/user/applications`);
          }
        } finally {
          await app.close();
        }
      }
    },
  );
});
