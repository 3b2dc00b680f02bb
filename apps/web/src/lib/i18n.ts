import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@finportal/contracts/constants';
import i18next, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { firstSupportedLanguage, LANGUAGE_COOKIE, languageDetector } from './language-detector';

/**
 * The logged-in area's namespaces (and the back office's, issue 13): their loaders come in one
 * small chunk of their own (src/locales/dashboard-texts.ts), so the boot chunk names one file for
 * all of them instead of four per namespace, and a new dashboard tab's texts cost the first wizard
 * step nothing.
 */
export const DASHBOARD_NAMESPACES = [
  'dashboard',
  'settings',
  'errors-dashboard',
  'overview',
  'bank-info',
  'custom-fields',
  'representatives',
  'documents',
  'objects',
  'appointments',
  'factoring',
  'signatures',
  'companies',
  'backoffice',
  'errors-backoffice',
  'console',
] as const;

/**
 * Namespaces in their own chunk per language, loaded with the pages that need them
 * (`lazyPage(..., { ns: ['wizard'] })`): the account pages' texts (`auth`) and the result's
 * (`result`) stay out of the wizard's first step, the wizard's texts stay out of /login, and the texts of
 * the steps after loan info (`application`) out of /application/loan-info (150 KB budget), and the
 * texts of the logged-in pages (DASHBOARD_NAMESPACES) out of both. The dashboard tabs' texts
 * (`representatives`, `documents`, `objects`, `signatures`...) load with the tabs' own chunks, not with the overview.
 */
export const LAZY_NAMESPACES = ['auth', 'result', 'wizard', 'application', ...DASHBOARD_NAMESPACES] as const;
/** The texts every page needs, in the boot chunk of each language. */
const BOOT_NAMESPACES = ['common', 'errors'] as const;

/** Namespaces, one JSON file each in src/locales/<lng>/<ns>.json (each name written once: the boot chunk carries them). */
export const NAMESPACES = [...BOOT_NAMESPACES, ...LAZY_NAMESPACES] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const DEBUG_LANGUAGE = 'cimode';
export { LANGUAGE_COOKIE };

/**
 * One lazy chunk per language (src/locales/<lng>.ts bundles its namespaces). Only the interface
 * language is downloaded: German is the fallback for unsupported or undetected languages, and the
 * completeness test (i18n-completeness.test.ts) guarantees that no key is missing in any catalogue,
 * so a supported language never needs German strings as a per-key fallback.
 */
const lazyNamespaceLoaders = import.meta.glob<ResourceLanguage>(
  ['../locales/*/auth.json', '../locales/*/result.json', '../locales/*/wizard.json', '../locales/*/application.json'],
  { import: 'default' },
);

const dashboardTextLoaders = () => import('../locales/dashboard-texts').then((m) => m.default);

function namespaceLoader(language: string, namespace: string): Promise<(() => Promise<ResourceLanguage>) | undefined> {
  if ((DASHBOARD_NAMESPACES as readonly string[]).includes(namespace)) {
    return dashboardTextLoaders().then((loaders) => loaders[`./${language}/${namespace}.json`]);
  }
  return Promise.resolve(lazyNamespaceLoaders[`../locales/${language}/${namespace}.json`]);
}

const languageLoaders: Partial<Record<string, () => Promise<Record<string, ResourceLanguage>>>> = {
  de: () => import('../locales/de').then((m) => m.default),
  en: () => import('../locales/en').then((m) => m.default),
  pl: () => import('../locales/pl').then((m) => m.default),
  fr: () => import('../locales/fr').then((m) => m.default),
};

/** i18next `fallbackLng`: German for anything that is not one of the four complete catalogues. */
export function fallbackLanguages(code?: string): string[] {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return base && base !== FALLBACK_LANGUAGE && isLanguage(base) ? [] : [FALLBACK_LANGUAGE];
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if ((LAZY_NAMESPACES as readonly string[]).includes(namespace)) {
      namespaceLoader(language, namespace)
        .then((loadNs) => (loadNs ? loadNs() : {}))
        .then((bundle) => callback(null, bundle))
        .catch((error: unknown) => callback(error as Error, null));
      return;
    }
    const load = languageLoaders[language];
    if (!load) {
      callback(null, {});
      return;
    }
    load()
      .then((bundles) => callback(null, bundles[namespace] ?? {}))
      .catch((error: unknown) => callback(error as Error, null));
  },
};

