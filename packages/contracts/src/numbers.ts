/**
 * Numbers read and written in the user's language (spec 1 section 9: number input precision 2).
 * One parser and one formatter for the whole portal, both on `Intl.NumberFormat`: the group and
 * decimal separators of a language come from `formatToParts`, so `12.345,67` (de),
 * `12,345.67` (en) and `12 345,67` (pl, fr; with a plain, no-break or narrow no-break space) all
 * read as 12345.67. No number-format library: the wizard's first route is on the bundle budget.
 */

/** Fraction digits a typed number may have, and that numbers are shown with (spec 1 section 9). */
export const NUMBER_PRECISION = 2;

export interface ParseNumberOptions {
  /** More fraction digits than this are refused (not rounded away); default 2, 0 for whole numbers. */
  maximumFractionDigits?: number;
}

export interface FormatNumberOptions {
  /** Default 0. */
  minimumFractionDigits?: number;
  /** Default 2 (spec 1 section 9). */
  maximumFractionDigits?: number;
  /** Group thousands (default true). */
  useGrouping?: boolean;
  /** `percent` multiplies by 100 and adds the language's percent sign (0.059 → `5,9 %`). */
  style?: 'decimal' | 'percent';
}

interface Separators {
  decimal: string;
  /** Every character accepted as a group separator ('' when the language has none). */
  groups: string[];
}

/** Spaces that languages use (or that users type) between groups of thousands. */
const SPACES = [' ', '\u00A0', '\u202F'];
/** Apostrophes of Swiss grouping (1'234 and 1’234). */
const APOSTROPHES = ["'", '\u2019'];
const MINUS = /^[-\u2212]/;

const separatorCache = new Map<string, Separators>();

/**
 * Formatters are costly to build (a list of amounts builds the same one again and again on a
 * phone's first render): one per language and options, kept. Throws on an unknown currency.
 */
const formatCache = new Map<string, Intl.NumberFormat>();

function cachedFormat(locale: string, options: Intl.NumberFormatOptions | undefined): Intl.NumberFormat {
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
  let format = formatCache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    if (formatCache.size > 200) formatCache.clear();
    formatCache.set(key, format);
  }
  return format;
}

function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return cachedFormat(locale, options);
  } catch {
    // An unknown or malformed language tag: German, the portal's fallback language.
    return cachedFormat('de', options);
  }
}

/** The decimal separator and the accepted group separators of a language. */
export function numberSeparators(locale: string): { decimal: string; group: string } {
  const { decimal, groups } = separatorsOf(locale);
  return { decimal, group: groups[0] ?? '' };
}

