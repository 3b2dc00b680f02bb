import type { CompanySearchResult } from '@finportal/contracts/company-search';
import { formatDate, type FieldUi } from '@finportal/contracts/dynamic-forms';
import type { PortalConfig } from '../../../lib/config';
import { companyFromResult } from './company';
import { companyTypesFor } from './products';
import type { CompanyValues } from './wizard-state';

/** A company picked in the dynamic wizard's search: the form values it sets, and its details and ids. */
export interface PickedCompany {
  values: Record<string, unknown>;
  company: CompanyValues;
}

/** Standard fields a picked company fills when the form asks for them. */
const COMPANY_FIELDS = [
  'companyType',
  'street',
  'houseNumber',
  'companyPostCode',
  'companyLocation',
  'taxIdNumber',
  'businessPurpose',
] as const;

/** The form values a picked company sets (name, and the company fields the form has). */
export function valuesFromCompany(
  result: CompanySearchResult,
  fields: FieldUi[],
  config: PortalConfig,
  country: string,
): Record<string, unknown> {
  const company = companyFromResult(result, config, country);
  const ids = new Set(fields.map((f) => f.id));
  const values: Record<string, unknown> = { companyName: company.companyName };
  for (const id of COMPANY_FIELDS) {
    if (ids.has(id) && company[id]) values[id] = company[id];
  }
  if (values.companyType && !companyTypesFor(config, country).includes(String(values.companyType))) {
    delete values.companyType;
  }
  const foundation = fields.find((f) => f.id === 'foundation_date');
  if (foundation && result.foundation_date) {
    values.foundation_date = foundation.date_format
      ? formatDate(result.foundation_date, foundation.date_format)
      : result.foundation_date;
  }
  return values;
}

/** The company picked in a search of the dynamic wizard, for the form's fields and `country`. */
export function pickedCompany(
  result: CompanySearchResult,
  fields: FieldUi[],
  config: PortalConfig,
  country: string,
): PickedCompany {
  return {
    values: valuesFromCompany(result, fields, config, country),
    company: companyFromResult(result, config, country),
  };
}
