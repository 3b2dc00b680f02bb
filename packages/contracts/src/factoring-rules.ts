import { AMOUNT_MAX } from './constants.js';
import { hasControlCharactersInText } from './control-characters.js';
import { amountError } from './finance-object-rules.js';
import type { RuleError } from './rule-error.js';

/**
 * The factoring details of a factoring application (spec 2 sections 2, 3, 5 and 9; issue 12;
 * ADR 018): three cards (financial, invoices, risk protection), each saved through its edit modal
 * with PATCH .../factoring/{financials|invoices|risk_protection}. Zod-free so that the modals judge
 * a field with the same functions the API applies (`factoringIssues`), and the pending item of the
 * factoring step reads them too (`factoringDetailsIssues`). The wire shapes are in `factoring.ts`.
 */

export const FACTORING_SECTIONS = ['financials', 'invoices', 'risk_protection'] as const;
export type FactoringSection = (typeof FACTORING_SECTIONS)[number];

/** The fields of each card, in the spec's order (their _abroad twins and _comments are derived). */
export const FACTORING_BASE_FIELDS = {
  financials: [
    'has_international_customers',
    'company_portfolio',
    'annual_sales_previous_year',
    'planned_annual_sales_following_year',
    'planned_annual_sales_factoring',
  ],
  invoices: [
    'number_of_outgoing_invoices',
    'invoice_currencies',
    'max_invoice_value_previous_year',
    'payment_deadline_for_outgoing_invoices',
  ],
  risk_protection: [
    'receivables_default_amount_previous_year',
    'receivables_default_amount_current_year',
    'are_receivables_assigned',
    'has_commercial_credit_insurance',
    'already_has_factoring',
    'centralized_settlement_entity',
  ],
} as const;
export type FactoringBaseField = (typeof FACTORING_BASE_FIELDS)[FactoringSection][number];

/** What a field holds: a text of 40 to 300, an amount, a whole number, days, currency codes or yes/no. */
export type FactoringFieldKind = 'portfolio' | 'amount' | 'count' | 'days' | 'currencies' | 'boolean';
export const FACTORING_FIELD_KINDS = {
  has_international_customers: 'boolean',
  company_portfolio: 'portfolio',
  annual_sales_previous_year: 'amount',
  planned_annual_sales_following_year: 'amount',
  planned_annual_sales_factoring: 'amount',
  number_of_outgoing_invoices: 'count',
  invoice_currencies: 'currencies',
  max_invoice_value_previous_year: 'amount',
  payment_deadline_for_outgoing_invoices: 'days',
  receivables_default_amount_previous_year: 'amount',
  receivables_default_amount_current_year: 'amount',
  are_receivables_assigned: 'boolean',
  has_commercial_credit_insurance: 'boolean',
  already_has_factoring: 'boolean',
  centralized_settlement_entity: 'boolean',
} as const satisfies Record<FactoringBaseField, FactoringFieldKind>;

/**
 * The numeric and currency fields with an _abroad twin: the part that concerns customers abroad,
 * asked only when has_international_customers is true ("most numeric and text fields"; the
 * portfolio describes the whole company and has none).
 */
export const FACTORING_ABROAD_FIELDS = [
  'annual_sales_previous_year',
  'planned_annual_sales_following_year',
  'planned_annual_sales_factoring',
  'number_of_outgoing_invoices',
  'invoice_currencies',
  'max_invoice_value_previous_year',
  'payment_deadline_for_outgoing_invoices',
  'receivables_default_amount_previous_year',
  'receivables_default_amount_current_year',
] as const;
export type FactoringAbroadBase = (typeof FACTORING_ABROAD_FIELDS)[number];
export type FactoringAbroadField = `${FactoringAbroadBase}_abroad`;

/** The fields with a _comment (spec 2 section 3: "each with a _comment"; not the two plain questions). */
export const FACTORING_COMMENT_FIELDS = [
  'company_portfolio',
  'annual_sales_previous_year',
  'planned_annual_sales_following_year',
  'planned_annual_sales_factoring',
  'number_of_outgoing_invoices',
  'invoice_currencies',
  'max_invoice_value_previous_year',
  'payment_deadline_for_outgoing_invoices',
  'receivables_default_amount_previous_year',
  'receivables_default_amount_current_year',
  'are_receivables_assigned',
  'has_commercial_credit_insurance',
  'already_has_factoring',
] as const;
export type FactoringCommentBase = (typeof FACTORING_COMMENT_FIELDS)[number];
export type FactoringCommentField = `${FactoringCommentBase}_comment`;

export type FactoringField = FactoringBaseField | FactoringAbroadField | FactoringCommentField;

const hasAbroad = (f: string): f is FactoringAbroadBase => (FACTORING_ABROAD_FIELDS as readonly string[]).includes(f);
const hasComment = (f: string): f is FactoringCommentBase =>
  (FACTORING_COMMENT_FIELDS as readonly string[]).includes(f);

