// Proves that the lint of eslint.config.js rejects what docs/code-style.md forbids: each
// import zone (static import, `export … from`, `import()`), import cycles, inaccessible
// markup and file names that are not kebab-case; and that legal code passes.
// Run: node --test scripts/eslint/zones.test.mjs (part of `npm test`).
//
// The importing files are virtual (lintText with a path inside the zone); the imported
// files are real files of the repository, picked at run time, because the rule resolves
// every import to a file on disk.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import { apiModules, root, webFeatures } from './zones.js';

const eslint = new ESLint({ cwd: root, ignore: false });

/** The rule ids that `code`, saved as `filePath`, breaks. */
async function ruleIds(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `parse error in the fixture ${filePath}`);
  return result.messages.map((m) => m.ruleId);
}

/** The three ways a module can pull in another one. */
function importForms(specifier) {
  return {
    'static import': `import * as target from '${specifier}';\nexport const used = target;\n`,
    'export … from': `export * from '${specifier}';\n`,
    'import()': `export const load = () => import('${specifier}');\n`,
  };
}

/**
 * The specifier of `target` as seen from `from` (both relative to the repository root), written
 * the way the code writes it: the web app without extension (bundler resolution), the API and the
 * packages with `.js` for a `.ts` file (NodeNext).
 */
function relative(from, target) {
  let spec = path.relative(path.dirname(from), target).split(path.sep).join('/');
  spec = from.startsWith('apps/web/') ? spec.replace(/\.tsx?$/, '') : spec.replace(/\.ts$/, '.js');
  return spec.startsWith('.') ? spec : `./${spec}`;
}

/** A source file (not a test) somewhere below `dir`, or below one of its folders matching `filter`. */
function sourceFile(dir, filter = () => true) {
  const abs = path.join(root, dir);
  const entries = fs.readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) return `${dir}/${entry.name}`;
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || !filter(entry.name)) continue;
    const found = sourceFile(`${dir}/${entry.name}`);
    if (found) return found;
  }
  return undefined;
}

/** Two web features, the second with an internal (non-api) file and an api file. */
function webPair() {
  for (const other of webFeatures) {
    const internal = sourceFile(`apps/web/src/features/${other}`, (name) => name !== 'api');
    const api = fs.existsSync(path.join(root, `apps/web/src/features/${other}/api`))
      ? sourceFile(`apps/web/src/features/${other}/api`)
      : undefined;
    const feature = webFeatures.find((f) => f !== other);
    if (internal && api && feature) return { feature, internal, api };
  }
  throw new Error('no web feature with both api/ and internal files');
}

/** Two api modules, the second with public.ts and another file (its service.ts where it has one). */
function apiPair() {
  for (const other of apiModules) {
    const dir = `apps/api/src/modules/${other}`;
    const files = fs.readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.ts') && !f.includes('.test.'));
    const internal = files.includes('service.ts') ? 'service.ts' : files.find((f) => f !== 'public.ts');
    const module = apiModules.find((m) => m !== other);
    if (files.includes('public.ts') && internal && module) {
      return { module, internal: `${dir}/${internal}`, service: `${dir}/public.ts` };
    }
  }
  throw new Error('no api module with both public.ts and another file');
}

const web = webPair();
const api = apiPair();
const webLib = sourceFile('apps/web/src/lib');
const webComponent = sourceFile('apps/web/src/components');
const webApp = sourceFile('apps/web/src/app');
const apiPlatform = sourceFile('apps/api/src/platform');
const apiDb = sourceFile('apps/api/src/db');
const apiModule = `apps/api/src/modules/${api.module}/zz-fixture.ts`;

