import { describe, expect, it } from 'vitest';
import {
  buildDynamicSubmission,
  dynamicFormConfig,
  fieldsOfStep,
  fromSubmissionValue,
  parseDate,
  parseNumber,
  resolveDateBound,
  toSubmissionValue,
  validateDynamicStep,
  validateDynamicSubmission,
  validateField,
  valuesFromSubmission,
  type DynamicFormConfig,
  type FieldUi,
} from './dynamic-forms.js';
import { partnerFileSchema } from './partner.js';

const label = { de: 'Feld', en: 'Field' };
const consentMessage = { de: 'Bitte zustimmen', en: 'Please agree' };

/** A small form with one field of every kind that the validator treats differently. */
const raw = {
  ui_config: {
    loan_purposes: {
      working_capital_loan: {
        steps: [
          {
            id: 'loan',
            title: label,
            fields: [
              { id: 'allBanksLoanPurpose', ui_type: 'loan_types', label, validation: [{ kind: 'required' }] },
              {
                id: 'loanSize',
                ui_type: 'loan_amount',
                label,
                min: 15000,
                max: 500000,
                validation: [{ kind: 'required' }],
              },
              {
                id: 'loanDuration',
                ui_type: 'loan_duration',
                unit: 'years',
                label,
                validation: [{ kind: 'required' }, { kind: 'min', value: 1 }, { kind: 'max', value: 5 }],
              },
            ],
          },
          {
            id: 'company',
            title: label,
            fields: [
              {
                id: 'companyName',
                ui_type: 'company_name_search',
                label,
                validation: [{ kind: 'required' }, { kind: 'minLength', value: 4 }, { kind: 'maxLength', value: 255 }],
              },
              {
                id: 'companyPostCode',
                ui_type: 'input',
                label,
                validation: [{ kind: 'regex', value: '^[0-9]{4,5}$' }],
              },
              {
                id: 'foundation_date',
                ui_type: 'date',
                date_format: 'DD.MM.YYYY',
                label,
                validation: [
                  { kind: 'required' },
                  { kind: 'date_from', value: '01.01.1900' },
                  { kind: 'date_to', value: 'today' },
                ],
              },
              {
                id: 'equity_ratio',
                ui_type: 'input_number',
                unit: 'percent',
                label,
                validation: [
                  { kind: 'min', value: 0 },
                  { kind: 'max', value: 100 },
                ],
              },
              { id: 'employees', ui_type: 'input_number', label, validation: [{ kind: 'min', value: 1 }] },
              {
                id: 'sector',
                ui_type: 'select',
                label,
                options: [
                  { value: 'retail', label },
                  { value: 'trade', label },
                ],
                validation: [{ kind: 'required' }],
              },
              {
                id: 'exports',
                ui_type: 'radio',
                label,
                options: [
                  { value: 'true', label },
                  { value: 'false', label },
                ],
              },
              {
                id: 'start_date',
                ui_type: 'date',
                date_format: 'DD.MM.YYYY',
                label,
                validation: [
                  { kind: 'date_from', value: '+30d' },
                  { kind: 'date_to', value: '+1y' },
                ],
              },
              {
                id: 'consent',
                ui_type: 'checkbox',
                label,
                validation: [{ kind: 'required', message: consentMessage }],
              },
              { id: 'newsletter', ui_type: 'checkbox', label },
            ],
          },
        ],
      },
    },
  },
  definitions: {
    fields: [
      { id: 'allBanksLoanPurpose', field_type: 'standard', value_type: 'text' },
      { id: 'loanSize', field_type: 'standard', value_type: 'int' },
      { id: 'loanDuration', field_type: 'standard', value_type: 'int' },
      { id: 'companyName', field_type: 'standard', value_type: 'text' },
      { id: 'companyPostCode', field_type: 'standard', value_type: 'text' },
      { id: 'foundation_date', field_type: 'standard', value_type: 'date' },
      { id: 'equity_ratio', field_type: 'custom', value_type: 'decimal', scope: 'company' },
      { id: 'employees', field_type: 'custom', value_type: 'int', scope: 'company' },
      { id: 'sector', field_type: 'custom', value_type: 'text' },
      { id: 'exports', field_type: 'custom', value_type: 'boolean' },
      { id: 'start_date', field_type: 'custom', value_type: 'date' },
      { id: 'consent', field_type: 'custom', value_type: 'boolean' },
      { id: 'newsletter', field_type: 'custom', value_type: 'boolean' },
    ],
    loan_purposes: [
      {
        name: 'working_capital_loan',
        currencies: ['EUR'],
        fields: [
          'allBanksLoanPurpose',
          'loanSize',
          'loanDuration',
          'companyName',
          'companyPostCode',
          'foundation_date',
          'equity_ratio',
          'employees',
          'sector',
          'exports',
          'start_date',
          'consent',
          'newsletter',
        ],
      },
    ],
  },
};