/** Every wire field of a card in form order: each field, then its _abroad twin, then its _comment. */
export const FACTORING_SECTION_FIELDS: Readonly<Record<FactoringSection, readonly FactoringField[]>> =
  Object.fromEntries(
    FACTORING_SECTIONS.map((section) => [
      section,
      FACTORING_BASE_FIELDS[section].flatMap((f): FactoringField[] => [
        f,
        ...(hasAbroad(f) ? [`${f}_abroad` as const] : []),
        ...(hasComment(f) ? [`${f}_comment` as const] : []),
      ]),
    ]),
  ) as unknown as Record<FactoringSection, readonly FactoringField[]>;

/** Every factoring field, card by card. */
export const FACTORING_FIELDS: readonly FactoringField[] = FACTORING_SECTIONS.flatMap(
  (s) => FACTORING_SECTION_FIELDS[s],
);

/** The card a field belongs to. */
export function factoringSectionOf(field: FactoringField): FactoringSection {
  return FACTORING_SECTIONS.find((s) => FACTORING_SECTION_FIELDS[s].includes(field))!;
}

/** Portfolio text (spec 2 section 9: 40 to 300), comments (a text area), payment deadline in days. */
export const COMPANY_PORTFOLIO_MIN = 40;
export const COMPANY_PORTFOLIO_MAX = 300;
export const FACTORING_COMMENT_MAX = 2000;
export const PAYMENT_DEADLINE_MAX_DAYS = 365;
export { AMOUNT_MAX };

/** The currencies a factoring customer invoices in (and a debtor's sales are given in). */
export const FACTORING_CURRENCIES = ['EUR', 'CHF', 'PLN', 'USD', 'GBP', 'CZK', 'HUF', 'SEK', 'DKK', 'NOK'] as const;
export type FactoringCurrency = (typeof FACTORING_CURRENCIES)[number];

/** What the rules read: the wire names (a form may hold '' for an empty text). */
export type FactoringValues = Partial<Record<FactoringField, unknown>>;

export interface FactoringContext {
  /**
   * The details are required (the partner checks the factoring step before submission): every
   * field of a card (the _abroad twins too when there are international customers) must be
   * answered when the card is saved; the comments never are. When not required only
   * has_international_customers and annual_sales_previous_year are (the wizard asked them).
   */
  required: boolean;
  /** has_international_customers as stored; the financials card judges with the value it sends. */
  hasInternationalCustomers: boolean | null;
  /** The stored values of the other cards (the limits between cards). */
  stored: FactoringValues;
}

export interface FactoringIssue extends RuleError {
  field: FactoringField;
}

const ALWAYS_REQUIRED: ReadonlySet<FactoringField> = new Set([
  'has_international_customers',
  'annual_sales_previous_year',
]);

/** An unanswered field: missing, null, only spaces, or no currency. */
export const isFactoringValueEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const wholeNumberError = (value: unknown, max: number): RuleError | null => {
  if (typeof value !== 'number' || !Number.isInteger(value)) return { code: 'err_invalid_value' };
  if (value < 0) return { code: 'err_too_small', values: { min: 0 } };
  return value > max ? { code: 'err_too_big', values: { max } } : null;
};

function currenciesError(value: unknown): RuleError | null {
  if (!Array.isArray(value) || value.length > FACTORING_CURRENCIES.length) return { code: 'err_invalid_value' };
  const known = value.every((c) => (FACTORING_CURRENCIES as readonly unknown[]).includes(c));
  return known && new Set(value).size === value.length ? null : { code: 'err_invalid_value' };
}

function textError(value: unknown, min: number, max: number): RuleError | null {
  if (typeof value !== 'string') return { code: 'err_invalid_value' };
  if (hasControlCharactersInText(value)) return { code: 'err_invalid_characters' };
  const length = [...value.trim()].length;
  if (length < min) return { code: 'err_too_short', values: { min } };
  return length > max ? { code: 'err_too_long', values: { max } } : null;
}

/** A non-empty value's error by its kind. */
export function factoringValueError(kind: FactoringFieldKind, value: unknown): RuleError | null {
  switch (kind) {
    case 'portfolio':
      return textError(value, COMPANY_PORTFOLIO_MIN, COMPANY_PORTFOLIO_MAX);
    case 'amount':
      return amountError(value);
    case 'count':
      return wholeNumberError(value, AMOUNT_MAX);
    case 'days':
      return wholeNumberError(value, PAYMENT_DEADLINE_MAX_DAYS);
    case 'currencies':
      return currenciesError(value);
    case 'boolean':
      return typeof value === 'boolean' ? null : { code: 'err_invalid_value' };
  }
}

const baseOf = (field: FactoringField): FactoringBaseField =>
  field.replace(/_(abroad|comment)$/, '') as FactoringBaseField;

function fieldError(
  field: FactoringField,
  value: unknown,
  international: boolean,
  required: boolean,
): RuleError | null {
  if (field.endsWith('_comment')) {
    return isFactoringValueEmpty(value) ? null : textError(value, 0, FACTORING_COMMENT_MAX);
  }
  const abroad = field.endsWith('_abroad');
  if (abroad && !international) {
    // Asked only with customers abroad: a value sent without them is refused, not silently dropped.
    return isFactoringValueEmpty(value) ? null : { code: 'err_abroad_not_applicable' };
  }
  if (isFactoringValueEmpty(value)) return required || ALWAYS_REQUIRED.has(field) ? { code: 'err_required' } : null;
  const error = factoringValueError(FACTORING_FIELD_KINDS[baseOf(field)], value);
  if (error) return error;
  // Annual sales: greater than 0, as in the wizard.
  if (field === 'annual_sales_previous_year' && value === 0) return { code: 'err_too_small', values: { min: 0 } };
  return null;
}

