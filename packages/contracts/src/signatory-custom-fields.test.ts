import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CustomFieldEntry } from './applications.js';
import { fieldUi } from './dynamic-forms.js';
import { partnerFileSchema } from './partner.js';
import {
  CUSTOM_FIELD_DATE_FORMAT,
  changedCustomFields,
  customFieldIssues,
  customFieldPath,
  signatoryCustomFields,
  signatoryFormConfig,
  storedCustomFields,
  unknownCustomFields,
  withCustomFieldChanges,
  type SignatoryCustomField,
  type SignatoryFormConfig,
} from './signatory-custom-fields.js';

/**
 * Signatory custom fields (issue 10): the partner's signatory form, the fields a loan type asks,
 * the wizard's validator on the stored values, and how a change and the stored form are made.
 */

/** The parts of a form in a partner file that the tests change. */
interface FormJson {
  ui_config: { loan_purposes: Record<string, { steps: { fields: Record<string, unknown>[] }[] }> };
  definitions: { fields: Record<string, unknown>[] };
}
interface PartnerJson extends Record<string, unknown> {
  user_application_types: string[];
  dynamic_form: FormJson;
  signatory_form: FormJson;
}

/** partners/alpen.json, parsed anew for each use (tests modify their copy). */
const alpenFile = () =>
  JSON.parse(readFileSync(new URL('../../../partners/alpen.json', import.meta.url), 'utf8')) as PartnerJson;
const alpenForm = (): SignatoryFormConfig => signatoryFormConfig.parse(alpenFile().signatory_form);

const NOW = new Date('2025-06-15T10:00:00Z');
const entry = (field_id: string, field_value: CustomFieldEntry['field_value']): CustomFieldEntry => ({
  field_id,
  field_value,
});
const ids = (fields: readonly SignatoryCustomField[]) => fields.map((f) => f.field.id);
const codes = (entries: readonly CustomFieldEntry[] | null, fields: readonly SignatoryCustomField[]) =>
  customFieldIssues(entries, fields, NOW).map((i) => [i.field_id, i.code]);

const WCL = () => signatoryCustomFields(alpenForm(), 'working_capital_loan');
const textDef = { id: 'note', field_type: 'custom', value_type: 'text', scope: 'signatory' } as const;
const EDF = () => signatoryCustomFields(alpenForm(), 'event_driven_financing_loan');

/** A custom field of its own (the alpen form has no int and no free text). */
function custom(id: string, value_type: 'int' | 'text', ui: Record<string, unknown> = {}): SignatoryCustomField {
  return {
    field: fieldUi.parse({ id, ui_type: value_type === 'int' ? 'input_number' : 'input', label: { en: id }, ...ui }),
    definition: { id, field_type: 'custom', value_type, scope: 'signatory' },
  };
}