const config: DynamicFormConfig = dynamicFormConfig.parse(raw);
const NOW = new Date('2026-03-15T10:00:00Z');
const LP = 'working_capital_loan';

const validLoan = { allBanksLoanPurpose: LP, loanSize: 100000, loanDuration: 4 };
const validCompany = {
  companyName: 'Muster GmbH',
  companyPostCode: '10115',
  foundation_date: '01.02.2010',
  equity_ratio: 12.5,
  employees: 12,
  sector: 'retail',
  exports: 'true',
  start_date: '01.05.2026',
  consent: true,
  newsletter: false,
};

const field = (id: string): FieldUi => fieldsOfStep(config, LP, 'company').find((f) => f.id === id)!;
const loanField = (id: string): FieldUi => fieldsOfStep(config, LP, 'loan').find((f) => f.id === id)!;
const errorsFor = (id: string, value: unknown) =>
  validateDynamicStep(config, LP, 'company', { ...validCompany, [id]: value }, NOW).map((e) => ({
    field: e.field,
    code: e.code,
    ...(e.values ? { values: e.values } : {}),
  }));

describe('fieldsOfStep', () => {
  it('lists the fields of a step in order; unknown loan purpose or step gives []', () => {
    expect(fieldsOfStep(config, LP, 'loan').map((f) => f.id)).toEqual([
      'allBanksLoanPurpose',
      'loanSize',
      'loanDuration',
    ]);
    expect(fieldsOfStep(config, LP, 'nope')).toEqual([]);
    expect(fieldsOfStep(config, 'factoring', 'loan')).toEqual([]);
  });
});

