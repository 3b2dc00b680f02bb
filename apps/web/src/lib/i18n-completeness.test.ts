import { BACKOFFICE_ERROR_CODES, DASHBOARD_ERROR_CODES, ERROR_CODES } from '@finportal/contracts/errors';
import { LANGUAGES } from '@finportal/contracts/constants';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n';

/** Every catalogue, as `{ lng: { ns: bundle } }`. */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
const catalogues: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, bundle] of Object.entries(files)) {
  const [, lng, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!lng || !ns) continue;
  (catalogues[lng] ??= {})[ns] = bundle;
}

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (child && typeof child === 'object') flatten(child, path).forEach((v, k) => out.set(k, v));
      else out.set(path, String(child));
    }
  }
  return out;
}

/** `ns:key` → text, per language. */
const flat: Record<string, Map<string, string>> = {};
for (const lng of LANGUAGES) {
  flat[lng] = new Map();
  for (const [ns, bundle] of Object.entries(catalogues[lng] ?? {})) {
    flatten(bundle).forEach((text, key) => flat[lng]!.set(`${ns}:${key}`, text));
  }
}

/** i18next plural keys (`key_one`, `key_few`, `key_other`...): one entry per base key. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL, '');
const baseKeys = (lng: string) => new Set([...flat[lng]!.keys()].map(baseKey));
/** The text to compare placeholders against: the key itself, or its `_other` form. */
const reference = (lng: string, key: string) => flat[lng]!.get(key) ?? flat[lng]!.get(`${baseKey(key)}_other`);

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

describe('translation catalogues', () => {
  it('exist for every language and namespace', () => {
    for (const lng of LANGUAGES) {
      expect(Object.keys(catalogues[lng] ?? {}).sort(), lng).toEqual([...NAMESPACES].sort());
    }
  });

  it('have the same keys in every language (plural keys: every plural form of the language)', () => {
    const all = new Set(LANGUAGES.flatMap((lng) => [...baseKeys(lng)]));
    for (const lng of LANGUAGES) {
      const own = baseKeys(lng);
      const missing = [...all].filter((key) => !own.has(key));
      expect(missing, `keys missing in ${lng}`).toEqual([]);
      const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      const plurals = new Set([...flat[lng]!.keys()].filter((k) => PLURAL.test(k)).map(baseKey));
      for (const base of plurals) {
        const absent = forms.filter((form) => !flat[lng]!.has(`${base}_${form}`));
        expect(absent, `plural forms of ${base} missing in ${lng}`).toEqual([]);
      }
    }
  });

  it('have no empty texts and the same placeholders and tags in every language', () => {
    for (const lng of LANGUAGES) {
      for (const [key, text] of flat[lng]!) {
        expect(text.trim(), `${lng} ${key}`).not.toBe('');
        const de = reference('de', key);
        if (de !== undefined) expect(placeholders(text), `${lng} ${key}`).toEqual(placeholders(de));
      }
    }
  });

  it('translate every error code of the contracts (be_error.<code>), the dashboard and back-office codes in their lazy namespaces', () => {
    const dashboard = new Set<string>(DASHBOARD_ERROR_CODES);
    const backoffice = new Set<string>(BACKOFFICE_ERROR_CODES);
    const namespaceOf = (code: string) =>
      dashboard.has(code) ? 'errors-dashboard' : backoffice.has(code) ? 'errors-backoffice' : 'errors';
    for (const lng of LANGUAGES) {
      const missing = ERROR_CODES.filter((code) => !flat[lng]!.has(`${namespaceOf(code)}:be_error.${code}`));
      expect(missing, `be_error codes missing in ${lng}`).toEqual([]);
      // A dashboard or back-office code in the boot catalogue would be downloaded by /login again;
      // a code in another lazy namespace than its own would not be there when its page shows it.
      const misplaced = [...flat[lng]!.keys()].filter((key) => {
        const [ns, rest = ''] = key.split(':');
        const code = /^be_error\.(.+)$/.exec(rest)?.[1];
        return code !== undefined && ns !== namespaceOf(code);
      });
      expect(misplaced, `be_error codes outside their namespace (${lng})`).toEqual([]);
    }
  });

  it('contain every key the source code uses', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
      eager: true,
      query: '?raw',
      import: 'default',
    });
    const used = new Set<string>();
    for (const source of Object.values(sources)) {
      for (const m of source.matchAll(/(?:\bt\(|i18nKey=)\s*['"`]([a-z]+:[\w.-]+)['"`]/g)) used.add(m[1]!);
      // Template keys such as `common:language_names.${code}`: check the known expansions.
      for (const m of source.matchAll(/\bt\(\s*`([a-z]+:[\w.-]+)\.\$\{/g)) used.add(`${m[1]}.*`);
    }
    expect(used.size).toBeGreaterThan(50);
    for (const key of used) {
      if (key.endsWith('.*')) {
        const prefix = key.slice(0, -1);
        expect(
          [...flat.de!.keys()].some((k) => k.startsWith(prefix)),
          key,
        ).toBe(true);
      } else {
        expect(
          flat.de!.has(key) || flat.de!.has(`${key}_other`),
          `${key} is used in the source but missing in the catalogues`,
        ).toBe(true);
      }
    }
  });
});