// [zone, importing file (virtual), imported file (real)]
const forbidden = [
  ['web lib/ → features/', 'apps/web/src/lib/zz-fixture.ts', web.internal],
  ['web lib/ → app/', 'apps/web/src/lib/zz-fixture.ts', webApp],
  ['web components/ → features/', 'apps/web/src/components/zz-fixture.tsx', web.api],
  ['web components/ → app/', 'apps/web/src/components/zz-fixture.tsx', webApp],
  ['web features/ → app/', `apps/web/src/features/${web.feature}/zz-fixture.ts`, webApp],
  [
    "web feature → another feature's internals",
    `apps/web/src/features/${web.feature}/components/zz-fixture.tsx`,
    web.internal,
  ],
  ['web → api', 'apps/web/src/lib/zz-fixture.ts', apiPlatform],
  ['contracts → apps', 'packages/contracts/src/zz-fixture.ts', webLib],
  ['testing → apps', 'packages/testing/src/zz-fixture.ts', apiPlatform],
  ['shipped web code → packages/testing', 'apps/web/src/lib/zz-fixture.ts', 'packages/testing/src/factories.ts'],
  ['shipped api code → packages/testing', apiModule, 'packages/testing/src/factories.ts'],
  ['api platform/ → modules/', 'apps/api/src/platform/zz-fixture.ts', api.service],
  ['api platform/ → app.ts', 'apps/api/src/platform/zz-fixture.ts', 'apps/api/src/app.ts'],
  ['api db/ → modules/', 'apps/api/src/db/zz-fixture.ts', api.service],
  ['api db/ → platform/', 'apps/api/src/db/zz-fixture.ts', apiPlatform],
  ['api config/ → db/', 'apps/api/src/config/zz-fixture.ts', apiDb],
  ["api module → another module's internals (its service.ts too)", apiModule, api.internal],
  ["test file → another feature's internals", `apps/web/src/features/${web.feature}/zz-fixture.test.tsx`, web.internal],
];

for (const [zone, file, target] of forbidden) {
  for (const [form, code] of Object.entries(importForms(relative(file, target)))) {
    test(`zone ${zone} rejects ${form} of ${target}`, async () => {
      assert.ok(fs.existsSync(path.join(root, target)), `${target} exists`);
      assert.ok((await ruleIds(file, code)).includes('import-x/no-restricted-paths'));
    });
  }
}

const allowed = [
  ["web feature → another feature's api/", `apps/web/src/features/${web.feature}/components/zz-fixture.tsx`, web.api],
  ['web feature → lib/', `apps/web/src/features/${web.feature}/zz-fixture.ts`, webLib],
  ['web feature → components/', `apps/web/src/features/${web.feature}/zz-fixture.ts`, webComponent],
  ['web app/ → feature internals', 'apps/web/src/app/zz-fixture.tsx', web.internal],
  ["api module → another module's public.ts", apiModule, api.service],
  ['api module → platform/', apiModule, apiPlatform],
  ['api module → db/', apiModule, apiDb],
  ['api platform/ → db/', 'apps/api/src/platform/zz-fixture.ts', apiDb],
  ['api test harness → packages/testing', 'apps/api/src/test/zz-fixture.ts', 'packages/testing/src/factories.ts'],
  [
    'api platform test → app.ts (tests may assemble the layers)',
    'apps/api/src/platform/zz-fixture.test.ts',
    'apps/api/src/app.ts',
  ],
];

for (const [zone, file, target] of allowed) {
  test(`${zone} passes`, async () => {
    for (const code of Object.values(importForms(relative(file, target)))) {
      assert.deepEqual(await ruleIds(file, code), [], code);
    }
  });
}

test('workspace packages are resolved by name', async () => {
  const testing =
    "import { buildRegistration } from '@finportal/testing/factories';\nexport const p = buildRegistration;\n";
  const contracts = "import { ERROR_CODES } from '@finportal/contracts/errors';\nexport const c = ERROR_CODES;\n";
  assert.ok((await ruleIds('apps/web/src/lib/zz-fixture.ts', testing)).includes('import-x/no-restricted-paths'));
  assert.deepEqual(await ruleIds('apps/web/src/lib/zz-fixture.ts', contracts), []);
  assert.deepEqual(await ruleIds('apps/web/src/lib/zz-fixture.test.ts', testing), []);
});