export const i18n = i18next.createInstance();

export function isLanguage(value: string | undefined | null): value is Language {
  return !!value && (LANGUAGES as readonly string[]).includes(value);
}

/** The current interface language as one of the four codes (cimode and unknowns map to the fallback). */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : FALLBACK_LANGUAGE;
}

function syncHtmlLang(lng: string | undefined): void {
  if (typeof document === 'undefined' || !isLanguage(lng)) return;
  document.documentElement.lang = lng;
}

/** Initialise once; resolves when the detected language's bundle has loaded. */
export async function initI18n(options: { lng?: string } = {}): Promise<typeof i18n> {
  if (i18n.isInitialized) return i18n;
  i18n.on('languageChanged', syncHtmlLang);
  await i18n
    .use(lazyBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      lng: options.lng,
      fallbackLng: fallbackLanguages,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      ns: [...BOOT_NAMESPACES],
      defaultNS: 'common',
      // `be_error.<code>` lives in the errors namespaces and is found from any namespace.
      fallbackNS: ['errors', 'errors-dashboard', 'common'],
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  syncHtmlLang(i18n.resolvedLanguage);
  return i18n;
}

/**
 * Once the partner's configuration is known: the first detected language (query, cookie, browser)
 * that the partner offers, else the partner's default language (Vistula: Polish for a Spanish
 * browser). German stays i18next's fallback for texts, not the partner's language. cimode stays
 * allowed for debugging.
 */
export async function restrictToLanguages(supported: readonly string[], partnerDefault: string): Promise<void> {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  if (lng === DEBUG_LANGUAGE) return;
  const wanted =
    firstSupportedLanguage(supported) ?? (supported.includes(partnerDefault) ? partnerDefault : supported[0]);
  if (wanted && wanted !== lng) await i18n.changeLanguage(wanted);
}

/** Loads namespaces that are not part of the boot bundle (resolves when ready; never rejects). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]).catch(() => undefined);
}

/**
 * Where `be_error.<code>` lives: the shell's codes, then the dashboard's (contracts
 * DASHBOARD_ERROR_CODES), then the back office's (BACKOFFICE_ERROR_CODES).
 */
const ERROR_NAMESPACES = ['errors', 'errors-dashboard', 'errors-backoffice'];

/** A placeholder that interpolation left in a text (a value the error did not carry). */
const UNFILLED = /{{[^}]*}}/;

/** "in 5 seconds", "in 15 minutes"...: how long a 429 asks to wait, in the interface language. */
function retryIn(seconds: number, language: string): string {
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  if (seconds < 60) return relative.format(Math.ceil(seconds), 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return relative.format(minutes, 'minute');
  return relative.format(Math.ceil(minutes / 60), 'hour');
}

/**
 * An error's values as its message quotes them: numbers in the interface language's notation
 * (15.000 in German; years and short numbers ungrouped), and for a wait in `seconds` (429, with
 * Retry-After) the derived `retry` ("in 5 seconds").
 */
export function errorMessageValues(values: object | undefined, language: string = currentLanguage()) {
  const out: Record<string, unknown> = {};
  if (!values || Array.isArray(values)) return out;
  const numbers = new Intl.NumberFormat(language, { useGrouping: 'min2', maximumFractionDigits: 2 });
  for (const [key, value] of Object.entries(values)) {
    out[key] = typeof value === 'number' && Number.isFinite(value) ? numbers.format(value) : value;
  }
  const seconds = Number((values as { seconds?: unknown }).seconds);
  if (Number.isFinite(seconds) && seconds > 0) out.retry = retryIn(seconds, language);
  return out;
}

/**
 * Translate a server error code (`be_error.<code>`) with the values the error carries; an unknown
 * code shows the code itself. A text that quotes a value the error lacks (a 413 without `max`, an
 * older stored rejection) uses the code's wording without values (`be_error_without_values`):
 * never a raw `{{placeholder}}`.
 */
export function translateErrorCode(code: string, values?: object): string {
  const text = i18n.t(`be_error.${code}`, {
    ns: ERROR_NAMESPACES,
    replace: errorMessageValues(values),
    defaultValue: code,
  });
  if (!UNFILLED.test(text)) return text;
  return i18n.t(`be_error_without_values.${code}`, {
    ns: ERROR_NAMESPACES,
    defaultValue: text.replace(new RegExp(UNFILLED.source, 'g'), '').replace(/\s*\(\s*\)/g, ''),
  });
}
