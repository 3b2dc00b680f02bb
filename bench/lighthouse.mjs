// Lighthouse 12, mobile (its default config: simulated slow 4G and 4x CPU slowdown, Moto G
// Power screen), Debian's Chromium headless, against the built portal in production mode.
// Three runs per route; prints the median of each figure and the accessibility findings.
// Goal (issue 9): performance ≥ 95, total blocking time ≤ 100 ms, accessibility 100. Never fails.
// BENCH_LIGHTHOUSE_RUNS sets the number of runs; BENCH_LIGHTHOUSE_ROUTES a comma-separated
// subset of the route labels (login, loan-info, alpen, dashboard, documents); BENCH_LIGHTHOUSE_SAVE a folder
// to write each run's full report to (`<route>-<run>.json`, for the Lighthouse viewer).
import { buildApplicationInput } from '@finportal/testing/factories';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { confirmedSession, startServer } from './server.mjs';

const PORT = 3204;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const ROUTES = [
  { key: 'login', label: '/login (demo)', partner: 'demo', path: '/login' },
  { key: 'loan-info', label: '/application/loan-info (demo)', partner: 'demo', path: '/application/loan-info' },
  // Opens the first step of the partner's dynamic form (/application/new/{stepId}).
  { key: 'alpen', label: '/ (alpen, dynamic step)', partner: 'alpen', path: '/' },
  {
    key: 'dashboard',
    label: '/dashboard/applications (in)',
    partner: 'demo',
    path: '/dashboard/applications',
    session: true,
  },
  {
    key: 'documents',
    label: 'Documents tab (in)',
    partner: 'demo',
    // The tab of a fresh application of the session's user (made in `prepare`).
    path: '/dashboard/applications/:id?tab=documents',
    session: true,
    async prepare(base, session) {
      const host = `demo.${new URL(base).host}`;
      const res = await fetch(`${base}/api/user/applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host, cookie: session.cookie },
        body: JSON.stringify(buildApplicationInput()),
      });
      if (!res.ok) throw new Error(`bench: create application failed: ${res.status} ${await res.text()}`);
      return (await res.json()).application.applicationId;
    },
  },
].filter((r) => !process.env.BENCH_LIGHTHOUSE_ROUTES || process.env.BENCH_LIGHTHOUSE_ROUTES.split(',').includes(r.key));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const server = await startServer({
  port: PORT,
  // The demo partners use the demo adapters: production runs them only as a declared demo (ADR 030).
  extraEnv: {
    NODE_ENV: 'production',
    ENABLE_DEV_ROUTES: 'true',
    DEMO_DEPLOYMENT: 'true',
    DEMO_PROVIDER_SECRET: 'lighthouse-bench-demo-provider-secret',
  },
});
/**
 * One Lighthouse run in a fresh headless Chromium, launched as Lighthouse's CLI does (puppeteer's
 * own launch flags break its trace: NO_NAVSTART); puppeteer drives the tab so that a logged-in run
 * can set its cookies and the client's flag first.
 */
async function runOnce(route, session) {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    if (session) {
      // A returning user: session cookie, cookie choice made, the client's logged-in flag.
      const [name, ...rest] = session.cookie.split('=');
      const consent = encodeURIComponent(JSON.stringify({ essential: true, analytics: false, marketing: false }));
      const domain = `${route.partner}.localhost`;
      await browser.setCookie(
        { name, value: rest.join('='), domain, path: '/', httpOnly: true },
        { name: 'fp_cookie_consent', value: consent, domain, path: '/' },
      );
      await page.evaluateOnNewDocument(
        (key) => window.localStorage.setItem(key, 'true'),
        `fp:${route.partner}:isAuthenticated`,
      );
    }
    const result = await lighthouse(
      `http://${route.partner}.localhost:${PORT}${route.path}`,
      { logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility'] },
      undefined,
      page,
    );
    return result.lhr;
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

try {
  // The simulation multiplies the observed main-thread time by 4: on a busy machine TBT grows.
  const load = os.loadavg()[0].toFixed(1);
  console.log(
    `\nLighthouse bench: mobile, simulated throttling, median of ${RUNS} runs per route (load average ${load} on ${os.cpus().length} cores)\n`,
  );
  console.log(
    `${'route'.padEnd(31)} ${'perf'.padStart(4)} ${'TBT ms'.padStart(7)} ${'FCP s'.padStart(6)} ${'LCP s'.padStart(6)} ${'KB'.padStart(6)} ${'a11y'.padStart(4)}  runs (perf)`,
  );
  const findings = [];
  for (const route of ROUTES) {
    const session = route.session ? await confirmedSession(server.base, route.partner, 'lighthouse') : null;
    if (route.prepare) route.path = route.path.replace(':id', await route.prepare(server.base, session));
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // Chromium's trace now and then misses its navigation start (NO_NAVSTART): run again.
      let lhr = await runOnce(route, session);
      for (let retry = 0; lhr.runtimeError && retry < 2; retry++) lhr = await runOnce(route, session);
      if (lhr.runtimeError) throw new Error(`${route.label}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (process.env.BENCH_LIGHTHOUSE_SAVE) {
        fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_SAVE, { recursive: true });
        fs.writeFileSync(
          path.join(process.env.BENCH_LIGHTHOUSE_SAVE, `${route.key}-${i + 1}.json`),
          JSON.stringify(lhr),
        );
      }
      runs.push({
        perf: Math.round(lhr.categories.performance.score * 100),
        a11y: Math.round(lhr.categories.accessibility.score * 100),
        tbt: lhr.audits['total-blocking-time'].numericValue,
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        bytes: lhr.audits['total-byte-weight'].numericValue,
        finalUrl: lhr.finalDisplayedUrl,
        failed: lhr.categories.accessibility.auditRefs
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
          .map((a) => `${a.id}: ${(a.details?.items ?? []).map((it) => it.node?.selector ?? '').join(' | ')}`),
      });
    }
    const m = (key) => median(runs.map((r) => r[key]));
    console.log(
      `${route.label.padEnd(31)} ${String(m('perf')).padStart(4)} ${m('tbt').toFixed(0).padStart(7)} ${(m('fcp') / 1000).toFixed(2).padStart(6)} ${(m('lcp') / 1000).toFixed(2).padStart(6)} ${(m('bytes') / 1024).toFixed(0).padStart(6)} ${String(m('a11y')).padStart(4)}  ${runs.map((r) => r.perf).join(' ')}  ${new URL(runs[0].finalUrl).pathname}`,
    );
    for (const f of new Set(runs.flatMap((r) => r.failed))) findings.push(`${route.label}: ${f}`);
  }
  console.log('\nGoal: perf ≥ 95, TBT ≤ 100 ms, a11y 100 on every route.');
  if (findings.length) console.log(`Accessibility findings:\n  ${findings.join('\n  ')}`);
} finally {
  await server.stop();
}
