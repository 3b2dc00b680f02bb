import { logoUrlOf } from '@finportal/contracts/partner';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env.js';
import { hintTags, loadRouteHints, pageAssets } from './page-hints.js';
import { SESSION_COOKIE } from './session.js';
import type { PartnerRegistry } from './tenancy.js';

/**
 * The built web app (ADR 011): hashed files under /assets for a year, the other files and the
 * index.html of every client route revalidated (`no-cache`); each in brotli or gzip as the
 * client's Accept-Encoding allows (the build writes `.br` and `.gz` beside every file worth it;
 * index.html, which carries the host's partner, is compressed here), with
 * `Vary: Accept-Encoding`. And a favicon per partner: a square in its primary colour with the
 * initial of its name.
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The favicon follows the partner's colours, which can change at run time. */
const FAVICON_CACHE = 'public, max-age=3600';
const PUBLIC = { access: { auth: 'public' as const } };

export type ContentEncoding = 'br' | 'gzip' | 'identity';
const negotiator = new Negotiator<'br' | 'gzip' | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

/** The encoding to answer in: brotli before gzip, identity when neither is accepted (or no header). */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return 'identity';
  return negotiator.negotiate(header.toLowerCase().replace(/\*/g, 'gzip')) ?? 'identity';
}

function encode(body: Buffer, encoding: ContentEncoding): Buffer {
  if (encoding === 'br') {
    return zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: 9 });
  return body;
}

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);
/** Below this a JSON answer goes as it is (compression would gain a few bytes at best). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * JSON answers of 1 KB and more in brotli (quality 5: fast enough per request) or gzip, as the
 * client accepts (the dynamic form's configuration: 13.6 KB → about 2.4 KB). Answers that are
 * streams, already encoded (the static files) or small go out as they are. Install it before the
 * routes: plugins copy the hooks there are when they are registered.
 */
export function installResponseCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!/^application\/(?:[\w.+-]+\+)?json/i.test(type)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    varyOnEncoding(reply);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return payload;
    const encoded =
      encoding === 'br'
        ? await brotliAsync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : await gzipAsync(body, { level: 6 });
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return encoded;
  });
}

/** Adds accept-encoding to Vary without dropping what is there. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * A small text body (index.html, the favicon) in the encoding the client accepts. Each variant is
 * compressed once per `cacheKey`; pass none for a body that is not worth keeping.
 */
class CompressedBodies {
  private readonly variants = new Map<string, Buffer>();
  constructor(private readonly limit = 200) {}

  send(request: FastifyRequest, reply: FastifyReply, body: string, cacheKey?: string): FastifyReply {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    varyOnEncoding(reply);
    const raw = Buffer.from(body, 'utf8');
    if (encoding === 'identity') return reply.send(raw);
    const key = cacheKey === undefined ? undefined : `${encoding}:${cacheKey}`;
    let encoded = key === undefined ? undefined : this.variants.get(key);
    if (!encoded) {
      encoded = encode(raw, encoding);
      if (key !== undefined) {
        if (this.variants.size >= this.limit) this.variants.clear();
        this.variants.set(key, encoded);
      }
    }
    return reply.header('content-encoding', encoding).send(encoded);
  }
}

/** `#rrggbb` to relative luminance (WCAG). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * The partner's favicon: a rounded square in its primary colour with the first letter of its
 * display name, in its call-to-action text colour (or black or white, whichever reads better,
 * when the two are too close). An unknown host gets a neutral grey square.
 */
export function faviconSvg(
  partner: { display_name: string; fe_theme: { color_primary: string; color_cta_text: string } } | undefined,
): string {
  const fill = partner?.fe_theme.color_primary ?? '#868e96';
  const initial = partner ? escapeXml([...partner.display_name.trim()][0]?.toUpperCase() ?? '') : '';
  let text = partner?.fe_theme.color_cta_text ?? '#ffffff';
  const [a, b] = [luminance(fill), luminance(text)].sort((x, y) => y - x) as [number, number];
  if ((a + 0.05) / (b + 0.05) < 3) text = luminance(fill) > 0.18 ? '#000000' : '#ffffff';
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    `<rect width="32" height="32" rx="7" fill="${fill}"/>` +
    (initial
      ? `<text x="16" y="23" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="21" font-weight="700" fill="${text}">${initial}</text>`
      : '') +
    '</svg>'
  );
}

