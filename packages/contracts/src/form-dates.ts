/**
 * Dates of the dynamic forms and custom fields (zod-free, for the wizard's first step): typed in a
 * field's format (tokens YYYY, MM, DD), stored as YYYY-MM-DD, and the bounds of date rules
 * (`today`, `+30d`, `-2w`, `+6m`, `-10y`).
 */

export const ISO_FORMAT = 'YYYY-MM-DD';
/** A bound relative to today: sign, amount, unit (days, weeks, months, years). */
export const RELATIVE_DATE = /^([+-])(\d{1,4})([dwmy])$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const toIso = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Parses `value` in `format` (tokens YYYY, MM, DD; day and month may have one digit) into YYYY-MM-DD, or null. */
export function parseDate(value: string, format: string = ISO_FORMAT): string | null {
  const order: ('Y' | 'M' | 'D')[] = [];
  const pattern = format.replace(/YYYY|MM|DD|[.*+?^${}()|[\]\\/-]/g, (token) => {
    if (token === 'YYYY') {
      order.push('Y');
      return '(\\d{4})';
    }
    if (token === 'MM' || token === 'DD') {
      order.push(token[0] as 'M' | 'D');
      return '(\\d{1,2})';
    }
    return `\\${token}`;
  });
  const match = new RegExp(`^${pattern}$`).exec(value.trim());
  if (!match || order.length !== 3) return null;
  const parts = { Y: 0, M: 0, D: 0 };
  order.forEach((k, i) => (parts[k] = Number(match[i + 1])));
  if (parts.M < 1 || parts.M > 12 || parts.D < 1 || parts.D > daysInMonth(parts.Y, parts.M)) return null;
  return toIso(parts.Y, parts.M, parts.D);
}

/** The portal's date format where no field configures one (spec: display DD.MM.YYYY). */
export const DISPLAY_DATE_FORMAT = 'DD.MM.YYYY';

/** The letters of day, month and year in each language's own words (Tag/Monat/Jahr, jour/mois/année, rok...). */
const DATE_LETTERS: Record<string, { D: string; M: string; Y: string }> = {
  de: { D: 'T', M: 'M', Y: 'J' },
  en: { D: 'D', M: 'M', Y: 'Y' },
  fr: { D: 'J', M: 'M', Y: 'A' },
  pl: { D: 'D', M: 'M', Y: 'R' },
};

/**
 * A date format as a hint and placeholder in the language (issue 26: one pattern per language, from
 * the same place as the parser): `DD.MM.YYYY` reads TT.MM.JJJJ in German, JJ.MM.AAAA in French,
 * DD.MM.RRRR in Polish; the separators are the format's own, which parseDate reads.
 */
export function datePattern(format: string, language: string): string {
  const letters = DATE_LETTERS[language.toLowerCase().split(/[-_]/)[0] ?? ''] ?? DATE_LETTERS.en!;
  return format.replace(/YYYY|MM|DD/g, (token) => letters[token[0] as 'D' | 'M' | 'Y'].repeat(token.length));
}

/** Formats YYYY-MM-DD in `format` (tokens YYYY, MM, DD). */
export function formatDate(iso: string, format: string): string {
  const [y, m, d] = iso.split('-');
  return format.replace(/YYYY|MM|DD/g, (t) => (t === 'YYYY' ? y! : t === 'MM' ? m! : d!));
}

/** The UTC calendar date of `now` moved by `sign amount unit` (months and years clamp the day: 31.01. + 1m → 28/29.02.). */
function shiftDate(now: Date, sign: number, amount: number, unit: string): string {
  let y = now.getUTCFullYear();
  let m = now.getUTCMonth() + 1;
  let d = now.getUTCDate();
  if (unit === 'd' || unit === 'w') {
    const t = new Date(Date.UTC(y, m - 1, d + sign * amount * (unit === 'w' ? 7 : 1)));
    return toIso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
  }
  const months = sign * amount * (unit === 'y' ? 12 : 1);
  const total = y * 12 + (m - 1) + months;
  y = Math.floor(total / 12);
  m = (total % 12) + 1;
  d = Math.min(d, daysInMonth(y, m));
  return toIso(y, m, d);
}

/** A date bound of a rule as YYYY-MM-DD: `today`, `+30d`/`-2w`/`+6m`/`-10y`, or a date; null when unreadable. */
export function resolveDateBound(value: string, format: string | undefined, now: Date = new Date()): string | null {
  const v = value.trim();
  if (v === 'today') return shiftDate(now, 1, 0, 'd');
  const rel = RELATIVE_DATE.exec(v);
  if (rel) return shiftDate(now, rel[1] === '-' ? -1 : 1, Number(rel[2]), rel[3]!);
  return parseDate(v, format) ?? parseDate(v, ISO_FORMAT);
}
