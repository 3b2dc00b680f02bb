import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCookie, writeCookie } from './cookies';
import { fallbackLanguages, i18n, restrictToLanguages } from './i18n';
import { LANGUAGE_COOKIE, languageDetector } from './language-detector';

/**
 * Issue 9 finding 12: when detection finds no language the partner offers, the partner's default
 * applies (Vistula: Polish for a Spanish browser); German stays the fallback for missing texts.
 */
const VISTULA = { supported: ['pl', 'en', 'de'], default: 'pl' } as const;

function browserLanguages(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

/** What i18next does at boot: detect, settle on a language (German when nothing detected is supported), cache it. */
async function boot(settledOn: string) {
  languageDetector.detect();
  await i18n.changeLanguage(settledOn);
}

const clearCookie = () => {
  document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/`;
};
beforeEach(clearCookie);
afterEach(() => {
  clearCookie();
  window.history.replaceState(null, '', '/');
});

describe('the partner default language', () => {
  it('applies to a Spanish browser at Vistula (Polish, not the German fallback)', async () => {
    browserLanguages('es-ES', 'es');
    await boot('de');
    expect(readCookie(LANGUAGE_COOKIE)).toBeNull(); // the fallback is no choice to remember
    await restrictToLanguages(VISTULA.supported, VISTULA.default);
    expect(i18n.language).toBe('pl');
    expect(i18n.t('common:not_found.title')).toBe('Nie znaleziono strony');
    // German stays the fallback of texts for an unsupported language.
    expect(fallbackLanguages('es')).toEqual(['de']);
    expect(fallbackLanguages(undefined)).toEqual(['de']);
    expect(i18n.options.fallbackLng).toBe(fallbackLanguages);
  });

  it('gives way to a detected language the partner offers: browser, cookie, query', async () => {
    browserLanguages('fr-FR', 'fr', 'de');
    await boot('fr');
    await restrictToLanguages(VISTULA.supported, VISTULA.default);
    expect(i18n.language).toBe('de');

    browserLanguages('es-ES');
    writeCookie(LANGUAGE_COOKIE, 'en', 1);
    await restrictToLanguages(VISTULA.supported, VISTULA.default);
    expect(i18n.language).toBe('en');

    window.history.replaceState(null, '', '/login?lng=de');
    await restrictToLanguages(VISTULA.supported, VISTULA.default);
    expect(i18n.language).toBe('de');

    // A detected language the partner offers stays (and is remembered).
    window.history.replaceState(null, '', '/');
    clearCookie();
    browserLanguages('pl-PL', 'pl');
    await boot('pl');
    expect(readCookie(LANGUAGE_COOKIE)).toBe('pl');
    await restrictToLanguages(VISTULA.supported, VISTULA.default);
    expect(i18n.language).toBe('pl');
  });
});