describe('validateDynamicStep', () => {
  it('accepts a complete step', () => {
    expect(validateDynamicStep(config, LP, 'loan', validLoan, NOW)).toEqual([]);
    expect(validateDynamicStep(config, LP, 'company', validCompany, NOW)).toEqual([]);
  });

  it('required: missing, null and blank are err_required', () => {
    for (const value of [undefined, null, '', '   ']) {
      expect(errorsFor('companyName', value)).toEqual([{ field: 'companyName', code: 'err_required' }]);
    }
  });

  it('an optional empty field has no errors (its other rules are skipped)', () => {
    expect(errorsFor('companyPostCode', '')).toEqual([]);
    expect(errorsFor('equity_ratio', undefined)).toEqual([]);
  });

  it('a required checkbox that is not ticked fails with err_custom_field_required and its own message', () => {
    const errors = validateDynamicStep(config, LP, 'company', { ...validCompany, consent: false }, NOW);
    expect(errors).toEqual([{ field: 'consent', code: 'err_custom_field_required', message: consentMessage }]);
    expect(errorsFor('consent', undefined)).toEqual([{ field: 'consent', code: 'err_custom_field_required' }]);
    // An optional checkbox may stay unticked.
    expect(errorsFor('newsletter', false)).toEqual([]);
  });

  it('minLength and maxLength: err_too_short / err_too_long with the limit', () => {
    expect(errorsFor('companyName', 'abc')).toEqual([
      { field: 'companyName', code: 'err_too_short', values: { min: 4 } },
    ]);
    expect(errorsFor('companyName', 'x'.repeat(256))).toEqual([
      { field: 'companyName', code: 'err_too_long', values: { max: 255 } },
    ]);
    expect(errorsFor('companyName', 'abcd')).toEqual([]);
  });

  it('regex: err_pattern_mismatch (postcode digits only)', () => {
    expect(errorsFor('companyPostCode', '10A15')).toEqual([{ field: 'companyPostCode', code: 'err_pattern_mismatch' }]);
    expect(errorsFor('companyPostCode', '1010')).toEqual([]);
  });

  it('min and max: err_too_small / err_too_big, in the entered unit', () => {
    expect(errorsFor('equity_ratio', -1)).toEqual([
      { field: 'equity_ratio', code: 'err_too_small', values: { min: 0 } },
    ]);
    expect(errorsFor('equity_ratio', 100.5)).toEqual([
      { field: 'equity_ratio', code: 'err_too_big', values: { max: 100 } },
    ]);
    expect(errorsFor('equity_ratio', 100)).toEqual([]);
    expect(errorsFor('employees', 0)).toEqual([{ field: 'employees', code: 'err_too_small', values: { min: 1 } }]);
    const duration = (v: unknown) =>
      validateDynamicStep(config, LP, 'loan', { ...validLoan, loanDuration: v }, NOW).map((e) => e.code);
    expect(duration(6)).toEqual(['err_too_big']);
    expect(duration(0.5)).toEqual(['err_too_small']);
    expect(duration(1)).toEqual([]);
  });

  it('the field min and max (slider bounds) are enforced like rules', () => {
    const amount = (v: unknown) =>
      validateDynamicStep(config, LP, 'loan', { ...validLoan, loanSize: v }, NOW).map((e) => [e.code, e.values]);
    expect(amount(10000)).toEqual([['err_too_small', { min: 15000 }]]);
    expect(amount(600000)).toEqual([['err_too_big', { max: 500000 }]]);
    expect(amount(15000)).toEqual([]);
  });

  it('numbers: numeric strings with a decimal comma are read; other text is err_invalid_value', () => {
    expect(errorsFor('equity_ratio', '12,5')).toEqual([]);
    expect(errorsFor('equity_ratio', 12.5)).toEqual([]);
    expect(errorsFor('equity_ratio', 'zwölf')).toEqual([{ field: 'equity_ratio', code: 'err_invalid_value' }]);
    // An int field takes whole numbers only.
    expect(errorsFor('employees', 2.5)).toEqual([{ field: 'employees', code: 'err_invalid_value' }]);
    // ... but an int duration in years may be fractional as long as the months are whole (1.5 y = 18 months).
    expect(validateDynamicStep(config, LP, 'loan', { ...validLoan, loanDuration: 1.5 }, NOW)).toEqual([]);
    expect(
      validateDynamicStep(config, LP, 'loan', { ...validLoan, loanDuration: 1.01 }, NOW).map((e) => e.code),
    ).toEqual(['err_invalid_value']);
  });

  it('select and radio: a value that is no option is err_invalid_value', () => {
    expect(errorsFor('sector', 'mining')).toEqual([{ field: 'sector', code: 'err_invalid_value' }]);
    expect(errorsFor('exports', 'maybe')).toEqual([{ field: 'exports', code: 'err_invalid_value' }]);
    expect(errorsFor('exports', false)).toEqual([]);
  });

  it('dates are parsed in the field format (or YYYY-MM-DD); impossible dates are err_date_invalid', () => {
    expect(errorsFor('foundation_date', '2010-02-01')).toEqual([]);
    expect(errorsFor('foundation_date', '1.2.2010')).toEqual([]);
    for (const bad of ['31.02.2010', '2010/02/01', '01.13.2010', 'gestern', 20100201]) {
      expect(errorsFor('foundation_date', bad)).toEqual([{ field: 'foundation_date', code: 'err_date_invalid' }]);
    }
  });

  it('date_from and date_to with absolute bounds and today: err_date_too_early / err_date_too_late', () => {
    expect(errorsFor('foundation_date', '31.12.1899')).toEqual([
      { field: 'foundation_date', code: 'err_date_too_early', values: { min: '01.01.1900' } },
    ]);
    expect(errorsFor('foundation_date', '01.01.1900')).toEqual([]);
    // NOW is 15.03.2026: today is allowed, tomorrow is too late.
    expect(errorsFor('foundation_date', '15.03.2026')).toEqual([]);
    expect(errorsFor('foundation_date', '16.03.2026')).toEqual([
      { field: 'foundation_date', code: 'err_date_too_late', values: { max: '15.03.2026' } },
    ]);
  });

  it('date_from and date_to with relative bounds (+30d, +1y)', () => {
    // 15.03.2026 + 30 days = 14.04.2026; + 1 year = 15.03.2027.
    expect(errorsFor('start_date', '13.04.2026')).toEqual([
      { field: 'start_date', code: 'err_date_too_early', values: { min: '14.04.2026' } },
    ]);
    expect(errorsFor('start_date', '14.04.2026')).toEqual([]);
    expect(errorsFor('start_date', '15.03.2027')).toEqual([]);
    expect(errorsFor('start_date', '16.03.2027')).toEqual([
      { field: 'start_date', code: 'err_date_too_late', values: { max: '15.03.2027' } },
    ]);
  });

  it('reports every failing field of a step at once', () => {
    const errors = validateDynamicStep(
      config,
      LP,
      'company',
      { ...validCompany, companyName: '', sector: undefined, consent: false, foundation_date: 'x' },
      NOW,
    );
    expect(errors.map((e) => `${e.field}:${e.code}`)).toEqual([
      'companyName:err_required',
      'foundation_date:err_date_invalid',
      'sector:err_required',
      'consent:err_custom_field_required',
    ]);
  });
});

