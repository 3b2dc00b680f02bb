import {
  FACTORING_FIELD_KINDS,
  FACTORING_FIELDS,
  type FactoringBaseField,
  type FactoringField,
  type FactoringValues,
} from '@finportal/contracts/factoring-rules';

/**
 * Where a factoring application's details are stored (ADR 018): three in the application's own
 * columns, as the wizard wrote them; the others in its `factoring_details` jsonb, keyed by wire
 * name. The factoring module writes them; the pending items read them.
 */

/** Details kept in application columns (the wizard's), not in factoring_details. */
export const COLUMN_FIELDS = [
  'has_international_customers',
  'annual_sales_previous_year',
  'annual_sales_previous_year_abroad',
] as const satisfies readonly FactoringField[];
export const isColumnField = (f: FactoringField) => (COLUMN_FIELDS as readonly string[]).includes(f);

/** What the details are read from: the application row (numeric columns may come as strings). */
export interface DetailsRow {
  has_international_customers: boolean | null;
  annual_sales_previous_year: string | number | null;
  annual_sales_previous_year_abroad: string | number | null;
  factoring_details: Record<string, unknown> | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Every factoring field as stored (unknown keys of the jsonb left out). */
export function detailsOf(row: DetailsRow): FactoringValues {
  const stored = row.factoring_details ?? {};
  const values: FactoringValues = {
    has_international_customers: row.has_international_customers,
    annual_sales_previous_year: num(row.annual_sales_previous_year),
    annual_sales_previous_year_abroad: num(row.annual_sales_previous_year_abroad),
  };
  for (const field of FACTORING_FIELDS) {
    if (!isColumnField(field)) values[field] = ofItsKind(field, stored[field]);
  }
  return values;
}

/**
 * A stored value when it has its field's type, else null (the API only stores valid values; the
 * dev fixtures write what they are given, and the answer's schema would refuse a wrong type).
 */
function ofItsKind(field: FactoringField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field.endsWith('_comment')) return typeof value === 'string' ? value : null;
  switch (FACTORING_FIELD_KINDS[field.replace(/_abroad$/, '') as FactoringBaseField]) {
    case 'portfolio':
      return typeof value === 'string' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'currencies':
      return Array.isArray(value) && value.every((c) => typeof c === 'string') ? value : null;
    default:
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
  }
}
