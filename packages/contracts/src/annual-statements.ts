import { DOCUMENT_TYPES, type DocumentType } from './document-rules.js';

/**
 * The annual-statement base year (spec 2 section 2 "Documents": "An annual-statement base-year
 * switch exists; changing the base year deletes uploaded documents after confirmation"; ADR 015),
 * zod-free: the browser lists what a switch removes with the same rules the API applies.
 *
 * A partner file names annual statements by year (`annual_statement_2024`, perhaps also
 * `_2023`): the latest year named is the configured base year. A customer whose last closed year
 * is another one picks that year as base year: every configured statement moves by the same
 * number of years, within the years the spec offers (2020 to 2024).
 */

const PREFIX = 'annual_statement_';

/** The years of the annual statements of spec 2 section 3, ascending. */
export const ANNUAL_STATEMENT_YEARS: readonly number[] = DOCUMENT_TYPES.filter((t) => t.startsWith(PREFIX))
  .map((t) => Number(t.slice(PREFIX.length)))
  .sort((a, b) => a - b);

/** The year of an annual statement type; null for every other type. */
export function annualStatementYear(type: string): number | null {
  if (!type.startsWith(PREFIX)) return null;
  const year = Number(type.slice(PREFIX.length));
  return ANNUAL_STATEMENT_YEARS.includes(year) ? year : null;
}

/** The annual statement type of a year (one of ANNUAL_STATEMENT_YEARS). */
export function annualStatementType(year: number): DocumentType {
  return `${PREFIX}${year}` as DocumentType;
}

/** The configured base year: the latest annual statement year among the types; null when none is configured. */
export function configuredBaseYear(types: readonly { document_type: string }[]): number | null {
  const years = types.map((t) => annualStatementYear(t.document_type)).filter((y): y is number => y !== null);
  return years.length ? Math.max(...years) : null;
}

/**
 * The base years a customer may pick, latest first: those that keep every configured statement
 * within ANNUAL_STATEMENT_YEARS. Empty when no annual statement is configured (no switch shown).
 */
export function baseYearOptions(types: readonly { document_type: string }[]): number[] {
  const configured = configuredBaseYear(types);
  if (configured === null) return [];
  const years = types.map((t) => annualStatementYear(t.document_type)).filter((y): y is number => y !== null);
  const first = ANNUAL_STATEMENT_YEARS[0]!;
  const last = ANNUAL_STATEMENT_YEARS[ANNUAL_STATEMENT_YEARS.length - 1]!;
  const options: number[] = [];
  for (let base = last; base >= first; base--) {
    const shift = base - configured;
    if (years.every((y) => y + shift >= first && y + shift <= last)) options.push(base);
  }
  return options;
}

/**
 * The types moved to a base year: each annual statement by (base year − configured base year),
 * its partner-given texts dropped when it moves (they name the configured year); every other type
 * as it is. An unknown or absent base year leaves the configuration as it is.
 */
export function withBaseYear<T extends { document_type: string; name?: unknown }>(
  types: readonly T[],
  allTypes: readonly { document_type: string }[],
  baseYear: number | null | undefined,
): T[] {
  const configured = configuredBaseYear(allTypes);
  if (configured === null || baseYear == null || baseYear === configured) return [...types];
  if (!baseYearOptions(allTypes).includes(baseYear)) return [...types];
  const shift = baseYear - configured;
  return types.map((t) => {
    const year = annualStatementYear(t.document_type);
    if (year === null) return t;
    const {
      name: _name,
      description: _description,
      tooltip_description: _tooltip,
      ...rest
    } = t as T & {
      description?: unknown;
      tooltip_description?: unknown;
    };
    return { ...rest, document_type: annualStatementType(year + shift) } as unknown as T;
  });
}

/**
 * The annual statement types a switch from one set of types to another leaves behind: the
 * statements of these types are removed (those of years in both sets stay).
 */
export function annualStatementsDropped(
  before: readonly { document_type: string }[],
  after: readonly { document_type: string }[],
): string[] {
  const kept = new Set(after.map((t) => t.document_type));
  return before.map((t) => t.document_type).filter((type) => annualStatementYear(type) !== null && !kept.has(type));
}