describe('validateDynamicSubmission', () => {
  it('checks every step', () => {
    expect(validateDynamicSubmission(config, LP, { ...validLoan, ...validCompany }, NOW)).toEqual([]);
    const errors = validateDynamicSubmission(config, LP, { ...validCompany, loanSize: 100000 }, NOW);
    expect(errors.map((e) => `${e.field}:${e.code}`)).toEqual([
      'allBanksLoanPurpose:err_required',
      'loanDuration:err_required',
    ]);
  });

  it('an unknown loan purpose is err_loan_type_not_allowed', () => {
    expect(validateDynamicSubmission(config, 'factoring', {}, NOW)).toEqual([
      { field: 'allBanksLoanPurpose', code: 'err_loan_type_not_allowed' },
    ]);
  });
});

describe('resolveDateBound and parseDate', () => {
  it.each([
    ['today', '2026-03-15'],
    ['+30d', '2026-04-14'],
    ['-2w', '2026-03-01'],
    ['+6m', '2026-09-15'],
    ['-10y', '2016-03-15'],
    ['01.01.2000', '2000-01-01'],
    ['2000-01-01', '2000-01-01'],
    ['soon', null],
  ])('%s → %s', (bound, expected) => {
    expect(resolveDateBound(bound, 'DD.MM.YYYY', NOW)).toBe(expected);
  });

  it('months clamp the day: 31.01. + 1m is the last day of February', () => {
    expect(resolveDateBound('+1m', undefined, new Date('2024-01-31T12:00:00Z'))).toBe('2024-02-29');
    expect(resolveDateBound('-1y', undefined, new Date('2024-02-29T12:00:00Z'))).toBe('2023-02-28');
  });

  it('parses other formats and knows leap years', () => {
    expect(parseDate('02/29/2024', 'MM/DD/YYYY')).toBe('2024-02-29');
    expect(parseDate('29.02.2023', 'DD.MM.YYYY')).toBeNull();
    expect(parseDate('2024-2-9')).toBe('2024-02-09');
  });
});

describe('numbers typed in a language (finding 4: read by the number field, never guessed here)', () => {
  // Text that reads differently by language ("1,200" is 1.2 in German, 1200 in English), has more
  // than 2 fraction digits, or is grouped stays text: the number field, which knows the language,
  // reads it (parseLocaleNumber) and keeps only what it could not read as text.
  it.each(['1,200', '1.200', '12,3456', '12.345,67', '1.2.3,4', '2.500.000', '12 345,67', ',5', '1e3'])(
    'refuses the text %j as err_invalid_value',
    (text) => {
      expect(parseNumber(text)).toBeUndefined();
      expect(errorsFor('equity_ratio', text)).toEqual([{ field: 'equity_ratio', code: 'err_invalid_value' }]);
    },
  );
  it.each([
    ['25', 25],
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['1250000,50', 1250000.5],
    [' -3 ', -3],
  ])('reads the language-neutral text %j', (text, value) => {
    expect(parseNumber(text)).toBe(value);
  });
  it('numbers are numbers', () => {
    expect(parseNumber(1200)).toBe(1200);
    expect(parseNumber(Number.NaN)).toBeUndefined();
    expect(parseNumber(Number.POSITIVE_INFINITY)).toBeUndefined();
  });
});

