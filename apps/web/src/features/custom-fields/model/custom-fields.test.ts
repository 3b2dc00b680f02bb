import type { FieldUi } from '@finportal/contracts/dynamic-forms';
import { describe, expect, it } from 'vitest';
import { buildDynamicForm } from '../../../test/dynamic-form-fixture';
import { buildApplication } from '../../../test/factories';
import {
  customFieldGroups,
  displayValue,
  entryValue,
  serverFieldNames,
  storedValue,
  submissionEntries,
  type CustomFieldItem,
  type DisplayTexts,
} from './custom-fields';

const texts: DisplayTexts = {
  yes: 'ja',
  no: 'nein',
  years: (count, value) => `${value} J. (${count})`,
  months: (count, value) => `${value} M. (${count})`,
};

const item = (field: Partial<FieldUi>, valueType: CustomFieldItem['definition']['value_type']): CustomFieldItem => ({
  field: { id: 'f', ui_type: 'input_number', label: { de: 'F' }, validation: [], ...field } as FieldUi,
  definition: { id: 'f', field_type: 'custom', value_type: valueType, scope: 'application' },
  scope: 'application',
});

describe('custom fields of the dashboard', () => {
  it('groups the custom fields (company and application scope) by step', () => {
    const groups = customFieldGroups(buildDynamicForm(), 'working_capital_loan');
    expect(groups.map((g) => [g.step.id, g.items.map((i) => `${i.field.id}:${i.scope}`)])).toEqual([
      [
        'details',
        [
          'equity_ratio:company',
          'industry:company',
          'existing_leasing:application',
          'consent_credit_check:application',
        ],
      ],
    ]);
    expect(customFieldGroups(buildDynamicForm(), 'factoring')).toEqual([]);
  });

  it('reads company-scope values from the company and application-scope values from the application', () => {
    const application = buildApplication({
      company_custom_fields: [{ field_id: 'f', field_value: 'company' }],
      custom_fields_list: [{ field_id: 'f', field_value: 'application' }],
    });
    const base = item({}, 'text');
    expect(storedValue(application, { ...base, scope: 'company' })).toBe('company');
    expect(storedValue(application, base)).toBe('application');
    expect(storedValue(buildApplication(), base)).toBeNull();
  });

  it('formats values in the interface language', () => {
    const de = { language: 'de', currency: 'EUR', texts };
    expect(displayValue(item({ unit: 'percent' }, 'decimal'), 0.125, de)).toBe('12,5\u00a0%');
    expect(displayValue(item({ unit: 'years' }, 'int'), 18, de)).toBe('1,5 J. (1.5)');
    expect(displayValue(item({ unit: 'months' }, 'int'), 18, de)).toBe('18 M. (18)');
    expect(displayValue(item({ unit: 'currency' }, 'decimal'), 1250000, de)).toBe('1.250.000\u00a0€');
    expect(displayValue(item({}, 'int'), 4200, de)).toBe('4.200');
    expect(displayValue(item({ ui_type: 'checkbox' }, 'boolean'), false, de)).toBe('nein');
    expect(displayValue(item({ ui_type: 'date' }, 'date'), '2027-03-01', de)).toBe('01.03.2027');
    expect(displayValue(item({ ui_type: 'date', date_format: 'DD.MM.YYYY' }, 'date'), 'soon', de)).toBe('soon');
    expect(displayValue(item({ ui_type: 'input' }, 'text'), '', de)).toBeNull();
    expect(displayValue(item({ ui_type: 'input' }, 'text'), null, de)).toBeNull();
  });

  it('starts editors with entered values and sends converted ones', () => {
    const percent = item({ unit: 'percent' }, 'decimal');
    // Numbers as numbers: the number field shows them in the user's language (12,5 / 12.5).
    expect(entryValue(percent, 0.125)).toBe(12.5);
    expect(entryValue(percent, null)).toBeNull();
    expect(entryValue(item({ ui_type: 'checkbox' }, 'boolean'), null)).toBe(false);
    expect(entryValue(item({ ui_type: 'date', date_format: 'DD.MM.YYYY' }, 'date'), '2027-03-01')).toBe('01.03.2027');
    expect(submissionEntries([percent], { f: 12.5 })).toEqual([{ field_id: 'f', field_value: 0.125 }]);
    // An emptied field is sent as null (the API removes it).
    expect(submissionEntries([percent], { f: '' })).toEqual([{ field_id: 'f', field_value: null }]);
  });

  it('maps the server field paths to the fields', () => {
    expect(serverFieldNames([item({ id: 'a' }, 'text'), item({ id: 'b' }, 'text')])).toMatchObject({
      'custom_fields.a': 'a',
      'custom_fields.1.field_value': 'b',
    });
  });
});