/** Logos up to this size travel inside the page (a `data:` address, which the CSP allows). */
const INLINE_LOGO_BYTES = 8 * 1024;

const bootLogos = new Map<string, { mtimeMs: number; size: number; uri: string | null }>();

/**
 * The partner's logo as a `data:` address for the page's first paint (no request to wait for on a
 * slow connection), or null when it is too large or unreadable: the page then links it. Read once
 * and kept while the file stays the same (a partner's logo can change at run time).
 */
function bootLogo(partner: { logo: string; logoPath: string; logoKey?: string }): string | null {
  // An uploaded logo is in the object store: the page links it.
  if (partner.logoKey) return null;
  try {
    const { mtimeMs, size } = fs.statSync(partner.logoPath);
    const known = bootLogos.get(partner.logoPath);
    if (known && known.mtimeMs === mtimeMs && known.size === size) return known.uri;
    const type = partner.logo.endsWith('.svg') ? 'image/svg+xml' : 'image/png';
    const uri =
      size > INLINE_LOGO_BYTES ? null : `data:${type};base64,${fs.readFileSync(partner.logoPath).toString('base64')}`;
    bootLogos.set(partner.logoPath, { mtimeMs, size, uri });
    return uri;
  } catch {
    return null;
  }
}

/**
 * Answers a client route with index.html, carrying the partner key of the host and the API base
 * as meta tags (the CSP forbids inline scripts) and the partner's favicon, compressed as the
 * client accepts.
 */
/**
 * The preview banner of a partner admin's browser (issue 13): the text to show above the app
 * while the console's draft is previewed here, or null. Decided by the back office (app.ts).
 */
export type PreviewBanner = (request: FastifyRequest, partnerKey: string) => Promise<{ language: string } | null>;

const PREVIEW_TEXT: Record<string, { text: string; back: string }> = {
  de: {
    text: 'Vorschau des Entwurfs: nur Sie sehen diese Fassung des Portals.',
    back: 'Zurück zu den Portal-Einstellungen',
  },
  en: { text: 'Draft preview: only you see this version of the portal.', back: 'Back to the portal settings' },
  pl: { text: 'Podgląd wersji roboczej: tylko Ty widzisz tę wersję portalu.', back: 'Wróć do ustawień portalu' },
  fr: {
    text: 'Aperçu du brouillon : vous seul voyez cette version du portail.',
    back: 'Retour aux paramètres du portail',
  },
};

/** The banner's markup: server-rendered (no script in the borrower's bundle), above the app, inline styles. */
function previewBannerHtml(language: string): string {
  const t = PREVIEW_TEXT[language] ?? PREVIEW_TEXT.de!;
  return (
    '<div class="fp-preview-banner" role="status" style="background:#fff3bf;color:#1a1a1a;border-bottom:1px solid #f08c00;' +
    'padding:8px 16px;font:14px/1.4 system-ui,sans-serif;text-align:center">' +
    `${escapeXml(t.text)} <a href="/backoffice/console" style="color:#1a1a1a;font-weight:600">${escapeXml(t.back)}</a></div>`
  );
}