describe('toSubmissionValue and fromSubmissionValue', () => {
  const def = (id: string) => config.definitions.fields.find((d) => d.id === id);
  const conv = (id: string, value: unknown) => toSubmissionValue(field(id), def(id), value);

  it('percent → decimal: 12.5 → 0.125, "7" → 0.07', () => {
    expect(conv('equity_ratio', 12.5)).toBe(0.125);
    expect(conv('equity_ratio', '7')).toBe(0.07);
    expect(conv('equity_ratio', '12,5')).toBe(0.125);
  });

  it('years → months (x12): 4 → 48, 1.5 → 18', () => {
    const d = loanField('loanDuration');
    expect(toSubmissionValue(d, def('loanDuration'), 4)).toBe(48);
    expect(toSubmissionValue(d, def('loanDuration'), 1.5)).toBe(18);
  });

  it('dates → YYYY-MM-DD from the field format, ISO or a Date', () => {
    expect(conv('foundation_date', '01.02.2010')).toBe('2010-02-01');
    expect(conv('foundation_date', '2010-02-01')).toBe('2010-02-01');
    expect(conv('foundation_date', new Date(2010, 1, 1))).toBe('2010-02-01');
  });

  it('int and decimal parsing; text trimmed; booleans from radio strings; empty → null', () => {
    expect(conv('employees', '12')).toBe(12);
    expect(toSubmissionValue(loanField('loanSize'), def('loanSize'), '250000')).toBe(250000);
    expect(conv('companyName', '  Muster GmbH ')).toBe('Muster GmbH');
    expect(conv('exports', 'true')).toBe(true);
    expect(conv('exports', 'false')).toBe(false);
    expect(conv('consent', true)).toBe(true);
    expect(conv('employees', '')).toBeNull();
    expect(conv('employees', undefined)).toBeNull();
    expect(conv('employees', 'viele')).toBeNull();
  });

  it('fromSubmissionValue is the inverse', () => {
    const back = (id: string, value: unknown, f = field(id)) => fromSubmissionValue(f, def(id), value);
    expect(back('equity_ratio', 0.125)).toBe(12.5);
    expect(back('equity_ratio', 0.07)).toBe(7);
    expect(back('loanDuration', 48, loanField('loanDuration'))).toBe(4);
    expect(back('foundation_date', '2010-02-01')).toBe('01.02.2010');
    expect(back('exports', true)).toBe('true');
    expect(back('consent', true)).toBe(true);
    // The wrong type comes back unchanged, so the validator reports it.
    expect(back('employees', 'zwölf')).toBe('zwölf');
    // A submitted date must be YYYY-MM-DD: anything else is read as an invalid date.
    const notIso = back('foundation_date', '01.02.2010');
    expect(notIso instanceof Date && Number.isNaN(notIso.getTime())).toBe(true);
    expect(validateField(field('foundation_date'), def('foundation_date'), notIso, NOW)).toEqual([
      { field: 'foundation_date', code: 'err_date_invalid' },
    ]);
  });
});

describe('buildDynamicSubmission and valuesFromSubmission', () => {
  it('splits standard fields and custom_fields_list, and the server reads them back to the same verdict', () => {
    const entered = { ...validLoan, ...validCompany };
    const submission = buildDynamicSubmission(config, LP, entered);
    expect(submission.standard).toEqual({
      allBanksLoanPurpose: LP,
      loanSize: 100000,
      loanDuration: 48,
      companyName: 'Muster GmbH',
      companyPostCode: '10115',
      foundation_date: '2010-02-01',
    });
    expect(submission.custom_fields_list).toEqual([
      { field_id: 'equity_ratio', field_value: 0.125 },
      { field_id: 'employees', field_value: 12 },
      { field_id: 'sector', field_value: 'retail' },
      { field_id: 'exports', field_value: true },
      { field_id: 'start_date', field_value: '2026-05-01' },
      { field_id: 'consent', field_value: true },
      { field_id: 'newsletter', field_value: false },
    ]);
    const back = valuesFromSubmission(config, LP, submission.standard, submission.custom_fields_list);
    expect(validateDynamicSubmission(config, LP, back, NOW)).toEqual([]);
    expect(back.loanDuration).toBe(4);
    expect(back.equity_ratio).toBe(12.5);

    const missingConsent = submission.custom_fields_list.filter((c) => c.field_id !== 'consent');
    const errors = validateDynamicSubmission(
      config,
      LP,
      valuesFromSubmission(config, LP, submission.standard, missingConsent),
      NOW,
    );
    expect(errors).toEqual([{ field: 'consent', code: 'err_custom_field_required', message: consentMessage }]);
  });
});

