import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@finportal/contracts/constants';
import i18next, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_COOKIE, languageDetector } from './language-detector';

/** Namespaces, one JSON file each in src/locales/<lng>/<ns>.json. */
export const NAMESPACES = [
  'common',
  'auth',
  'settings',
  'dashboard',
  'wizard',
  'application',
  'overview',
  'bank-info',
  'custom-fields',
  'errors',
  'errors-dashboard',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Namespaces in their own chunk per language, loaded with the pages that need them
 * (`lazyPage(..., { ns: ['wizard'] })`): the wizard's texts stay out of /login, and the texts of
 * the steps after loan info (`application`) out of /application/loan-info (150 KB budget), and the
 * texts of the logged-in pages (`dashboard`, `settings`, `overview`, `bank-info`,
 * `custom-fields`) out of both.
 */
export const LAZY_NAMESPACES = [
  'wizard',
  'application',
  'dashboard',
  'settings',
  'overview',
  'bank-info',
  'custom-fields',
  'errors-dashboard',
] as const;
const BOOT_NAMESPACES = NAMESPACES.filter((ns) => !(LAZY_NAMESPACES as readonly string[]).includes(ns));

export const DEBUG_LANGUAGE = 'cimode';
export { LANGUAGE_COOKIE };

/**
 * One lazy chunk per language (src/locales/<lng>.ts bundles its namespaces). Only the interface
 * language is downloaded: German is the fallback for unsupported or undetected languages, and the
 * completeness test (i18n-completeness.test.ts) guarantees that no key is missing in any catalogue,
 * so a supported language never needs German strings as a per-key fallback.
 */
const lazyNamespaceLoaders = import.meta.glob<ResourceLanguage>(
  [
    '../locales/*/wizard.json',
    '../locales/*/application.json',
    '../locales/*/dashboard.json',
    '../locales/*/settings.json',
    '../locales/*/errors-dashboard.json',
    '../locales/*/overview.json',
    '../locales/*/bank-info.json',
    '../locales/*/custom-fields.json',
  ],
  { import: 'default' },
);

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
      const loadNs = lazyNamespaceLoaders[`../locales/${language}/${namespace}.json`];
      if (!loadNs) {
        callback(null, {});
        return;
      }
      loadNs()
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

/** Keep the interface inside the partner's configured languages (cimode stays allowed for debugging). */
export async function restrictToLanguages(supported: readonly string[], fallback: string): Promise<void> {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  if (lng === DEBUG_LANGUAGE || (lng && supported.includes(lng))) return;
  await i18n.changeLanguage(supported.includes(fallback) ? fallback : supported[0]);
}

/** Loads namespaces that are not part of the boot bundle (resolves when ready; never rejects). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]).catch(() => undefined);
}

/** Where `be_error.<code>` lives: the shell's codes, then the dashboard's (contracts DASHBOARD_ERROR_CODES). */
const ERROR_NAMESPACES = ['errors', 'errors-dashboard'];

/** Translate a server error code (`be_error.<code>`); an unknown code shows the code itself. */
export function translateErrorCode(code: string, values?: Record<string, unknown>): string {
  return i18n.t(`be_error.${code}`, { ns: ERROR_NAMESPACES, ...values, defaultValue: code });
}
