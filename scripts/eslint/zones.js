import fs from 'node:fs';
import path from 'node:path';

/**
 * The layers and feature boundaries of ARCHITECTURE.md (convention 1) as zones of
 * `import-x/no-restricted-paths`: a file inside `target` may not import anything inside
 * `from`, unless it is inside one of `except` (paths relative to `from`). The rule
 * resolves every `import`, `export … from` and `import()` to a file, so relative paths,
 * `.js` specifiers of TypeScript files and workspace packages are all caught.
 *
 *   web:  app → features → components, lib → contracts
 *   api:  app.ts/main.ts → modules → platform → db → config
 *
 * A feature reaches another feature only through its public part:
 * web `features/<x>/api/**` (server calls and their hooks), api `modules/<x>/public.ts` (one
 * explicit public file per module, issue 24).
 */
export const root = path.resolve(import.meta.dirname, '..', '..');

const WEB = 'apps/web/src';
const API = 'apps/api/src';

/** The folders below `dir` (features or modules), read when the config loads. */
function folders(dir) {
  try {
    return fs
      .readdirSync(path.join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

export const webFeatures = folders(`${WEB}/features`);
export const apiModules = folders(`${API}/modules`);

/** Zones that hold for every file, tests included. */
export const boundaryZones = [
  {
    target: 'packages',
    from: 'apps',
    message:
      'packages/ (contracts, testing) are shared by the apps and import none of them (ARCHITECTURE.md, convention 1).',
  },
  {
    target: 'apps/web',
    from: 'apps/api',
    message: 'The web app talks to the API over HTTP; share types through packages/contracts.',
  },
  {
    target: 'apps/api',
    from: 'apps/web',
    message: 'The API never imports the web app; share types through packages/contracts.',
  },
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [feature, ...webFeatures.filter((other) => other !== feature).map((other) => `${other}/api`)],
    message: `Feature '${feature}' may reach another feature only through its api/ folder (features/<x>/api/*); move shared code to lib/ or components/.`,
  })),
  ...apiModules.map((module) => ({
    target: `${API}/modules/${module}`,
    from: `${API}/modules`,
    except: [module, ...apiModules.filter((other) => other !== module).map((other) => `${other}/public.ts`)],
    message: `Module '${module}' may reach another module only through its public.ts; export what others need there.`,
  })),
];

/** Layer zones: production code only (a test may assemble the layers above it). */
export const layerZones = [
  {
    target: [`${WEB}/lib`, `${WEB}/components`],
    from: [`${WEB}/features`, `${WEB}/app`, `${WEB}/main.tsx`],
    message: 'lib/ and components/ sit below the features and the app shell: move the code down or pass it in.',
  },
  {
    target: `${WEB}/features`,
    from: [`${WEB}/app`, `${WEB}/main.tsx`],
    message: 'Features sit below the app shell (app/): the shell imports features, never the reverse.',
  },
  {
    target: [`${API}/platform`, `${API}/db`, `${API}/config`],
    from: [`${API}/modules`, `${API}/app.ts`, `${API}/main.ts`],
    message: 'platform/, db/ and config/ sit below the feature modules and the server assembly.',
  },
  {
    target: [`${API}/db`, `${API}/config`],
    from: `${API}/platform`,
    message: 'db/ and config/ sit below platform/.',
  },
  {
    target: `${API}/config`,
    from: `${API}/db`,
    message: 'config/ is the bottom layer of the API.',
  },
  {
    target: 'apps',
    from: 'packages/testing',
    message: 'Test data builders (packages/testing) are for tests, never for the code that ships.',
  },
];

/** The test files that the layer zones leave out. */
export const testFiles = [
  'apps/**/*.test.{ts,tsx}',
  'packages/**/*.test.{ts,tsx}',
  'apps/api/src/test/**/*.ts',
  'apps/web/src/test/**/*.{ts,tsx}',
];
