import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  baseLanguage,
  firstSupportedLanguage,
  homePath,
  interfaceLanguage,
} from './portal-routes.js';

describe('homePath', () => {
  it.each([
    [{ user_create_application: true, is_dynamic_form: false }, false, '/application/loan-info'],
    [{ user_create_application: true, is_dynamic_form: true }, false, '/application/new'],
    [{ user_create_application: false, is_dynamic_form: true }, false, '/login'],
    [{ user_create_application: false, is_dynamic_form: false }, false, '/login'],
    [{ user_create_application: true, is_dynamic_form: true }, true, '/dashboard/applications'],
    [{ user_create_application: false, is_dynamic_form: false }, true, '/dashboard/applications'],
  ])('%o, logged in %s → %s', (app, authenticated, path) => {
    expect(homePath(app, authenticated)).toBe(path);
  });
});

describe('languages', () => {
  it('base language of a tag', () => {
    expect(baseLanguage(' en-US ')).toBe('en');
    expect(baseLanguage('pl_PL')).toBe('pl');
    expect(baseLanguage('DE')).toBe('de');
  });

  it.each([
    [undefined, []],
    ['', []],
    ['de-DE,de;q=0.9,en;q=0.8', ['de-DE', 'de', 'en']],
    ['en;q=0.5, fr', ['fr', 'en']],
    ['*, es;q=0, pl;q=0.1', ['pl']],
    ['fr;q=abc, en', ['en']],
    ['"><script>, de', ['"><script>', 'de']],
  ])('Accept-Language %j → %j', (header, languages) => {
    expect(acceptedLanguages(header)).toEqual(languages);
  });

  it('first detected language the list supports', () => {
    expect(firstSupportedLanguage(['de', 'en'], ['es', 'en-GB', 'de'])).toBe('en');
    expect(firstSupportedLanguage(['de'], ['es'])).toBeUndefined();
  });

  it('interface language: detected and offered, else the partner default, else its first, else German', () => {
    const vistula = { supported: ['pl', 'en'], default: 'pl' };
    expect(interfaceLanguage(['es-ES', 'es'], vistula)).toBe('pl');
    expect(interfaceLanguage(['en-US'], vistula)).toBe('en');
    expect(interfaceLanguage(['de'], vistula)).toBe('pl');
    expect(interfaceLanguage([], { supported: ['en', 'fr'], default: 'pl' })).toBe('en');
    expect(interfaceLanguage([], { supported: ['xx'], default: 'xx' })).toBe('de');
  });
});