describe('signatoryFormConfig', () => {
  it("accepts alpen's signatory form", () => {
    const parsed = signatoryFormConfig.safeParse(alpenFile().signatory_form);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('refuses a standard field and a custom field of scope application or company', () => {
    const messages = (change: (defs: Record<string, unknown>[]) => unknown) => {
      const form = alpenFile().signatory_form;
      change(form.definitions.fields);
      const r = signatoryFormConfig.safeParse(form);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(messages(() => {})).toEqual([]);
    for (const scope of ['application', 'company']) {
      expect(messages((defs) => (defs[1]!.scope = scope))).toEqual([
        'definitions.fields.1: "marital_status": every field of the signatory form has field_type custom and scope signatory',
      ]);
    }
    // Without a scope a custom field is an application field.
    expect(messages((defs) => delete defs[0]!.scope)).toHaveLength(1);
    // A standard field (its id must be one of the standard ids, so the form refuses it on both counts).
    const standard = messages((defs) => (defs[2]!.field_type = 'standard'));
    expect(standard.some((m) => m.startsWith('definitions.fields.2: "resident_since": every field'))).toBe(true);
  });
});

describe('signatoryCustomFields', () => {
  it("picks a loan type's fields in form order", () => {
    expect(ids(WCL())).toEqual(['pep', 'marital_status', 'resident_since']);
    expect(ids(EDF())).toEqual(['pep', 'marital_status', 'resident_since', 'net_monthly_income']);
    const [pep] = WCL();
    expect(pep!.definition).toEqual({ id: 'pep', field_type: 'custom', value_type: 'boolean', scope: 'signatory' });
    expect(pep!.field.validation).toEqual([{ kind: 'required' }]);
  });

  it('is empty without a form and for a loan type the form has no steps for', () => {
    expect(signatoryCustomFields(null, 'working_capital_loan')).toEqual([]);
    expect(signatoryCustomFields(undefined, 'working_capital_loan')).toEqual([]);
    expect(signatoryCustomFields(alpenForm(), 'factoring')).toEqual([]);
    expect(signatoryCustomFields(alpenForm(), '')).toEqual([]);
  });

  it('gives a date field without date_format DD.MM.YYYY and keeps a configured one', () => {
    expect(CUSTOM_FIELD_DATE_FORMAT).toBe('DD.MM.YYYY');
    const date = WCL().find((f) => f.field.id === 'resident_since')!;
    expect(date.field.date_format).toBe('DD.MM.YYYY');
    expect(WCL().find((f) => f.field.id === 'pep')!.field.date_format).toBeUndefined();
    const form = alpenFile().signatory_form;
    form.ui_config.loan_purposes.working_capital_loan!.steps[0]!.fields[2]!.date_format = 'YYYY/MM/DD';
    const configured = signatoryCustomFields(signatoryFormConfig.parse(form), 'working_capital_loan');
    expect(configured.find((f) => f.field.id === 'resident_since')!.field.date_format).toBe('YYYY/MM/DD');
  });

  it('names the error path of a custom field', () => {
    expect(customFieldPath('pep')).toBe('custom_fields_list.pep');
  });
});

describe('customFieldIssues', () => {
  const valid = [entry('pep', true), entry('marital_status', 'married'), entry('resident_since', '2012-03-15')];

  it('valid values (stored or as the form sends them) have no issue', () => {
    expect(codes(valid, WCL())).toEqual([]);
    expect(codes([entry('pep', 'false')], WCL())).toEqual([]);
    expect(codes([...valid, entry('net_monthly_income', 4200.5)], EDF())).toEqual([]);
    expect(codes([entry('pep', false), entry('net_monthly_income', '0')], EDF())).toEqual([]);
  });

  it('a required field missing, null or blank is err_required; optional fields may be missing', () => {
    expect(codes([], WCL())).toEqual([['pep', 'err_required']]);
    expect(codes(null, WCL())).toEqual([['pep', 'err_required']]);
    expect(codes([entry('pep', null)], WCL())).toEqual([['pep', 'err_required']]);
    expect(codes([entry('pep', '  ')], WCL())).toEqual([['pep', 'err_required']]);
    expect(codes([entry('pep', true)], EDF())).toEqual([['net_monthly_income', 'err_required']]);
  });

  it('a value the field cannot read is err_invalid_value (decimal, int, boolean, select)', () => {
    for (const bad of ['12abc', '1.200,00', 'NaN', '']) {
      const expected = bad === '' ? 'err_required' : 'err_invalid_value';
      expect(codes([entry('pep', true), entry('net_monthly_income', bad)], EDF())).toEqual([
        ['net_monthly_income', expected],
      ]);
    }
    const children = [custom('children', 'int')];
    expect(codes([entry('children', '2.5')], children)).toEqual([['children', 'err_invalid_value']]);
    expect(codes([entry('children', 2.5)], children)).toEqual([['children', 'err_invalid_value']]);
    expect(codes([entry('children', 'two')], children)).toEqual([['children', 'err_invalid_value']]);
    expect(codes([entry('children', '3')], children)).toEqual([]);
    expect(codes([entry('pep', 'yes')], WCL())).toEqual([['pep', 'err_invalid_value']]);
    expect(codes([entry('pep', 1)], WCL())).toEqual([['pep', 'err_invalid_value']]);
    expect(codes([entry('pep', true), entry('marital_status', 'complicated')], WCL())).toEqual([
      ['marital_status', 'err_invalid_value'],
    ]);
  });

  it('numbers out of range are err_too_small / err_too_big with the bound', () => {
    const issues = (value: number) =>
      customFieldIssues([entry('pep', true), entry('net_monthly_income', value)], EDF());
    expect(issues(-1)).toEqual([{ field_id: 'net_monthly_income', code: 'err_too_small', values: { min: 0 } }]);
    expect(issues(10_000_001)).toEqual([
      { field_id: 'net_monthly_income', code: 'err_too_big', values: { max: 10_000_000 } },
    ]);
    expect(issues(10_000_000)).toEqual([]);
  });

  it('dates: after today is err_date_too_late, more than 120 years ago too early, not YYYY-MM-DD invalid', () => {
    const date = (value: string) =>
      customFieldIssues([entry('pep', true), entry('resident_since', value)], WCL(), NOW).map(
        ({ field_id, code, values }) => ({ field_id, code, values }),
      );
    expect(date('2025-06-16')).toEqual([
      { field_id: 'resident_since', code: 'err_date_too_late', values: { max: '15.06.2025' } },
    ]);
    expect(date('2025-06-15')).toEqual([]);
    expect(date('1905-06-15')).toEqual([]);
    expect(date('1905-06-14')).toEqual([
      { field_id: 'resident_since', code: 'err_date_too_early', values: { min: '15.06.1905' } },
    ]);
    expect(date('15.03.2012').map((i) => i.code)).toEqual(['err_date_invalid']);
    expect(date('2012-02-30').map((i) => i.code)).toEqual(['err_date_invalid']);
  });

  it('a stored value of a field the form no longer has is not judged (the person cannot see or change it)', () => {
    expect(codes([entry('pep', true), entry('shoe_size', '42')], WCL())).toEqual([]);
  });

  it('a text with control characters is err_invalid_characters; a text area keeps its line breaks', () => {
    const text = [
      { field: fieldUi.parse({ id: 'note', ui_type: 'input', label: { en: 'Note' } }), definition: textDef },
    ];
    const area = [
      { field: fieldUi.parse({ id: 'note', ui_type: 'textarea', label: { en: 'Note' } }), definition: textDef },
    ];
    for (const bad of ['a\u0000b', 'a\u001bb', 'a\u202eb', 'a\u0085b', 'line\nbreak']) {
      expect(codes([entry('note', bad)], text)).toEqual([['note', 'err_invalid_characters']]);
    }
    expect(codes([entry('note', 'line\nbreak\ttab')], area)).toEqual([]);
    expect(codes([entry('note', 'a\u202eb')], area)).toEqual([['note', 'err_invalid_characters']]);
  });
});

describe('unknownCustomFields', () => {
  it('a value in a request for a field the form does not have is err_invalid_value (a null for it is nothing)', () => {
    const unknown = (entries: CustomFieldEntry[], fields: ReturnType<typeof WCL>) =>
      unknownCustomFields(entries, fields).map((i) => [i.field_id, i.code]);
    expect(unknown([entry('pep', true), entry('shoe_size', '42')], WCL())).toEqual([
      ['shoe_size', 'err_invalid_value'],
    ]);
    expect(unknown([entry('pep', true), entry('net_monthly_income', 100)], WCL())).toEqual([
      ['net_monthly_income', 'err_invalid_value'],
    ]);
    expect(unknown([entry('pep', true), entry('shoe_size', null)], WCL())).toEqual([]);
    // Without a form every value is unknown.
    expect(unknown([entry('pep', true)], [])).toEqual([['pep', 'err_invalid_value']]);
  });
});

describe('withCustomFieldChanges', () => {
  it('replaces by field id, adds new ids, removes on null, keeps the rest', () => {
    const existing = [entry('pep', true), entry('marital_status', 'single'), entry('resident_since', '2012-03-15')];
    expect(
      withCustomFieldChanges(existing, [
        entry('marital_status', 'married'),
        entry('resident_since', null),
        entry('net_monthly_income', 100),
      ]),
    ).toEqual([entry('pep', true), entry('marital_status', 'married'), entry('net_monthly_income', 100)]);
    expect(withCustomFieldChanges(existing, [])).toEqual(existing);
    expect(withCustomFieldChanges([], [entry('pep', null)])).toEqual([]);
    // The input is not modified.
    expect(existing).toHaveLength(3);
  });
});

describe('storedCustomFields', () => {
  it('stores each value in its value type', () => {
    expect(
      storedCustomFields(
        [
          entry('pep', 'true'),
          entry('marital_status', '  married '),
          entry('resident_since', '2012-03-15'),
          entry('net_monthly_income', '30'),
        ],
        EDF(),
      ),
    ).toEqual([
      entry('pep', true),
      entry('marital_status', 'married'),
      entry('resident_since', '2012-03-15'),
      entry('net_monthly_income', 30),
    ]);
    expect(storedCustomFields([entry('pep', 'false'), entry('net_monthly_income', '12,5')], EDF())).toEqual([
      entry('pep', false),
      entry('net_monthly_income', 12.5),
    ]);
    expect(storedCustomFields([entry('pep', true)], WCL())).toEqual([entry('pep', true)]);
  });

  it('keeps values of fields the form does not have unchanged, drops empty ones of fields it has', () => {
    expect(storedCustomFields([entry('old_field', ' x '), entry('marital_status', '  ')], WCL())).toEqual([
      entry('old_field', ' x '),
    ]);
    expect(storedCustomFields([entry('net_monthly_income', '30')], WCL())).toEqual([entry('net_monthly_income', '30')]);
  });
});

describe('changedCustomFields', () => {
  it('the ids whose stored value differs; a missing value and null are the same', () => {
    const before = [entry('pep', true), entry('marital_status', 'single'), entry('resident_since', null)];
    expect(changedCustomFields(before, before)).toEqual([]);
    expect(changedCustomFields(before, [entry('pep', true), entry('marital_status', 'single')])).toEqual([]);
    expect(
      changedCustomFields(before, [entry('pep', false), entry('resident_since', '2012-03-15'), entry('x', 1)]).sort(),
    ).toEqual(['marital_status', 'pep', 'resident_since', 'x']);
    // A value of another type is a change ("30" and 30 are not the same stored value).
    expect(changedCustomFields([entry('n', '30')], [entry('n', 30)])).toEqual(['n']);
  });
});

describe('partnerFileSchema and the signatory form', () => {
  const issues = (file: object) => {
    const r = partnerFileSchema.safeParse(file);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('alpen.json is valid, with its signatory form', () => {
    const file = alpenFile();
    expect(issues(file)).toEqual([]);
    expect(Object.keys(partnerFileSchema.parse(file).signatory_form!.ui_config.loan_purposes)).toEqual([
      'working_capital_loan',
      'event_driven_financing_loan',
    ]);
    expect(partnerFileSchema.parse({ ...file, signatory_form: undefined }).signatory_form).toBeNull();
  });

  it('refuses a signatory form with a loan type the partner does not offer', () => {
    const file = alpenFile();
    file.user_application_types = ['working_capital_loan'];
    file.supported_application_types_by_country = undefined;
    const found = issues(file);
    expect(found.some((m) => m.startsWith('signatory_form.ui_config.loan_purposes.event_driven_financing_loan:'))).toBe(
      true,
    );
    expect(found.filter((m) => m.startsWith('signatory_form'))).toHaveLength(1);
  });

  it('refuses an application form field of scope signatory', () => {
    const file = alpenFile();
    const index = file.dynamic_form.definitions.fields.findIndex((d) => d.id === 'employees');
    expect(index).toBeGreaterThan(-1);
    file.dynamic_form.definitions.fields[index]!.scope = 'signatory';
    expect(issues(file)).toEqual([
      `dynamic_form.definitions.fields.${index}.scope: "employees": signatory fields belong in signatory_form`,
    ]);
  });
});
