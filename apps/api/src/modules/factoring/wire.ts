import { coverRequestError, type Debitor } from '@finportal/contracts/debitors';
import {
  FACTORING_FIELDS,
  FACTORING_SECTION_FIELDS,
  FACTORING_SECTIONS,
  isFactoringValueEmpty,
  type FactoringSection,
  type FactoringValues,
} from '@finportal/contracts/factoring';
import type { FactoringDetailsResponse } from '@finportal/contracts/factoring';
import type { factoringDebitors } from '../../db/schema.js';
import { isColumnField } from './details.js';

/** The stored shapes of factoring details and debtors and their wire form (ADR 018). */

/** A value as stored: texts trimmed, an empty value null. */
export function storedValue(value: unknown): unknown {
  if (isFactoringValueEmpty(value)) return null;
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * The stored details after saving `section` with `body` (every field of the card, a field left
 * out cleared). Without international customers every _abroad twin is cleared, on all cards.
 */
export function savedDetails(
  current: FactoringValues,
  section: FactoringSection,
  body: FactoringValues,
): FactoringValues {
  const next: FactoringValues = { ...current };
  for (const field of FACTORING_SECTION_FIELDS[section]) next[field] = storedValue(body[field]);
  if (next.has_international_customers !== true) {
    for (const field of FACTORING_FIELDS) if (field.endsWith('_abroad')) next[field] = null;
  }
  return next;
}

/** The jsonb part of the details (no column fields, no empty values). */
export function jsonbOf(values: FactoringValues): Record<string, unknown> {
  return Object.fromEntries(
    FACTORING_FIELDS.filter((f) => !isColumnField(f) && values[f] !== null && values[f] !== undefined).map((f) => [
      f,
      values[f],
    ]),
  );
}

export function detailsResponse(
  values: FactoringValues,
  flags: { is_editable: boolean; is_required: boolean },
): FactoringDetailsResponse {
  const section = (s: FactoringSection) =>
    Object.fromEntries(FACTORING_SECTION_FIELDS[s].map((f) => [f, values[f] ?? null]));
  const [financials, invoices, risk_protection] = FACTORING_SECTIONS.map(section);
  return {
    financials,
    invoices,
    risk_protection,
    has_international_customers:
      typeof values.has_international_customers === 'boolean' ? values.has_international_customers : null,
    ...flags,
  } as FactoringDetailsResponse;
}

/** A debtor row with its company's columns (one join). */
export type DebitorRow = typeof factoringDebitors.$inferSelect & {
  companyName: string;
  companyCountry: string;
  externalProviderName: string | null;
  externalProviderCompanyId: string | null;
  companyRegisterNumber: string | null;
};

/** A stored debtor on the wire (spec 2 section 3 "Debtor"). */
export function debitorOf(row: DebitorRow, options: { editable: boolean; insurer: string }): Debitor {
  const provider =
    row.externalProviderName && row.externalProviderCompanyId
      ? {
          external_provider_name: row.externalProviderName,
          external_provider_company_id: row.externalProviderCompanyId,
        }
      : null;
  const cover = row.coverStatus
    ? {
        cover_status: row.coverStatus,
        cover_amount: row.coverAmount === null ? null : Number(row.coverAmount),
        cover_currency: row.coverCurrency,
        provider_data: row.providerData ?? null,
      }
    : null;
  const coverError = coverRequestError(
    {
      external_provider_name: row.externalProviderName,
      external_provider_company_id: row.externalProviderCompanyId,
      cover_status: row.coverStatus,
    },
    options.insurer,
  );
  return {
    debitor_id: row.id,
    company: { company_id: row.companyId, company_name: row.companyName, company_country: row.companyCountry },
    annual_sales_previous_year: Number(row.annualSalesPreviousYear),
    currency: row.currency,
    insurance_cover: cover,
    external_provider_company: provider,
    can_request_cover: options.editable && coverError === null,
  };
}
