import { parse } from 'csv-parse/sync';
import { DEBITOR_IMPORT_MAX_ROWS } from '@finportal/contracts/debitors';
import { AppError } from '../../platform/errors.js';
import { normalizeSearchText } from '../../platform/search-text.js';

/**
 * Reading a debtor list (CSV) for the import (issue 12, ADR 018): a header row, then one debtor
 * per row. The separator is found from the header: `;` (what Excel writes in German, with decimal
 * commas: `1.234.567,89`), `,` (decimal points: `1234567.89`) or a tab. Headers are matched
 * loosely, in English, German, Polish and French.
 */

export type CsvSeparator = ';' | ',' | '\t';
export const IMPORT_COLUMNS = [
  'company_name',
  'country',
  'register_id',
  'register_id_type',
  'annual_sales',
  'currency',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly ImportColumn[] = [
  'company_name',
  'country',
  'register_id',
  'annual_sales',
  'currency',
];

/** Header spellings, as `normalizeSearchText` writes them without spaces. */
const ALIASES: Record<ImportColumn, readonly string[]> = {
  company_name: [
    'companyname',
    'company',
    'name',
    'debtor',
    'debitor',
    'firma',
    'firmenname',
    'unternehmen',
    'schuldner',
    'nazwa',
    'nazwafirmy',
    'entreprise',
    'raisonsociale',
    'societe',
  ],
  country: ['country', 'countrycode', 'land', 'laendercode', 'landcode', 'staat', 'kraj', 'pays'],
  register_id: [
    'registerid',
    'registernumber',
    'companyid',
    'id',
    'hrnumber',
    'vatid',
    'registernummer',
    'handelsregisternummer',
    'ustid',
    'ustidnr',
    'firmenbuchnummer',
    'uid',
    'krs',
    'nip',
    'numer',
    'identifiant',
    'siren',
    'numerotva',
  ],
  register_id_type: ['registeridtype', 'idtype', 'registertype', 'typ', 'type', 'artderid', 'rodzaj'],
  annual_sales: [
    'annualsales',
    'annualsalespreviousyear',
    'sales',
    'umsatz',
    'jahresumsatz',
    'umsatzvorjahr',
    'obroty',
    'sprzedaz',
    'chiffredaffaires',
    'ca',
  ],
  currency: ['currency', 'waehrung', 'wahrung', 'waluta', 'devise', 'monnaie'],
};

export interface CsvRow {
  /** The row's (last) line in the file: the header is line 1. */
  line: number;
  cells: Record<ImportColumn, string>;
}

export interface ParsedCsv {
  separator: CsvSeparator;
  rows: CsvRow[];
}

/** The separator of the header line: the most frequent of `;`, tab and `,` outside quotes (`;` on a tie). */
export function detectSeparator(content: string): CsvSeparator {
  const firstLine = content.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const count = (c: string) => unquoted.split(c).length - 1;
  const candidates: CsvSeparator[] = [';', '\t', ','];
  return candidates.reduce((best, c) => (count(c) > count(best) ? c : best), ';');
}

const headerKey = (text: string) => normalizeSearchText(text).replace(/ /g, '');

/** Reads the CSV text; 400 `err_csv_invalid` (with the line), `err_csv_columns_missing`, `err_csv_too_many_rows`. */
export function parseDebitorCsv(content: string): ParsedCsv {
  // One line ending (a file edited on two systems mixes them), no byte-order mark.
  const text = content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const separator = detectSeparator(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: separator,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 10_000,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const line = typeof (err as { lines?: unknown }).lines === 'number' ? (err as { lines: number }).lines : 1;
    throw new AppError('err_csv_invalid', 400, [{ code: 'err_csv_invalid', field: 'content', values: { line } }]);
  }
  const [header, ...data] = records.filter((r) => r.record.some((cell) => cell.trim() !== ''));
  if (!header)
    throw new AppError('err_csv_invalid', 400, [{ code: 'err_csv_invalid', field: 'content', values: { line: 1 } }]);
  const index = new Map<ImportColumn, number>();
  header.record.forEach((cell, i) => {
    const key = headerKey(cell);
    const column = IMPORT_COLUMNS.find((c) => ALIASES[c].includes(key));
    if (column && !index.has(column)) index.set(column, i);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length) {
    throw new AppError('err_csv_columns_missing', 400, [
      { code: 'err_csv_columns_missing', field: 'content', values: { columns: missing.join(', ') } },
    ]);
  }
  if (data.length > DEBITOR_IMPORT_MAX_ROWS) {
    throw new AppError('err_csv_too_many_rows', 400, [
      { code: 'err_csv_too_many_rows', field: 'content', values: { max: DEBITOR_IMPORT_MAX_ROWS } },
    ]);
  }
  return {
    separator,
    rows: data.map(({ record, info }) => ({
      line: info.lines,
      cells: Object.fromEntries(
        IMPORT_COLUMNS.map((c) => [c, index.has(c) ? (record[index.get(c)!] ?? '').trim() : '']),
      ) as Record<ImportColumn, string>,
    })),
  };
}

/**
 * An amount of the file, or null when it is not one: with `;` German notation (`1.234.567,89`,
 * `1234567,89`; a plain `1234567.89` too), with `,` or a tab English notation (`1234567.89`,
 * `"1,234,567.89"`). Spaces, apostrophes and a currency sign around it are ignored.
 */
export function parseCsvAmount(text: string, separator: CsvSeparator): number | null {
  const v = text.replace(/[\s\u00a0\u202f'’€$£]/g, '').replace(/^(EUR|CHF|PLN|USD|GBP)|(EUR|CHF|PLN|USD|GBP|zł)$/i, '');
  if (v === '') return null;
  let plain: string | null = null;
  if (separator === ';') {
    if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(v) || /^\d+(,\d{1,2})?$/.test(v))
      plain = v.replace(/\./g, '').replace(',', '.');
    else if (/^\d+\.\d{1,2}$/.test(v)) plain = v;
  } else if (/^\d{1,3}(,\d{3})*(\.\d{1,2})?$/.test(v) || /^\d+(\.\d{1,2})?$/.test(v)) {
    plain = v.replace(/,/g, '');
  }
  if (plain === null) return null;
  const amount = Number(plain);
  return Number.isFinite(amount) ? amount : null;
}
