import fs from 'node:fs';
import path from 'node:path';
import { COOKIE_CONSENT_COOKIE, FALLBACK_LANGUAGE, LANGUAGES } from '@finportal/contracts/constants';
import {
  acceptedLanguages,
  firstSupportedLanguage,
  homePath,
  interfaceLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY_PARAM,
} from '@finportal/contracts/portal-routes';

/**
 * What a page's HTML announces (ADR 013): the scripts, style sheets and texts its first render
 * needs, which the browser then fetches in parallel with the entry script instead of one round
 * trip after it. The web build writes them per address (`dist/.vite/route-hints.json`, from the
 * route table of `src/app/routes.tsx`); which ones apply follows the same rules as the client:
 * the page of the address (`/` opens `homePath`), who may see it (a session cookie stands for
 * logged in), the language the client will detect and the partner's, and the cookie dialog on a
 * first visit. A wrong guess costs a few kilobytes, never a wrong page.
 */

interface Assets {
  js: string[];
  css: string[];
}
interface PageHint extends Assets {
  pattern: string;
  who?: 'in' | 'out';
  ns: string[];
}
interface RouteHints {
  version: 1;
  pages: PageHint[];
  languages: Record<string, Assets & { ns: Record<string, string[]> }>;
  cookieConsent: Assets;
}

export interface HintRequest {
  /** Path of the address, without the query string. */
  path: string;
  query: URLSearchParams;
  cookies: Record<string, string | undefined>;
  acceptLanguage: string | undefined;
  authenticated: boolean;
}

export interface HintPartner {
  user_create_application: boolean;
  is_dynamic_form: boolean;
  cookie_required: boolean;
  languages: { supported: readonly string[]; default: string };
}

/** Reads the build's hints; null without a build (or an older one): pages then announce nothing. */
export function loadRouteHints(distDir: string): RouteHints | null {
  const file = path.join(distDir, '.vite', 'route-hints.json');
  if (!fs.existsSync(file)) return null;
  const hints = JSON.parse(fs.readFileSync(file, 'utf8')) as RouteHints;
  return hints.version === 1 ? hints : null;
}

/** react-router's matching of a pattern (`:param` is one non-empty segment), case-insensitive. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return (
    want.length === have.length &&
    want.every((segment, i) => segment.startsWith(':') || segment.toLowerCase() === have[i]!.toLowerCase())
  );
}

/**
 * The language i18next starts with (any of the four: `boot`), then the partner's choice among its
 * own (`language`), as the browser will detect them: query, cookie, Accept-Language.
 */
export function pageLanguages(
  partner: Pick<HintPartner, 'languages'>,
  request: Pick<HintRequest, 'query' | 'cookies' | 'acceptLanguage'>,
): { boot: string; language: string } {
  const detected = [
    request.query.get(LANGUAGE_QUERY_PARAM),
    request.cookies[LANGUAGE_COOKIE],
    ...acceptedLanguages(request.acceptLanguage),
  ].filter((l): l is string => !!l && l.trim().length > 0);
  const boot = firstSupportedLanguage(LANGUAGES, detected) ?? FALLBACK_LANGUAGE;
  return { boot, language: interfaceLanguage(detected, partner.languages) };
}

/** The files to announce for a request, scripts and style sheets, each once, in load order. */
export function pageAssets(hints: RouteHints, partner: HintPartner, request: HintRequest): Assets {
  const out: Assets = { js: [], css: [] };
  const add = (assets: Partial<Assets>) => {
    for (const f of assets.js ?? []) if (!out.js.includes(f)) out.js.push(f);
    for (const f of assets.css ?? []) if (!out.css.includes(f)) out.css.push(f);
  };
  const { boot, language } = pageLanguages(partner, request);
  add(hints.languages[boot] ?? {});
  if (language !== boot) add(hints.languages[language] ?? {});

  const trimmed = request.path.replace(/\/+$/, '') || '/';
  const pathname = trimmed === '/' ? homePath(partner, request.authenticated) : trimmed;
  const page = hints.pages.find((p) => matchesPattern(p.pattern, pathname));
  const visible =
    page && !(page.who === 'in' && !request.authenticated) && !(page.who === 'out' && request.authenticated);
  if (page && visible) {
    add(page);
    for (const ns of page.ns) add({ js: hints.languages[language]?.ns[ns] ?? [] });
  }
  if (partner.cookie_required && !request.cookies[COOKIE_CONSENT_COOKIE]) add(hints.cookieConsent);
  return out;
}

/** The `<link>` tags: module preloads for scripts, preloads for style sheets (the app applies them). */
export function hintTags(assets: Assets): string {
  const href = (file: string) => `/${file.replace(/^\/+/, '')}`.replace(/[<>"'&]/g, '');
  return (
    assets.css.map((f) => `<link rel="preload" as="style" href="${href(f)}">`).join('') +
    assets.js.map((f) => `<link rel="modulepreload" href="${href(f)}">`).join('')
  );
}
