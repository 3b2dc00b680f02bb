import type { FactoringContext } from '@finportal/contracts/factoring-rules';
import { describe, expect, it } from 'vitest';
import { exampleCsv } from './csv-file';
import { addDebitorIssues, emptyAddValues, prefillNewCompany, toAddWire } from './debitor-form';
import { requiredFields, toFormValues, toRequestBody, toWireValues } from './factoring-form';

const context = (overrides: Partial<FactoringContext> = {}): FactoringContext => ({
  required: true,
  hasInternationalCustomers: false,
  stored: {},
  ...overrides,
});

describe('the factoring card forms', () => {
  it('send trimmed texts, no currency as null and the twins abroad empty without customers abroad', () => {
    const values = {
      ...toFormValues('invoices', {}),
      invoice_currencies: [],
      number_of_outgoing_invoices_abroad: 12,
      payment_deadline_for_outgoing_invoices_comment: '  60 days for two customers ',
    };
    const wire = toWireValues('invoices', values, context());
    expect(wire.invoice_currencies).toBeNull();
    expect(wire.number_of_outgoing_invoices_abroad).toBeNull();
    expect(wire.payment_deadline_for_outgoing_invoices_comment).toBe('60 days for two customers');
    expect(Object.keys(toRequestBody('invoices', wire))).toHaveLength(12);
  });

  it('the financial card decides its twins by its own answer', () => {
    const values = {
      ...toFormValues('financials', {}),
      has_international_customers: true,
      annual_sales_previous_year_abroad: 5,
    };
    expect(toWireValues('financials', values, context()).annual_sales_previous_year_abroad).toBe(5);
  });

  it('asks the rules which fields are required: all when required, else what the wizard asked; never the comments', () => {
    const all = requiredFields('financials', true, context());
    expect(all.has('company_portfolio')).toBe(true);
    expect(all.has('annual_sales_previous_year_abroad')).toBe(true);
    expect(all.has('company_portfolio_comment')).toBe(false);
    const wizard = requiredFields('financials', false, context({ required: false }));
    expect([...wizard].sort()).toEqual(['annual_sales_previous_year', 'has_international_customers']);
  });
});

describe('the add-debtor form', () => {
  it('needs a company, the sales and the currency', () => {
    const issues = addDebitorIssues(toAddWire({ ...emptyAddValues('DE', ''), annual_sales_previous_year: 0 }));
    expect(issues.map((i) => [i.field, i.code])).toEqual([
      ['company_id', 'err_company_id_required'],
      ['annual_sales_previous_year', 'err_too_small'],
      ['currency', 'err_required'],
    ]);
  });

  it('starts a new company from what was searched', () => {
    const byName = { ...emptyAddValues('DE', 'EUR'), searchName: ' Beispiel Handel ' };
    expect(prefillNewCompany(byName)).toEqual({ companyName: 'Beispiel Handel' });
    const byVat = { ...emptyAddValues('DE', 'EUR'), searchType: 'vat_id' as const, searchId: 'DE123456789' };
    expect(prefillNewCompany(byVat)).toEqual({ taxIdNumber: 'DE123456789' });
  });
});

describe('the CSV example', () => {
  it('follows the language’s spreadsheet habit', () => {
    expect(exampleCsv('en').split('\r\n')[1]).toBe('Musterbau Schmidt GmbH,DE,HRB 123456 B,250000.00,EUR');
    expect(exampleCsv('de').split('\r\n')[0]).toBe('company_name;country;register_id;annual_sales;currency');
    expect(exampleCsv('de')).toContain('120500,50');
  });
});
