import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fs from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import ts from 'typescript';
import { defaultClientConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { routeHints } from './build/route-hints';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside every emitted script, style sheet,
 * SVG and JSON file of at least 1 KB that shrinks by a tenth; the API sends them by Accept-Encoding
 * (ADR 011). index.html is left out: the server adds the partner's tags and compresses it itself.
 */
function precompress(): Plugin {
  return {
    name: 'finportal-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      // `.vite/` holds build metadata for the server (route hints), never sent to browsers.
      const files = Object.keys(bundle).filter((f) => /\.(js|mjs|css|svg|json)$/.test(f) && !f.startsWith('.vite/'));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const body = await fs.readFile(file);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzip(body, { level: 9 }),
          ]);
          if (gz.length > body.length * 0.9) return;
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

const MANTINE_CORE_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
const MANTINE_PACKAGE_MODULE = /[\\/]@mantine[\\/](dates|dropzone|notifications)[\\/]esm[\\/].*\.module\.mjs$/;

/**
 * Mantine's styles travel with the components that use them (ADR 011). Every Mantine component
 * module imports its class names from `<Name>.module.mjs`; the build prepends to that module the
 * import of `@mantine/core/styles/<Name>.layer.css`, so a component's CSS lands in the chunk that
 * holds the component, after the CSS of the components it builds on (imported first). The other
 * Mantine packages bring their one small style sheet the same way. All of it sits in the
 * `mantine` cascade layer: the app's own unlayered CSS wins whatever order the chunks load in.
 * The dev server pre-bundles Mantine (no transform there): it loads the whole layered sheet.
 */
function mantineStylesPerComponent(): Plugin {
  let serve = false;
  return {
    name: 'finportal-mantine-styles',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve' && !config.build.ssr;
    },
    transform(code, id) {
      if (serve) {
        if (/[\\/]src[\\/]main\.tsx$/.test(id)) {
          return `import '@mantine/core/styles.layer.css';\nimport '@mantine/notifications/styles.layer.css';\n${code}`;
        }
        return null;
      }
      const core = MANTINE_CORE_MODULE.exec(id);
      if (core) return { code: `import '@mantine/core/styles/${core[1]}.layer.css';\n${code}`, map: null };
      const other = MANTINE_PACKAGE_MODULE.exec(id);
      if (other) return { code: `import '@mantine/${other[1]}/styles.layer.css';\n${code}`, map: null };
      return null;
    },
  };
}

const CONTRACT_SOURCE = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;

/**
 * The contract modules are declarations: their top-level constants are zod schemas and lookup
 * tables built by calls (`z.strictObject(...)`, `new Set(...)`) that the bundler must assume to
 * have side effects, so importing one helper of a module kept every schema of it and all of zod.
 * Marking those initializers pure (`/* @__PURE__ *\/`) lets the build drop what a chunk does not
 * use: the dynamic wizard's first step no longer loads zod (ADR 011).
 */
function pureContracts(): Plugin {
  return {
    name: 'finportal-pure-contracts',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id) || id.endsWith('.test.ts')) return null;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
      // Every call evaluated when the module loads (not those inside functions): a dropped call's
      // arguments would otherwise stay behind as statements of their own.
      const starts: number[] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
        if (ts.isCallExpression(node) || ts.isNewExpression(node)) starts.push(node.getStart(source));
        ts.forEachChild(node, visit);
      };
      for (const statement of source.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations) {
          if (declaration.initializer) visit(declaration.initializer);
        }
      }
      if (!starts.length) return null;
      let out = code;
      for (const start of [...new Set(starts)].sort((a, b) => b - a))
        out = `${out.slice(0, start)}/* @__PURE__ */ ${out.slice(start)}`;
      return { code: out, map: null };
    },
  };
}

// `source` first: @finportal/contracts/* resolves to the TypeScript sources, no build step needed.
export default defineConfig({
  plugins: [
    pureContracts(),
    mantineStylesPerComponent(),
    react(),
    precompress(),
    // What the server announces with each page's HTML (ADR 013).
    routeHints({
      routesFile: path.resolve(import.meta.dirname, 'src/app/routes.tsx'),
      queryProvider: path.resolve(import.meta.dirname, 'src/lib/query-provider'),
      cookieConsent: path.resolve(import.meta.dirname, 'src/features/settings/components/cookie-consent-modal'),
      languages: Object.fromEntries(
        ['de', 'en', 'pl', 'fr'].map((lng) => [lng, path.resolve(import.meta.dirname, `src/locales/${lng}`)]),
      ),
      namespaceFile: path.resolve(import.meta.dirname, 'src/locales/<lng>/<ns>.json'),
    }),
  ],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // No dependency preloading by the bundler (its file lists cost 1.5 KB on every first route):
    // the server announces the first page's files with the HTML (ADR 013); a later page's chunk
    // fetches its imports when it is parsed. Style sheets still load with their chunks.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Seven hash characters instead of eight (rolldown asks for more once there are too many chunks for seven): every chunk's name is in the boot chunk's import
        // table, and hashes do not compress (about 150 bytes gzipped on every first route).
        chunkFileNames: 'assets/[name]-[hash:7].js',
        entryFileNames: 'assets/[name]-[hash:7].js',
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 20 },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 10 },
            // Mantine's text inputs and what every form page draws with them (title, paper), in
            // one chunk instead of ten small ones: fewer requests and less chunk glue (ADR 013).
            {
              name: 'mantine-inputs',
              test: /[\\/]@mantine[\\/](core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|NativeSelect|CloseButton|Combobox[\\/]ComboboxChevron|VisuallyHidden)[\\/]|hooks[\\/]esm[\\/](use-id|use-merged-ref)[\\/])/,
              priority: 5,
            },
            // Small helpers that the wizard's steps and the dashboard share (each a chunk of its
            // own otherwise: four extra requests and their glue on the first wizard step).
            {
              name: 'form-kit',
              test: /[\\/](apps[\\/]web[\\/]src[\\/]lib[\\/](focus-field|i18n-text)|packages[\\/]contracts[\\/]src[\\/](control-characters|form-dates))\.ts$/,
              priority: 4,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    testTimeout: 60_000,
    // Vitest picks one worker on a 2-core machine; two, each keeping its module graph across
    // files (every test renders into a fresh tree with its own query client; the set-up resets
    // i18n and the mocks), take the suite from ~400 s to ~110 s.
    maxWorkers: 2,
    isolate: false,
  },
});
