// The gzipped JS and CSS a route loads in headless Chromium (every script and stylesheet
// response, lazy chunks included). Budget: ≤ 150 KB JS for /login and /application/loan-info.
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

const ROUTES = ['/login', '/application/loan-info', '/register', '/dashboard/settings'];
const server = await startServer({ port: 3203 });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  console.log('\nBundle bench: gzipped bytes loaded per route (level 9), headless Chromium\n');
  for (const route of ROUTES) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const sizes = { js: 0, css: 0, files: 0 };
    const pending = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        res.body().then((body) => {
          const gz = zlib.gzipSync(body, { level: 9 }).length;
          sizes[type === 'script' ? 'js' : 'css'] += gz;
          sizes.files += 1;
        }),
      );
    });
    await page.goto(`http://demo.localhost:3203${route}`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const kb = (n) => (n / 1024).toFixed(1);
    const verdict = sizes.js <= 150 * 1024 ? 'within' : 'OVER';
    console.log(
      `${route.padEnd(24)} JS ${kb(sizes.js).padStart(6)} KB  CSS ${kb(sizes.css).padStart(5)} KB  (${sizes.files} files; JS ${verdict} the 150 KB budget)  final URL ${new URL(page.url()).pathname}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
