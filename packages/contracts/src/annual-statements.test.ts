import { describe, expect, it } from 'vitest';
import {
  ANNUAL_STATEMENT_YEARS,
  annualStatementsDropped,
  annualStatementYear,
  baseYearOptions,
  configuredBaseYear,
  withBaseYear,
} from './annual-statements.js';
import { documentConfigurationsOf } from './documents.js';

const t = (document_type: string, extra: Record<string, unknown> = {}) => ({ document_type, ...extra });

describe('annual statement base year', () => {
  it('knows the years of the spec and the year of a type', () => {
    expect(ANNUAL_STATEMENT_YEARS).toEqual([2020, 2021, 2022, 2023, 2024]);
    expect(annualStatementYear('annual_statement_2022')).toBe(2022);
    expect(annualStatementYear('annual_statement_2019')).toBeNull();
    expect(annualStatementYear('income_expense_statement_2023')).toBeNull();
    expect(annualStatementYear('bwa')).toBeNull();
  });

  it('the configured base year is the latest configured; the options keep every year within the spec', () => {
    const two = [t('annual_statement_2024'), t('annual_statement_2023'), t('bwa')];
    expect(configuredBaseYear(two)).toBe(2024);
    expect(baseYearOptions(two)).toEqual([2024, 2023, 2022, 2021]);
    expect(baseYearOptions([t('annual_statement_2022')])).toEqual([2024, 2023, 2022, 2021, 2020]);
    expect(configuredBaseYear([t('bwa')])).toBeNull();
    expect(baseYearOptions([t('bwa')])).toEqual([]);
  });

  it('moves every statement by the same years, drops texts that name the old year, leaves other types', () => {
    const types = [
      t('annual_statement_2024', { name: { de: 'JA 2024' }, is_required: true }),
      t('annual_statement_2023'),
      t('bank_statement', { name: { de: 'Konto' } }),
    ];
    expect(withBaseYear(types, types, 2022)).toEqual([
      t('annual_statement_2022', { is_required: true }),
      t('annual_statement_2021'),
      t('bank_statement', { name: { de: 'Konto' } }),
    ]);
    expect(withBaseYear(types, types, 2024)).toEqual(types);
    expect(withBaseYear(types, types, null)).toEqual(types);
    // A year that would push a statement outside the spec's years leaves the configuration as it is.
    expect(withBaseYear(types, types, 2020)).toEqual(types);
  });

  it('a switch drops the statements of years the new base year does not ask for, keeps the shared ones', () => {
    const before = [t('annual_statement_2024'), t('annual_statement_2023'), t('bwa')];
    const after = withBaseYear(before, before, 2023);
    expect(annualStatementsDropped(before, after)).toEqual(['annual_statement_2024']);
    expect(annualStatementsDropped(before, before)).toEqual([]);
  });

  it('the configuration of an application: the chosen year when offered, else the configured one', () => {
    const categories = [
      {
        name: 'financials',
        document_types: [{ ...t('annual_statement_2024'), is_required: true, weight: 1, template_url: null }],
      },
    ];
    const chosen = documentConfigurationsOf(categories, ['pdf'], 2021);
    expect(chosen.annual_statement_base_year).toBe(2021);
    expect(chosen.document_categories[0]!.document_types.map((d) => d.document_type)).toEqual([
      'annual_statement_2021',
    ]);
    expect(chosen.document_categories[0]!.document_types[0]!.name.de).toContain('2021');
    const unknown = documentConfigurationsOf(categories, ['pdf'], 2019);
    expect(unknown.annual_statement_base_year).toBe(2024);
    expect(unknown.annual_statement_base_years).toEqual([2024, 2023, 2022, 2021, 2020]);
  });
});
