import { describe, expect, it } from 'vitest';
import { buildConsoleConfig } from './console-test-setup';
import {
  configChanges,
  draftIssues,
  fieldOfPath,
  normaliseHex,
  readabilityIssues,
  readabilityOf,
  sameConfig,
  toWire,
  valuesOf,
  type DraftValues,
} from './draft-form';

const base = buildConsoleConfig({ logo: 'demo.svg' });
const wireOf = (changes: Partial<DraftValues>) => toWire({ ...valuesOf(base), ...changes }, base);

describe('the console draft form', () => {
  it('makes the same draft again from untouched values (lists, switched-off features and the logo kept)', () => {
    expect(sameConfig(toWire(valuesOf(base), base), base)).toBe(true);
    expect(toWire(valuesOf(base), base).logo).toBe('demo.svg');
  });

  it('writes what was typed as the partner file does: colours as #rrggbb, text trimmed, empty optional links left out', () => {
    const wire = wireOf({
      'fe_theme.color_primary': ' A61E4D ',
      'fe_theme.color_link': '#abc',
      customer_support_phone: ' +43 1 999 8877 ',
      'url_list.imprint': '  ',
      'url_list.terms_of_use': 'https://demo-finanz.example/nutzung',
    });
    expect(wire.fe_theme).toEqual({ color_primary: '#a61e4d', color_link: '#aabbcc', color_cta_text: '#ffffff' });
    expect(wire.customer_support_phone).toBe('+43 1 999 8877');
    expect(wire.url_list).toEqual({
      terms: 'https://demo-finanz.example/agb',
      privacy_policy: 'https://demo-finanz.example/datenschutz',
      terms_of_use: 'https://demo-finanz.example/nutzung',
    });
    expect(normaliseHex('#12345')).toBe('#12345');
  });

  it('keeps the order of the lists and adds new entries after them', () => {
    const wire = wireOf({
      'languages.supported': ['fr', 'de', 'en'],
      'currencies.supported': ['PLN', 'EUR'],
      entitlements: ['company_research', 'customized_pricing', 'whitelabeled_user_branding'],
      features: { marketing_opt_in: false, appointments: false, signatory_documents_online: true },
    });
    expect(wire.languages.supported).toEqual(['de', 'en', 'fr']);
    expect(wire.currencies.supported).toEqual(['EUR', 'PLN']);
    expect(wire.entitlements).toEqual(['whitelabeled_user_branding', 'company_research', 'customized_pricing']);
    // A listed feature switched off stays listed; an unlisted one switched on is added.
    expect(wire.features).toEqual([
      { name: 'marketing_opt_in', is_active: false },
      { name: 'appointments', is_active: false },
      { name: 'signatory_documents_online', is_active: true },
    ]);
  });

  it('refuses an unreadable theme as the API does (ratio rounded down, 4.5:1 required)', () => {
    expect(draftIssues(wireOf({ 'fe_theme.color_primary': '#ffd43b' }))).toEqual([
      {
        field: 'fe_theme.color_cta_text',
        code: 'err_contrast_too_low',
        values: { ratio: 1.42, required: 4.5, against: '#ffd43b' },
      },
    ]);
    expect(draftIssues(wireOf({ 'fe_theme.color_link': '#0c8599' }))).toEqual([
      {
        field: 'fe_theme.color_link',
        code: 'err_contrast_too_low',
        values: { ratio: 4.34, required: 4.5, against: '#ffffff' },
      },
    ]);
    expect(draftIssues(wireOf({ 'fe_theme.color_primary': '#a61e4d' }))).toEqual([]);
    expect(readabilityOf({ color_primary: '#a61e4d', color_cta_text: '#ffffff', color_link: 'blue' })).toEqual([
      { pair: 'cta', ratio: 7.2, required: 4.5, readable: true },
      { pair: 'link', ratio: null, required: 4.5, readable: false },
    ]);
  });

  it('judges every field with the partner file’s rules and the API’s codes, in the form’s order', () => {
    const issues = draftIssues(
      wireOf({
        display_name: '  ',
        'fe_theme.color_link': 'blue',
        customer_support_email: 'support@',
        customer_support_phone: '0301234',
        'url_list.terms': 'agb.html',
        'languages.supported': [],
        'currencies.supported': ['EUR'],
        'currencies.default': 'CHF',
      }),
    );
    expect(issues.map((i) => [i.field, i.code])).toEqual([
      ['display_name', 'err_required'],
      ['fe_theme.color_link', 'err_invalid_value'],
      ['customer_support_email', 'err_invalid_value'],
      ['customer_support_phone', 'err_invalid_value'],
      ['url_list.terms', 'err_invalid_value'],
      ['languages.supported', 'err_too_small'],
      // The default is not one of none offered either.
      ['languages.default', 'err_invalid_value'],
      ['currencies.default', 'err_invalid_value'],
    ]);
  });

  it('refuses unreadable theme colours on the field whose text cannot be read, with the ratio', () => {
    expect(readabilityIssues({ color_primary: '#ffd43b', color_cta_text: '#ffffff', color_link: '#0b5cad' })).toEqual([
      {
        field: 'fe_theme.color_cta_text',
        code: 'err_contrast_too_low',
        values: { ratio: 1.42, required: 4.5, against: '#ffd43b' },
      },
    ]);
    expect(readabilityIssues({ color_primary: '#1e40af', color_cta_text: '#ffffff', color_link: '#ffd43b' })).toEqual([
      {
        field: 'fe_theme.color_link',
        code: 'err_contrast_too_low',
        values: { ratio: 1.42, required: 4.5, against: '#ffffff' },
      },
    ]);
    // #767676 on white is 4.54:1, just readable; #777777 is 4.47:1, just not.
    expect(readabilityIssues({ color_primary: '#767676', color_cta_text: '#ffffff', color_link: '#767676' })).toEqual(
      [],
    );
    expect(
      readabilityIssues({ color_primary: '#777777', color_cta_text: '#ffffff', color_link: '#1e40af' }).map(
        (i) => i.values.ratio,
      ),
    ).toEqual([4.47]);
    // A colour still being typed is the schema's concern, not the contrast's.
    expect(readabilityIssues({ color_primary: '#ffd4', color_cta_text: '#ffffff', color_link: '#1e40af' })).toEqual([]);
  });

  it('finds the form field of an error path as the API writes it', () => {
    expect(fieldOfPath('fe_theme.color_cta_text')).toBe('fe_theme.color_cta_text');
    expect(fieldOfPath('languages')).toBe('languages.default');
    expect(fieldOfPath('languages.supported.0')).toBe('languages.supported');
    expect(fieldOfPath('currencies.default')).toBe('currencies.default');
    expect(fieldOfPath('features.1.is_active')).toBe('features');
    expect(fieldOfPath('entitlements')).toBe('entitlements');
    expect(fieldOfPath('url_list.imprint')).toBe('url_list.imprint');
    expect(fieldOfPath('countries')).toBeNull();
    expect(fieldOfPath(undefined)).toBeNull();
  });

  it('lists what a draft changes against the published configuration', () => {
    const draft = wireOf({
      'fe_theme.color_primary': '#a61e4d',
      customer_support_phone: '+43 1 999 8877',
      features: { marketing_opt_in: true, appointments: true, signatory_documents_online: false },
      'languages.default': 'en',
    });
    expect(configChanges(base, { ...draft, logo: 'upload-1.png' })).toEqual([
      { kind: 'logo', field: 'logo', before: 'demo.svg', after: 'upload-1.png' },
      { kind: 'colour', field: 'fe_theme.color_primary', before: '#0b5cad', after: '#a61e4d' },
      { kind: 'text', field: 'customer_support_phone', before: '+49 30 1234 5678', after: '+43 1 999 8877' },
      { kind: 'languages', field: 'languages.default', before: ['de'], after: ['en'] },
      { kind: 'feature', field: 'features', name: 'marketing_opt_in', before: false, after: true },
    ]);
    expect(configChanges(base, toWire(valuesOf(base), base))).toEqual([]);
  });
});