export function spaHandler(config: AppConfig, partners: PartnerRegistry, previewBanner?: PreviewBanner) {
  const file = path.join(config.WEB_DIST_DIR, 'index.html');
  const template = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  const hints = template ? loadRouteHints(config.WEB_DIST_DIR) : null;
  const bodies = new CompressedBodies();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!template) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    const key = partners.keyForHost(request.hostname).replace(/[^a-z0-9-]/g, '');
    const partner = partners.get(key);
    const api = config.API_BASE_PATH;
    // The configuration calls the app makes first (lib/http.ts: credentials included) start with
    // the page instead of after the scripts (a phone saves a round trip or two); on the dynamic
    // wizard's addresses its form too, on the applications list the list (ADR 011, 013).
    const preload = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;
    const [pathPart = '/', queryPart = ''] = request.url.split('?');
    const path = pathPart;
    const cookies = (request.cookies ?? {}) as Record<string, string | undefined>;
    const authenticated = !!cookies[SESSION_COOKIE];
    const wizard = partner?.is_dynamic_form && (path === '/' || path.startsWith('/application/new'));
    const list = authenticated && (path === '/' || path.replace(/\/+$/, '') === '/dashboard/applications');
    const head =
      `<meta name="fp-partner" content="${key}"><meta name="fp-api-base" content="${api}">` +
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg">' +
      (partner ? preload(`${api}/partner/key/${key}/config`) + preload(`${api}/config`) : '') +
      (wizard ? preload(`${api}/dynamic_forms_config?dynamic_forms_name=application`) : '') +
      (partner && list ? preload(`${api}/user/applications`) : '');
    // The page's own scripts, styles and texts, after the entry script and style sheet.
    const tail =
      partner && hints
        ? hintTags(
            pageAssets(hints, partner, {
              path,
              query: new URLSearchParams(queryPart),
              cookies,
              acceptLanguage: request.headers['accept-language'],
              authenticated,
            }),
          )
        : '';
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie, Accept-Language');
    // Until the app has rendered (it replaces it), the page shows the partner's header with its
    // logo: something on screen while the scripts load on a slow phone, in the place the real
    // header takes (app.css `.fp-header`), so nothing moves when the app takes over.
    const shell = partner
      ? `<div class="fp-boot" aria-busy="true"><header class="fp-header"><div class="fp-header-inner fp-boot-inner">` +
        `<img src="${bootLogo(partner) ?? escapeXml(logoUrlOf(api, key, partner.logo))}" alt="${escapeXml(partner.display_name)}" height="40" class="fp-logo">` +
        '</div></header></div>'
      : '';
    const preview = partner && previewBanner ? await previewBanner(request, key) : null;
    const html = template
      .replace('<head>', `<head>${head}`)
      .replace('</head>', `${tail}</head>`)
      .replace(
        '<div id="root"></div>',
        `${preview ? previewBannerHtml(preview.language) : ''}<div id="root">${shell}</div>`,
      );
    // Known partners' pages are kept compressed (one per distinct page); an unknown subdomain's
    // is compressed each time, and so is a preview (it is this browser's alone).
    const cacheKey =
      partner && !preview
        ? `${key}:${createHash('sha256')
            .update(head + tail + shell)
            .digest('base64url')}`
        : undefined;
    return bodies.send(request, reply, html, cacheKey);
  };
}

/**
 * Registers the built web app under `/` (when WEB_DIST_DIR holds a build) and the partner favicon
 * routes (always). `spa` answers `/` and `/index.html`; the not-found handler sends every other
 * client route there (platform/http.ts).
 */
export async function registerStaticAssets(
  app: FastifyInstance,
  config: AppConfig,
  partners: PartnerRegistry,
  spa: ReturnType<typeof spaHandler>,
): Promise<void> {
  const favicons = new CompressedBodies();
  const favicon = (request: FastifyRequest, reply: FastifyReply) => {
    const key = partners.keyForHost(request.hostname);
    const partner = partners.get(key);
    const svg = faviconSvg(partner);
    const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 16)}"`;
    reply.header('Cache-Control', FAVICON_CACHE).header('ETag', etag);
    varyOnEncoding(reply);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.type('image/svg+xml');
    return favicons.send(request, reply, svg, partner ? `${key}:${etag}` : undefined);
  };
  // Browsers ask for /favicon.ico on their own; the page links /favicon.svg (same picture).
  app.get('/favicon.ico', { schema: { hide: true }, config: PUBLIC }, favicon);
  app.get('/favicon.svg', { schema: { hide: true }, config: PUBLIC }, favicon);

  if (!fs.existsSync(path.join(config.WEB_DIST_DIR, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: config.WEB_DIST_DIR,
    prefix: '/',
    index: false,
    wildcard: true,
    // `.br` and `.gz` beside a file are sent in its place (with Vary: Accept-Encoding).
    preCompressed: true,
    // ...but are not files of their own (the plugin checks the logical path of a variant).
    // ...nor is build metadata (`.vite/`, the page hints) or any other dotfile.
    allowedPath: (pathName) => !/\.(br|gz)$/i.test(pathName) && !/(^|\/)\./.test(pathName),
    setHeaders(res, file) {
      res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
    },
  });
  // The static plugin answers the root directory with 403 and would serve index.html without
  // the meta tags: both go through the SPA handler.
  app.get('/', { schema: { hide: true }, config: PUBLIC }, spa);
  app.get('/index.html', { schema: { hide: true }, config: PUBLIC }, spa);
}