/** An amount's limit: `field` (an amount or count) cannot exceed `limit` (issued on `field`). */
interface Limit {
  field: FactoringField;
  limit: FactoringField;
}

const twinLimits = (base: FactoringAbroadBase): Limit[] => [{ field: `${base}_abroad`, limit: base }];

/**
 * The totals' limits (spec 2 section 5: "cannot exceed" / "cannot be less than"): the part abroad
 * is part of the total (amounts and the invoice count; not the payment deadline, which may be
 * longer abroad); the sales to be factored are part of the planned sales; the largest
 * invoice and the receivables lost last year are each part of last year's sales.
 */
export const FACTORING_LIMITS: readonly Limit[] = [
  ...FACTORING_ABROAD_FIELDS.filter(
    (f) => f !== 'invoice_currencies' && f !== 'payment_deadline_for_outgoing_invoices',
  ).flatMap(twinLimits),
  { field: 'planned_annual_sales_factoring', limit: 'planned_annual_sales_following_year' },
  { field: 'planned_annual_sales_factoring_abroad', limit: 'planned_annual_sales_following_year_abroad' },
  { field: 'max_invoice_value_previous_year', limit: 'annual_sales_previous_year' },
  { field: 'max_invoice_value_previous_year_abroad', limit: 'annual_sales_previous_year_abroad' },
  { field: 'receivables_default_amount_previous_year', limit: 'annual_sales_previous_year' },
  { field: 'receivables_default_amount_previous_year_abroad', limit: 'annual_sales_previous_year_abroad' },
];

const cents = (value: number) => Math.round(value * 100);

/**
 * Every rule of one card (spec 2 section 5), at most one issue per field, in form order: required
 * fields (see `FactoringContext.required`), the portfolio's 40 to 300 characters, amounts from 0 to
 * 999999999 with at most two decimals (last year's sales greater than 0), whole numbers for the
 * invoice count and the payment deadline (at most 365 days), known currencies, comments of at most
 * 2000 characters without control characters, _abroad twins only with international customers
 * (`err_abroad_not_applicable`), and the totals' limits: a field above its limit gets
 * `err_cannot_exceed` {max}; a limit below a stored field of another card gets
 * `err_cannot_be_less_than` {min} (e.g. last year's sales below the largest invoice already given).
 */
export function factoringIssues(
  section: FactoringSection,
  values: FactoringValues,
  context: FactoringContext,
): FactoringIssue[] {
  const fields = FACTORING_SECTION_FIELDS[section];
  const international =
    section === 'financials' ? values.has_international_customers === true : context.hasInternationalCustomers === true;
  const issues = new Map<FactoringField, FactoringIssue>();
  for (const field of fields) {
    const error = fieldError(field, values[field], international, context.required);
    if (error) issues.set(field, { field, ...error });
  }
  const own = (f: FactoringField) => fields.includes(f);
  const valueOf = (f: FactoringField): number | null => {
    if (issues.has(f)) return null;
    const v = own(f) ? values[f] : context.stored[f];
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  for (const { field, limit } of FACTORING_LIMITS) {
    if (!own(field) && !own(limit)) continue;
    if (field.endsWith('_abroad') && !international) continue;
    const amount = valueOf(field);
    const max = valueOf(limit);
    if (amount === null || max === null || cents(amount) <= cents(max)) continue;
    if (own(field)) {
      if (!issues.has(field)) issues.set(field, { field, code: 'err_cannot_exceed', values: { max } });
    } else if (!issues.has(limit)) {
      issues.set(limit, { field: limit, code: 'err_cannot_be_less_than', values: { min: amount } });
    }
  }
  return [...issues.values()].sort((a, b) => fields.indexOf(a.field) - fields.indexOf(b.field));
}

/**
 * The rules of all three cards on the stored details (the pending item of the factoring step):
 * every card as if it were saved now, with `required`.
 */
export function factoringDetailsIssues(details: FactoringValues, required = true): FactoringIssue[] {
  const context: FactoringContext = {
    required,
    hasInternationalCustomers: details.has_international_customers === true,
    stored: details,
  };
  const seen = new Set<FactoringField>();
  return FACTORING_SECTIONS.flatMap((section) => factoringIssues(section, details, context)).filter((issue) => {
    if (seen.has(issue.field)) return false;
    seen.add(issue.field);
    return true;
  });
}

/**
 * The factoring details and debtors may be changed: with the `debitor` permission of
 * allowed_updates (spec 2 section 6; the owner while the application is Open, ADR 007). The spec
 * names no permission of its own for the detail cards; they follow the debtors' (ADR 018).
 */
export function canEditFactoring(allowedUpdates: readonly string[]): boolean {
  return allowedUpdates.includes('debitor');
}
