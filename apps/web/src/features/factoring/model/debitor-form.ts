import { companyIdColumn } from '@finportal/contracts/company-ids';
import type { CompanySearchResult } from '@finportal/contracts/company-search';
import { debitorIssues, type DebitorField, type DebitorValues } from '@finportal/contracts/debitor-rules';
import type { NewCompanyRequest } from '@finportal/contracts/debitors';
import {
  newCompanyIssues,
  type NewCompanyField,
  type NewCompanyIssue,
  type SearchType,
} from '@finportal/contracts/new-company-rules';
import type { FieldIssue } from '../../../lib/use-rule-form';

/**
 * The debtor forms (spec 2 sections 3 and 5; ADR 018): adding one (a company of the debtor search,
 * or a new company typed in, with its annual sales and currency) and changing one (sales and
 * currency). Judged by the contracts' `debitorIssues` and `newCompanyIssues`, the API's rules.
 */

/** The new company's typed fields, in form order (country, search type and value come from the search). */
export const NEW_COMPANY_FORM_FIELDS = [
  'companyName',
  'companyType',
  'address_street',
  'address_house_number',
  'address_post_code',
  'address_location',
  'hrNumber',
  'taxIdNumber',
  'businessPurpose',
] as const;
export type NewCompanyFormField = (typeof NEW_COMPANY_FORM_FIELDS)[number];

export type DebitorFormField = DebitorField | NewCompanyField;

/** Sales and currency: what adding and changing a debtor share. */
export interface SalesValues {
  annual_sales_previous_year: number | string | null;
  currency: string;
}

export interface AddDebitorFormValues extends Record<NewCompanyFormField, string>, SalesValues {
  /** Found in the search, or typed in as a new company. */
  mode: 'search' | 'new';
  /** The country searched in, and the new company's country. */
  country: string;
  /** By name, or by a register or tax id type of the country. */
  searchType: SearchType;
  searchName: string;
  searchId: string;
  picked: CompanySearchResult | null;
}

/** The company the debtor gets: one of ours, or one to create (a provider's hit, or typed in). */
export type CompanyChoice =
  { kind: 'id'; company_id: string } | { kind: 'create'; body: NewCompanyRequest; provider: boolean } | null;

export interface AddDebitorWire extends DebitorValues {
  company: CompanyChoice;
}

