import { LANGUAGES } from '@finportal/contracts/constants';
import { ERROR_CODES } from '@finportal/contracts/errors';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces, translateErrorCode } from './i18n';

/**
 * Issue 9 finding 2: every error text that quotes values is interpolated; no `{{` ever reaches the
 * screen. For each code whose text has placeholders in any language: the values the API sends
 * (platform/errors.ts zod limits, rate-limit.ts tooManyRequests, offers/eligibility.ts
 * rejectionValues, the dynamic-form validators) fill it; without them the value-free wording applies.
 */
const API_VALUES: Record<string, Record<string, string | number>> = {
  err_too_short: { min: 8 },
  err_too_long: { max: 255 },
  err_too_small: { min: 15000 },
  err_too_big: { max: 100000000 },
  err_date_too_early: { min: '01.01.2020' },
  err_date_too_late: { max: '31.12.2030' },
  err_too_many_requests: { seconds: 42, minutes: 1 },
  err_loan_amount_not_allowed: { min: 20000, max: 500000, currency: 'PLN' },
  err_loan_duration_not_allowed: { min: 12, max: 60 },
  err_factoring_limit_not_allowed: { min: 10000, max: 2000000, currency: 'EUR' },
  err_person_not_adult: { min: 18 },
  err_beneficial_owner_share_too_small: { name: 'Anna Berger', percent: 18, min: 25 },
  err_guarantors_share_too_small: { total: 40.5, min: 50 },
  err_invalid_upload_type: { allowed: 'PDF, JPG, PNG' },
  err_file_too_large: { max_mb: 20 },
  err_upload_quota_document_type: { max_files: 20, max_mb: 200 },
  err_upload_quota_application: { max_files: 150, max_mb: 1024 },
  err_upload_quota_user: { max_files: 500, max_mb: 3072 },
  err_demo_adapter_not_allowed: { adapters: 'company_research' },
  err_document_too_old: { max_age_days: 90, min: '2026-03-17' },
  err_document_duplicate: { document_name: 'Jahresabschluss 2024.pdf' },
  err_object_year_range: { min: 1900, max: 2050 },
  err_object_count_range: { min: 1, max: 20 },
  err_too_many_decimals: { max: 2 },
  err_finance_objects_max: { max: 6 },
  err_appointment_too_far: { days: 30 },
  err_appointment_outside_hours: { start: '09:00', end: '17:00' },
  err_appointment_minute_step: { step: 15 },
  err_appointment_offset_mismatch: { offset: '+01:00' },
  err_appointment_date_range: { from: '2026-12-01' },
  err_cannot_exceed: { max: 1500000 },
  err_cannot_be_less_than: { min: 25000 },
  err_factoring_debitors_max: { max: 5 },
  err_csv_invalid: { line: 7 },
  err_csv_columns_missing: { columns: 'currency, country' },
  err_csv_too_many_rows: { max: 100 },
  err_interest_rate_out_of_bounds: { min: 1, max: 15 },
  err_transaction_fee_out_of_bounds: { max: 50000 },
  err_contrast_too_low: { ratio: 3.12, required: 4.5, against: '#ffffff' },
};

/** The catalogues as files (the code list below is needed before i18next is initialised). */
const files = import.meta.glob<{ be_error?: Record<string, string> }>('../locales/*/errors*.json', {
  eager: true,
  import: 'default',
});
const texts = Object.values(files).flatMap((bundle) => Object.entries(bundle.be_error ?? {}));
const withPlaceholders = ERROR_CODES.filter((code) => texts.some(([key, text]) => key === code && text.includes('{{')));

beforeAll(async () => {
  for (const lng of LANGUAGES) {
    await i18n.changeLanguage(lng);
    await loadNamespaces(['errors-dashboard', 'errors-backoffice']);
  }
});

describe('error messages with values', () => {
  describe.each(LANGUAGES)('in %s', (lng) => {
    // The set-up returns to English after every test.
    beforeEach(async () => {
      await i18n.changeLanguage(lng);
    });

    it.each(withPlaceholders)('%s is interpolated, and says something without values too', (code) => {
      const filled = translateErrorCode(code, API_VALUES[code]);
      expect(filled).not.toContain('{{');
      expect(filled).not.toBe(code);
      // Every quoted number appears as the language writes it (20.000, 20 000, 20,000); a wait as "in 42 seconds".
      const written = (n: number) => new Intl.NumberFormat(lng, { useGrouping: 'min2' }).format(n);
      const numbers = Object.entries(API_VALUES[code]!).filter(
        ([key, v]) => typeof v === 'number' && key !== 'minutes',
      );
      for (const [, n] of numbers) expect(filled).toContain(written(n as number));

      for (const none of [undefined, {}, []]) {
        const plain = translateErrorCode(code, none);
        expect(plain).not.toContain('{{');
        expect(plain).not.toBe(code);
      }
    });
  });

  it('read as a person expects them', async () => {
    // Every code with placeholders is known to this test, with the values the API sends.
    expect(withPlaceholders.length).toBeGreaterThanOrEqual(9);
    expect(withPlaceholders.filter((code) => !API_VALUES[code])).toEqual([]);
    await i18n.changeLanguage('en');
    expect(translateErrorCode('err_loan_duration_not_allowed', { min: 12, max: 60 })).toBe(
      'The duration is outside the possible range (12 to 60 months).',
    );
    expect(translateErrorCode('err_loan_amount_not_allowed', { min: 20000, max: 500000, currency: 'PLN' })).toBe(
      'The amount is outside the possible range (20,000 to 500,000 PLN).',
    );
    expect(translateErrorCode('err_too_many_requests', { seconds: 900, minutes: 15 })).toBe(
      'Too many attempts. Please try again in 15 minutes.',
    );
    expect(translateErrorCode('err_loan_duration_not_allowed')).toBe('The duration is outside the possible range.');
    await i18n.changeLanguage('de');
    expect(translateErrorCode('err_loan_amount_not_allowed', { min: 20000, max: 500000, currency: 'EUR' })).toBe(
      'Der Betrag liegt außerhalb des möglichen Rahmens (20.000 bis 500.000 EUR).',
    );
    expect(translateErrorCode('err_too_many_requests', { seconds: 5 })).toBe(
      'Zu viele Versuche. Bitte versuchen Sie es in 5 Sekunden erneut.',
    );
    await i18n.changeLanguage('pl');
    expect(translateErrorCode('err_too_many_requests', { seconds: 42 })).toBe(
      'Zbyt wiele prób. Prosimy spróbować ponownie za 42 sekundy.',
    );
    await i18n.changeLanguage('fr');
    expect(translateErrorCode('err_loan_duration_not_allowed', { min: 12, max: 60 })).toBe(
      'La durée est en dehors de la fourchette possible (12 à 60 mois).',
    );
    expect(translateErrorCode('err_invalid_current_password')).toBe('Le mot de passe actuel est incorrect.');
  });
});
