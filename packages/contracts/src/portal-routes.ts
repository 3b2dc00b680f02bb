import { FALLBACK_LANGUAGE, LANGUAGES } from './constants.js';

/**
 * Rules of the portal's addresses and languages that the web app applies when it renders and the
 * server applies when it announces what a page will load (ADR 013): one place for both.
 */

/** Where a logged-in user lands (spec 1 section 2). */
export const HOME_AUTHENTICATED = '/dashboard/applications';

/** The page `/` opens: the applications when logged in, else the partner's wizard, else login. */
export function homePath(
  app: { user_create_application: boolean; is_dynamic_form: boolean },
  authenticated: boolean,
): string {
  if (authenticated) return HOME_AUTHENTICATED;
  if (!app.user_create_application) return '/login';
  return app.is_dynamic_form ? '/application/new' : '/application/loan-info';
}

/** Language detection (spec 1 section 1): query string, then cookie, then the browser's languages. */
export const LANGUAGE_QUERY_PARAM = 'lng';
export const LANGUAGE_COOKIE = 'i18next';

/** `en-US` → `en`. */
export function baseLanguage(code: string): string {
  return code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/** The first detected language (query, cookie, browser, in this order) among `supported`, if any. */
export function firstSupportedLanguage(supported: readonly string[], detected: readonly string[]): string | undefined {
  return detected.map(baseLanguage).find((code) => supported.includes(code));
}

/** The languages of an `Accept-Language` header, most wanted first (`q=0` left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      // A malformed weight (`q=abc`) leaves the language out.
      const weight = params.map((p) => /^\s*q=(.*)$/.exec(p)?.[1]).find((v) => v !== undefined);
      const q = weight === undefined ? 1 : /^\s*[\d.]+\s*$/.test(weight) ? Number(weight) : NaN;
      return { tag: tag.trim(), q, index };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0 && !Number.isNaN(l.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/**
 * The interface language: the first detected one the partner offers, else the partner's default
 * (Vistula: Polish for a Spanish browser), else German.
 */
export function interfaceLanguage(
  detected: readonly string[],
  languages: { supported: readonly string[]; default: string },
): string {
  const offered = languages.supported.filter((l) => (LANGUAGES as readonly string[]).includes(l));
  return (
    firstSupportedLanguage(offered, detected) ??
    (offered.includes(languages.default) ? languages.default : (offered[0] ?? FALLBACK_LANGUAGE))
  );
}

/**
 * The pages behind the links of the appointment e-mails (ADR 017): each link carries a
 * single-use token and works without login (`/appointments/cancel/<token>`,
 * `/appointments/move/<token>`); the page reads `GET /appointments/by-token/{token}` and posts
 * `…/cancel` or `…/move`.
 */
export const APPOINTMENT_LINK_ACTIONS = ['cancel', 'move'] as const;
export type AppointmentLinkAction = (typeof APPOINTMENT_LINK_ACTIONS)[number];
export const APPOINTMENT_LINK_ROUTES: Readonly<Record<AppointmentLinkAction, string>> = {
  cancel: '/appointments/cancel/:token',
  move: '/appointments/move/:token',
};
export const appointmentLinkPath = (action: AppointmentLinkAction, token: string): string =>
  APPOINTMENT_LINK_ROUTES[action].replace(':token', encodeURIComponent(token));