export function emptyAddValues(country: string, currency: string): AddDebitorFormValues {
  return {
    mode: 'search',
    country,
    searchType: 'name',
    searchName: '',
    searchId: '',
    picked: null,
    companyName: '',
    companyType: '',
    address_street: '',
    address_house_number: '',
    address_post_code: '',
    address_location: '',
    hrNumber: '',
    taxIdNumber: '',
    businessPurpose: '',
    annual_sales_previous_year: null,
    currency,
  };
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Sales and currency as the rules and the wire take them (unreadable text stays, for the rules to refuse). */
export function salesWire(values: SalesValues): Pick<DebitorValues, 'annual_sales_previous_year' | 'currency'> {
  const sales = values.annual_sales_previous_year;
  return {
    annual_sales_previous_year: typeof sales === 'string' && sales.trim() === '' ? null : sales,
    currency: values.currency || null,
  };
}

/** Typing in a new company starts from what was searched: the name, or the id in its field. */
export function prefillNewCompany(values: AddDebitorFormValues): Partial<Record<NewCompanyFormField, string>> {
  if (values.searchType === 'name') return values.companyName.trim() ? {} : { companyName: values.searchName.trim() };
  const field = companyIdColumn(values.searchType) === 'register_number' ? 'hrNumber' : 'taxIdNumber';
  return values[field].trim() ? {} : { [field]: values.searchId.trim() };
}

/** A provider's hit needs its legal form asked when the provider gives none the rules accept. */
export function hitNeedsType(hit: CompanySearchResult): boolean {
  return !hit.isInternal && newCompanyIssues({ companyType: hit.companyType }).some((i) => i.field === 'companyType');
}

function searchOf(values: AddDebitorFormValues): Pick<NewCompanyRequest, 'searchType' | 'searchValue'> {
  return {
    searchType: values.searchType,
    searchValue: textOrNull(values.searchType === 'name' ? values.searchName : values.searchId),
  };
}

function companyChoice(values: AddDebitorFormValues): CompanyChoice {
  if (values.mode === 'new') {
    const typed = Object.fromEntries(NEW_COMPANY_FORM_FIELDS.map((f) => [f, textOrNull(values[f])]));
    return {
      kind: 'create',
      provider: false,
      body: { ...typed, address_country: values.country, ...searchOf(values) },
    };
  }
  const hit = values.picked;
  if (!hit) return null;
  if (hit.isInternal) return { kind: 'id', company_id: hit.id };
  // The provider's data make the company (the API looks it up there); name, country and type satisfy the rules.
  return {
    kind: 'create',
    provider: true,
    body: {
      address_country: hit.land,
      companyName: hit.name,
      companyType: hitNeedsType(hit) ? textOrNull(values.companyType) : hit.companyType,
      external_provider_company_id: hit.external_provider_company_id,
      external_provider_name: hit.external_provider_name,
      ...searchOf(values),
    },
  };
}

export function toAddWire(values: AddDebitorFormValues): AddDebitorWire {
  return { company: companyChoice(values), ...salesWire(values) };
}

/** A provider's hit: only its legal form is the user's to fix; another refusal belongs to the pick. */
const onPick = (issue: NewCompanyIssue): FieldIssue<DebitorFormField> =>
  issue.field === 'companyType' ? issue : { ...issue, field: 'company_id' };

/** Every issue of the add form, in form order: the company (picked, or the new one's fields), then sales and currency. */
export function addDebitorIssues(wire: AddDebitorWire): FieldIssue<DebitorFormField>[] {
  const { company } = wire;
  let issues: FieldIssue<DebitorFormField>[];
  if (company === null) issues = [{ field: 'company_id', code: 'err_company_id_required' }];
  else if (company.kind === 'id') issues = [];
  else issues = company.provider ? newCompanyIssues(company.body).map(onPick) : newCompanyIssues(company.body);
  const seen = new Set<string>();
  return [...issues, ...debitorIssues(wire, { creating: false })].filter((issue) =>
    seen.has(issue.field) ? false : (seen.add(issue.field), true),
  );
}

/** The edit form: sales and currency only (PATCH). */
export function editDebitorIssues(wire: DebitorValues): FieldIssue<DebitorFormField>[] {
  return debitorIssues(wire, { creating: false });
}

/**
 * The legal forms offered for a new debtor company, by country (the codes the portal knows; a
 * country without its own list gets general forms). "OTHER" is always offered.
 */
const LEGAL_FORMS: Readonly<Record<string, readonly string[]>> = {
  DE: ['GMBH', 'UG', 'AG', 'GMBH_CO_KG', 'KG', 'OHG', 'GBR', 'EK', 'EINZELUNTERNEHMEN', 'FREIE_BERUFE'],
  AT: ['GMBH', 'AG', 'KG', 'OG', 'EU', 'EINZELUNTERNEHMEN'],
  CH: ['CH_AG', 'CH_GMBH', 'CH_EINZELFIRMA'],
  PL: ['PL_SP_ZOO', 'PL_SA', 'PL_SP_J', 'PL_SP_K', 'PL_JDG'],
};
const GENERAL_LEGAL_FORMS = ['LIMITED_COMPANY', 'STOCK_CORPORATION', 'PARTNERSHIP', 'SOLE_TRADER'];

export function legalFormsOf(country: string): string[] {
  return [...(LEGAL_FORMS[country] ?? GENERAL_LEGAL_FORMS), 'OTHER'];
}

/** Every code `legalFormsOf` can offer (the texts of the form). */
export const ALL_LEGAL_FORMS = [...new Set([...Object.values(LEGAL_FORMS).flat(), ...GENERAL_LEGAL_FORMS, 'OTHER'])];

/** Where a debtor search hit comes from, as its card says it: ours, the credit insurer's, the register's. */
export function hitSource(
  hit: { isInternal: boolean; external_provider_name: string | null },
  insurer: string,
): 'ours' | 'insurer' | 'registry' {
  if (hit.isInternal) return 'ours';
  return hit.external_provider_name === insurer ? 'insurer' : 'registry';
}