test('every web feature and api module has its zone', async () => {
  assert.ok(webFeatures.length > 1 && apiModules.length > 1);
  const config = await eslint.calculateConfigForFile(`apps/web/src/features/${web.feature}/zz-fixture.ts`);
  const [, { zones }] = config.rules['import-x/no-restricted-paths'];
  for (const feature of webFeatures) {
    assert.ok(
      zones.some((z) => z.target === `apps/web/src/features/${feature}`),
      feature,
    );
  }
  for (const module of apiModules) {
    assert.ok(
      zones.some((z) => z.target === `apps/api/src/modules/${module}`),
      module,
    );
  }
});

test('import-x/no-cycle rejects two modules that import each other', async () => {
  const [result] = await eslint.lintFiles(['scripts/eslint/fixtures/cycle/cycle-a.ts']);
  assert.deepEqual(
    result.messages.map((m) => m.ruleId),
    ['import-x/no-cycle'],
  );
});

test('jsx-a11y rejects an image without alt text and a clickable div without keyboard access', async () => {
  const ids = await ruleIds(
    'apps/web/src/components/zz-fixture.tsx',
    'export const Bad = ({ go }: { go: () => void }) => (\n  <div onClick={go}>\n    <img src="/logo.svg" />\n  </div>\n);\n',
  );
  assert.ok(ids.includes('jsx-a11y/alt-text'), ids.join());
  assert.ok(ids.includes('jsx-a11y/click-events-have-key-events'), ids.join());
  assert.ok(ids.includes('jsx-a11y/no-static-element-interactions'), ids.join());
});

test('jsx-a11y passes accessible markup', async () => {
  const ids = await ruleIds(
    'apps/web/src/components/zz-fixture.tsx',
    'export const Good = ({ go }: { go: () => void }) => (\n  <button type="button" onClick={go}>\n    <img src="/logo.svg" alt="" />\n  </button>\n);\n',
  );
  assert.deepEqual(ids, []);
});

test('file and folder names must be kebab-case', async () => {
  const code = 'export const value = 1;\n';
  assert.deepEqual(await ruleIds('apps/web/src/components/StatusBadge.tsx', code), [
    'check-file/filename-naming-convention',
  ]);
  assert.deepEqual(await ruleIds('apps/api/src/platform/rate_limit.ts', code), [
    'check-file/filename-naming-convention',
  ]);
  assert.deepEqual(await ruleIds('e2e/tests/SignUp.spec.ts', code), ['check-file/filename-naming-convention']);
  assert.deepEqual(await ruleIds('bench/runAll.mjs', code), ['check-file/filename-naming-convention']);
  assert.deepEqual(await ruleIds('apps/web/src/features/bankInfo/zz-fixture.ts', code), [
    'check-file/folder-naming-convention',
  ]);
  assert.deepEqual(await ruleIds('packages/contracts/src/status-badge.test.ts', code), []);
  assert.deepEqual(await ruleIds('e2e/playwright.config.ts', code), []);
});

test('a feature component may not import useMutation (mutations are useX hooks in api/)', async () => {
  const component = `apps/web/src/features/${web.feature}/components/zz-fixture.tsx`;
  const mutation = "import { useMutation } from '@tanstack/react-query';\nexport const use = useMutation;\n";
  const query = "import { useQuery } from '@tanstack/react-query';\nexport const use = useQuery;\n";
  assert.deepEqual(await ruleIds(component, mutation), ['no-restricted-imports']);
  assert.deepEqual(await ruleIds(component, query), []);
  assert.deepEqual(await ruleIds(`apps/web/src/features/${web.feature}/api/zz-fixture.ts`, mutation), []);
});
