// What a first visit of a route loads in headless Chromium (every response, lazy chunks included):
// the JS and CSS gzipped at level 9 (the budget's measure: ≤ 150 KB JS for /login,
// /application/loan-info and the first step of a dynamic-form partner), and next to it the bytes
// the browser actually received (bodies as sent, with Chromium's own Accept-Encoding, plus
// headers) for the scripts and style sheets and for the whole page (document, API, images).
// BENCH_BUNDLE_FILES=1 also prints each file with its gzipped size.
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { confirmedSession, startServer } from './server.mjs';

const PORT = 3203;
const BUDGET = 150 * 1024;
const ROUTES = [
  { label: '/login', partner: 'demo', path: '/login', budget: true },
  { label: '/application/loan-info', partner: 'demo', path: '/application/loan-info', budget: true },
  { label: '/ (alpen, dynamic form)', partner: 'alpen', path: '/', budget: true },
  { label: '/register', partner: 'demo', path: '/register' },
  { label: '/dashboard/settings (out)', partner: 'demo', path: '/dashboard/settings' },
  { label: '/dashboard/applications', partner: 'demo', path: '/dashboard/applications', session: true },
];

const server = await startServer({ port: PORT, extraEnv: { ENABLE_DEV_ROUTES: 'true' } });
const kb = (n) => (n / 1024).toFixed(1);
let browser;
try {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  console.log('\nBundle bench: first visit per route, headless Chromium (KB; gz = gzip level 9 of the body,');
  console.log('wire = bytes received incl. headers, as the server sent them)\n');
  console.log(
    `${'route'.padEnd(28)} ${'JS gz'.padStart(7)} ${'CSS gz'.padStart(7)} ${'JS+CSS wire'.padStart(12)} ${'all wire'.padStart(9)}  files  encoding  budget  final URL`,
  );
  for (const route of ROUTES) {
    const origin = `http://${route.partner}.localhost:${PORT}`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    if (route.session) {
      const { cookie } = await confirmedSession(server.base, route.partner);
      const [name, ...rest] = cookie.split('=');
      await context.addCookies([{ name, value: rest.join('='), url: origin, httpOnly: true, sameSite: 'Lax' }]);
      await context.addInitScript(
        (key) => window.localStorage.setItem(key, 'true'),
        `fp:${route.partner}:isAuthenticated`,
      );
    }
    const page = await context.newPage();
    const sizes = { js: 0, css: 0, files: 0, codeWire: 0, allWire: 0 };
    const encodings = new Set();
    const pending = [];
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const type = request.resourceType();
          const [wire, res] = await Promise.all([request.sizes(), request.response()]);
          const bytes = wire.responseBodySize + wire.responseHeadersSize;
          sizes.allWire += bytes;
          if (type !== 'script' && type !== 'stylesheet') return;
          const body = await res.body();
          const gz = zlib.gzipSync(body, { level: 9 }).length;
          sizes[type === 'script' ? 'js' : 'css'] += gz;
          if (process.env.BENCH_BUNDLE_FILES) console.log(`  ${route.path} ${gz} ${new URL(request.url()).pathname}`);
          sizes.codeWire += bytes;
          sizes.files += 1;
          encodings.add((await res.headerValue('content-encoding')) ?? 'none');
        })(),
      );
    });
    await page.goto(`${origin}${route.path}`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const verdict = route.budget ? (sizes.js <= BUDGET ? 'within' : 'OVER') : '-';
    console.log(
      `${route.label.padEnd(28)} ${kb(sizes.js).padStart(7)} ${kb(sizes.css).padStart(7)} ${kb(sizes.codeWire).padStart(12)} ${kb(sizes.allWire).padStart(9)}  ${String(sizes.files).padStart(5)}  ${[...encodings].join('+').padEnd(8)}  ${verdict.padEnd(6)}  ${new URL(page.url()).pathname}`,
    );
    await context.close();
  }
  console.log(`\nBudget: ≤ ${kb(BUDGET)} KB gzipped JS on the routes marked within/OVER.`);
} finally {
  await browser?.close();
  await server.stop();
}