describe('dynamicFormConfig consistency', () => {
  const issues = (mutate: (c: typeof raw) => void) => {
    const copy = structuredClone(raw);
    mutate(copy);
    const r = dynamicFormConfig.safeParse(copy);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('a field used in ui_config must be declared in definitions', () => {
    const found = issues((c) => {
      c.definitions.fields = c.definitions.fields.filter((f) => f.id !== 'sector');
    });
    expect(found).toContain(
      'ui_config.loan_purposes.working_capital_loan.steps.1.fields.5.id: field "sector" is not declared in definitions.fields',
    );
  });

  it('special UI types must use their standard field id, and value types must fit', () => {
    const found = issues((c) => {
      const fields = c.ui_config.loan_purposes.working_capital_loan.steps[0]!.fields;
      fields[1]!.id = 'amount';
      c.definitions.fields.push({ id: 'amount', field_type: 'custom', value_type: 'int' });
      c.definitions.loan_purposes[0]!.fields.push('amount');
      c.definitions.fields.find((f) => f.id === 'consent')!.value_type = 'text';
    });
    expect(found).toContain(
      'ui_config.loan_purposes.working_capital_loan.steps.0.fields.1.id: a loan_amount field must have the id "loanSize"',
    );
    expect(found).toContain(
      'ui_config.loan_purposes.working_capital_loan.steps.1.fields.8.id: a checkbox has value_type boolean',
    );
  });

  it('bad rule values and unknown standard fields are reported', () => {
    const found = issues((c) => {
      const fields = c.ui_config.loan_purposes.working_capital_loan.steps[1]!.fields;
      fields[1]!.validation = [{ kind: 'regex', value: '([' }];
      fields[2]!.validation = [{ kind: 'date_to', value: 'tomorrow' }];
      c.definitions.fields.push({ id: 'iban', field_type: 'standard', value_type: 'text' });
    });
    expect(found.some((m) => m.includes('fields.1.validation.0.value: regex needs a valid pattern'))).toBe(true);
    expect(found.some((m) => m.includes('fields.2.validation.0.value: date_to needs a date'))).toBe(true);
    expect(found.some((m) => m.includes('"iban" is no standard field'))).toBe(true);
  });

  it('a partner with is_dynamic_form needs a dynamic_form, for its own loan types', () => {
    const partner = {
      key: 'acme',
      display_name: 'Acme',
      legal_name: 'Acme GmbH',
      logo: 'acme.svg',
      fe_theme: { color_link: '#000000', color_primary: '#000000', color_cta_text: '#ffffff' },
      customer_support_email: 'a@acme.example',
      customer_support_phone: '+49 30 1234 5678',
      url_list: { terms: 'https://acme.example/t', privacy_policy: 'https://acme.example/p' },
      entitlements: [],
      languages: { supported: ['de'], default: 'de' },
      currencies: { supported: ['EUR'], default: 'EUR' },
      countries: ['DE'],
      company_types: { supported: ['GMBH'], default: 'GMBH' },
      user_create_application: true,
      user_application_types: ['factoring'],
      is_dynamic_form: true,
    };
    const paths = (p: object) => {
      const r = partnerFileSchema.safeParse(p);
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(paths(partner)).toEqual(['dynamic_form']);
    expect(paths({ ...partner, dynamic_form: raw })).toEqual([
      'dynamic_form.ui_config.loan_purposes.working_capital_loan',
    ]);
    expect(paths({ ...partner, dynamic_form: raw, user_application_types: ['working_capital_loan'] })).toEqual([]);
  });
});
