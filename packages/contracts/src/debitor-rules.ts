import { amountError } from './finance-object-rules.js';
import { FACTORING_CURRENCIES } from './factoring-rules.js';
import type { RuleError } from './rule-error.js';

/**
 * The debtors of a factoring application (spec 2 sections 2, 3, 4, 5, 6 and 9; issue 12; ADR 018),
 * zod-free: the debtors table, its modals and the API judge with the same functions. The wire
 * shapes are in `debitors.ts`.
 */

/** The insurer's answers to a cover request (spec 2 section 3 "Debtor"), each shown with its own text. */
export const COVER_STATUSES = [
  'CheckPolicy',
  'Closed',
  'Cover',
  'Error',
  'Inactive',
  'NoCover',
  'Partial',
  'Pending',
  'Rejected',
] as const;
export type CoverStatus = (typeof COVER_STATUSES)[number];

/** Statuses after which a new request may be made: only a failed one (the insurer never answered). */
/**
 * The badge colour of each cover status on screen (the factoring tab, the company page): the text
 * says the status, the colour only adds (as the application statuses' colours in statuses.ts).
 */
export const COVER_STATUS_COLOURS: Record<CoverStatus, string> = {
  Pending: 'blue',
  Cover: 'green',
  Partial: 'yellow',
  CheckPolicy: 'orange',
  NoCover: 'red',
  Rejected: 'red',
  Error: 'red',
  Closed: 'gray',
  Inactive: 'gray',
};

export const COVER_RETRY_STATUSES: readonly CoverStatus[] = ['Error'];

/** "The top 5 debtors are requested" (spec 2 sections 2 and 9): at most this many, a partner setting. */
export const FACTORING_MAX_DEBITORS_DEFAULT = 5;

/** The fields a client sends for a debtor (POST; PATCH sends the last two). */
export const DEBITOR_FIELDS = ['company_id', 'annual_sales_previous_year', 'currency'] as const;
export type DebitorField = (typeof DEBITOR_FIELDS)[number];
export type DebitorValues = Partial<Record<DebitorField, unknown>>;

export interface DebitorIssue extends RuleError {
  field: DebitorField;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A debtor's annual sales: required, greater than 0, at most 999999999 with two decimals. */
export function debitorSalesError(value: unknown): RuleError | null {
  if (isEmpty(value)) return { code: 'err_required' };
  const error = amountError(value);
  if (error) return error;
  return value === 0 ? { code: 'err_too_small', values: { min: 0 } } : null;
}

/** A debtor's currency: one of FACTORING_CURRENCIES. */
export function debitorCurrencyError(value: unknown): RuleError | null {
  if (isEmpty(value)) return { code: 'err_required' };
  return (FACTORING_CURRENCIES as readonly unknown[]).includes(value) ? null : { code: 'err_invalid_value' };
}

/**
 * A debtor's rules (spec 2 section 5): "a debtor needs annual sales and a company id ('company id
 * required')". `creating`: the company id is judged (POST); a PATCH changes sales and currency only.
 */
export function debitorIssues(values: DebitorValues, { creating }: { creating: boolean }): DebitorIssue[] {
  const issues: DebitorIssue[] = [];
  if (creating) {
    const id = values.company_id;
    if (isEmpty(id)) issues.push({ field: 'company_id', code: 'err_company_id_required' });
    else if (typeof id !== 'string' || !UUID.test(id.trim()))
      issues.push({ field: 'company_id', code: 'err_invalid_value' });
  }
  const sales = debitorSalesError(values.annual_sales_previous_year);
  if (sales) issues.push({ field: 'annual_sales_previous_year', ...sales });
  const currency = debitorCurrencyError(values.currency);
  if (currency) issues.push({ field: 'currency', ...currency });
  return issues;
}

/** Adding `adding` more to `count` debtors breaks the maximum. */
export function debitorsMaxError(
  count: number,
  max: number = FACTORING_MAX_DEBITORS_DEFAULT,
  adding = 1,
): RuleError | null {
  return count + adding > max ? { code: 'err_factoring_debitors_max', values: { max } } : null;
}

/** What the cover rule reads of a debtor. */
export interface CoverCandidate {
  /** The debtor company's external provider (external_provider_name), or null. */
  external_provider_name: string | null;
  external_provider_company_id: string | null;
  /** The current cover's status, or null when none was requested. */
  cover_status: CoverStatus | null;
}

/**
 * Insurance cover may be requested (spec 2 section 4) only for a debtor whose external provider
 * is the insurer (`err_cover_provider_not_insurer`), with a provider company id
 * (`err_cover_provider_id_missing`) and no existing cover (`err_cover_exists`; a request that
 * ended in Error may be made again).
 */
export function coverRequestError(debitor: CoverCandidate, insurerName: string): RuleError | null {
  if (debitor.external_provider_name !== insurerName) return { code: 'err_cover_provider_not_insurer' };
  if (!debitor.external_provider_company_id?.trim()) return { code: 'err_cover_provider_id_missing' };
  if (debitor.cover_status && !COVER_RETRY_STATUSES.includes(debitor.cover_status)) return { code: 'err_cover_exists' };
  return null;
}

/** What the concentration reads of a debtor. */
export interface ConcentrationEntry {
  debitor_id: string;
  annual_sales_previous_year: number;
  currency: string;
}

export interface DebitorConcentration {
  /** The currency the figure is in (the application's); debtors in other currencies are left out. */
  currency: string;
  /** The listed sales in that currency. */
  total_sales: number;
  /** The largest debtor's sales, and its share of the total (0 to 1, four decimals). */
  largest_sales: number;
  largest_share: number;
  largest_debitor_id: string;
  /** Debtors counted, and those left out for another currency (amounts are not converted). */
  debitor_count: number;
  excluded_count: number;
}

/**
 * How concentrated the receivables are: the largest debtor's share of the listed sales (issue
 * 12). Only debtors in `currency` count (no exchange rates); null when none of them has sales.
 */
export function debitorConcentration(
  debitors: readonly ConcentrationEntry[],
  currency: string,
): DebitorConcentration | null {
  const counted = debitors.filter((d) => d.currency === currency && d.annual_sales_previous_year > 0);
  if (!counted.length) return null;
  const totalCents = counted.reduce((sum, d) => sum + Math.round(d.annual_sales_previous_year * 100), 0);
  const largest = counted.reduce((a, b) => (b.annual_sales_previous_year > a.annual_sales_previous_year ? b : a));
  return {
    currency,
    total_sales: totalCents / 100,
    largest_sales: largest.annual_sales_previous_year,
    largest_share: Math.round((Math.round(largest.annual_sales_previous_year * 100) / totalCents) * 10_000) / 10_000,
    largest_debitor_id: largest.debitor_id,
    debitor_count: counted.length,
    excluded_count: debitors.length - counted.length,
  };
}