function separatorsOf(locale: string): Separators {
  const cached = separatorCache.get(locale);
  if (cached) return cached;
  const parts = numberFormat(locale).formatToParts(1234567.5);
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const group = parts.find((p) => p.type === 'group')?.value ?? '';
  const groups = SPACES.includes(group)
    ? [group, ...SPACES.filter((s) => s !== group)]
    : APOSTROPHES.includes(group)
      ? [group, ...APOSTROPHES.filter((s) => s !== group)]
      : group
        ? [group]
        : [];
  const found = { decimal, groups: groups.filter((g) => g !== decimal) };
  separatorCache.set(locale, found);
  return found;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads a number typed in `locale`: `12.345,67`, `2.500.000` and `1.200` in German, `12,345.67` in
 * English, `12 345,67` in Polish and French (plain, no-break or narrow no-break spaces), or the
 * same without group separators (`12345,67`). A leading minus is allowed. The other languages'
 * decimal separator is read too where it cannot be a group separator: `12.5` in German and
 * `12,5` in English are 12.5 (one separator followed by one or two digits).
 *
 * Null for an empty or malformed text: an unknown character, two decimal separators, groups of
 * the wrong size (`1.2.3,4`), the other language's grouping (`12,345.67` in German), more
 * fraction digits than `maximumFractionDigits` (default 2: `12,3456` is refused, not rounded),
 * or beyond the exactly representable integers.
 */
export function parseLocaleNumber(text: string, locale: string, options: ParseNumberOptions = {}): number | null {
  const maxFraction = options.maximumFractionDigits ?? NUMBER_PRECISION;
  const { decimal, groups } = separatorsOf(locale);
  // trim() also removes no-break and narrow no-break spaces.
  let s = text.trim();
  let sign = 1;
  if (MINUS.test(s)) {
    sign = -1;
    s = s.slice(1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  }
  if (s === '') return null;
  const read = readDigits(s, decimal, groups, maxFraction) ?? readAlternateDecimal(s, decimal, maxFraction);
  if (read === null) return null;
  const value = Number(read.fraction ? `${read.whole}.${read.fraction}` : read.whole);
  if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return null;
  const factor = 10 ** maxFraction;
  return sign * (Math.round(value * factor) / factor) || 0;
}

interface Digits {
  whole: string;
  fraction: string;
}

/** The digits of `s` written with the language's separators, or null. */
function readDigits(s: string, decimal: string, groups: string[], maxFraction: number): Digits | null {
  const pieces = s.split(decimal);
  if (pieces.length > 2) return null;
  const [whole = '', fraction] = pieces;
  if (fraction !== undefined && !/^\d{1,}$/.test(fraction)) return null;
  if (fraction !== undefined && fraction.length > maxFraction) return null;
  if (/^\d+$/.test(whole)) return { whole, fraction: fraction ?? '' };
  if (whole === '' && fraction !== undefined) return { whole: '0', fraction };
  // Grouped: 1 to 3 digits, then groups of exactly 3, with one kind of separator.
  const separator = groups.find((g) => whole.includes(g));
  if (!separator) return null;
  if (!new RegExp(`^\\d{1,3}(${escape(separator)}\\d{3})+$`).test(whole)) return null;
  return { whole: whole.split(separator).join(''), fraction: fraction ?? '' };
}

/**
 * `12.5` in a comma language, `12,5` in a point language: one separator followed by one or two
 * digits cannot be a group separator. Three digits after it (`1,200` in German) stay ambiguous.
 */
function readAlternateDecimal(s: string, decimal: string, maxFraction: number): Digits | null {
  const alternate = decimal === ',' ? '.' : decimal === '.' ? ',' : null;
  if (!alternate) return null;
  const match = new RegExp(`^(\\d+)${escape(alternate)}(\\d{1,2})$`).exec(s);
  if (!match || match[2]!.length > maxFraction) return null;
  return { whole: match[1]!, fraction: match[2]! };
}

/**
 * A number in `locale` (`12.345,67` in German, `12,345.67` in English, `12 345,67` in French):
 * up to 2 fraction digits by default (spec 1 section 9), grouped.
 */
export function formatLocaleNumber(value: number, locale: string, options: FormatNumberOptions = {}): string {
  const maximumFractionDigits = options.maximumFractionDigits ?? NUMBER_PRECISION;
  return numberFormat(locale, {
    minimumFractionDigits: Math.min(options.minimumFractionDigits ?? 0, maximumFractionDigits),
    maximumFractionDigits,
    useGrouping: options.useGrouping ?? true,
    style: options.style ?? 'decimal',
  }).format(value);
}

/**
 * The one rule for cents (issue 26), in every view: an amount is rounded to the cent; it shows its
 * cents when it has some and none when it is whole (`500.000 €`, `2.827,98 €`, `2.873,00 €` never).
 * A range shows both ends alike: with cents when either end has them (`2.827,98 € – 2.873,00 €`).
 */
export function moneyFractionDigits(...values: readonly number[]): 0 | 2 {
  return values.some((v) => Math.round(Math.abs(v) * 100) % 100 !== 0) ? 2 : 0;
}

/** An amount with its currency in `locale` (`500.000 €` in German, `€500,000` in English); cents by moneyFractionDigits. */
export function formatMoney(
  value: number,
  locale: string,
  currency: string = 'EUR',
  digits = moneyFractionDigits(value),
): string {
  try {
    return cachedFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  } catch {
    // An unknown currency code or language: the number and the code.
    return `${formatLocaleNumber(value, locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency}`;
  }
}

/** `low – high` of two amounts written alike (both with cents when one has them); the low one alone when they are equal. */
export function formatMoneyRange(low: number, high: number, locale: string, currency: string = 'EUR'): string {
  const digits = moneyFractionDigits(low, high);
  const a = formatMoney(low, locale, currency, digits);
  const b = formatMoney(high, locale, currency, digits);
  return a === b ? a : `${a} – ${b}`;
}
