import { representativeIssues } from '@finportal/contracts/representatives';
import { describe, expect, it } from 'vitest';
import { buildSignatory } from '../../../test/factories';
import {
  BIRTHDATE_FORMAT,
  changedFields,
  emptyFormValues,
  parseBirthdate,
  toFormValues,
  toRequestBody,
  toWireValues,
} from './representative-form';

describe('representative form values', () => {
  it('use DD.MM.YYYY in every language (spec 2 section 5), and read any of . / - as separator', () => {
    expect(BIRTHDATE_FORMAT).toBe('DD.MM.YYYY');
    expect(parseBirthdate('12.04.1980', 'DD.MM.YYYY')).toBe('1980-04-12');
    expect(parseBirthdate('12/04/1980', 'DD.MM.YYYY')).toBe('1980-04-12');
    expect(parseBirthdate(' 1-4-1980 ', 'DD/MM/YYYY')).toBe('1980-04-01');
    expect(parseBirthdate('31.02.1980', 'DD.MM.YYYY')).toBeNull();
    expect(parseBirthdate('1980-04-12', 'DD.MM.YYYY')).toBeNull();
  });

  it('show a stored representative (share in percent, date in the language) and give it back unchanged', () => {
    const stored = buildSignatory({ percentage_owned: 0.125, position: null });
    const values = toFormValues(stored, 'DD.MM.YYYY');
    expect(values.percentage_owned).toBe(12.5);
    expect(values.birthdate).toBe('12.04.1980');
    expect(values.position).toBe('');
    const wire = toWireValues(values, 'DD.MM.YYYY');
    expect(wire.percentage_owned).toBe(0.125);
    expect(wire.birthdate).toBe('1980-04-12');
    expect(wire.position).toBeNull();
    expect(changedFields(stored, wire)).toEqual([]);
  });

  it('keep unreadable input for the rules to refuse, and trim texts', () => {
    const values = { ...emptyFormValues(), first_name: '  Anna ', birthdate: '12.13.1980', percentage_owned: 'zwölf' };
    const wire = toWireValues(values, 'DD.MM.YYYY');
    expect(wire.first_name).toBe('Anna');
    expect(wire.birthdate).toBe('12.13.1980');
    const issues = representativeIssues(wire, { countries: ['DE'] });
    expect(issues.find((i) => i.field === 'birthdate')?.code).toBe('err_date_invalid');
    expect(issues.find((i) => i.field === 'percentage_owned')?.code).toBe('err_invalid_value');
  });

  it('list only the changed fields, and build a body of them', () => {
    const before = toWireValues(toFormValues(buildSignatory(), 'DD.MM.YYYY'), 'DD.MM.YYYY');
    const after = { ...before, telephone: '+49 30 7654321', is_main_contact: false };
    expect(changedFields(before, after)).toEqual(['telephone', 'is_main_contact']);
    expect(toRequestBody(after, ['telephone'])).toEqual({ telephone: '+49 30 7654321' });
  });
});
