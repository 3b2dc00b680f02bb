import { DEBITOR_IMPORT_MAX_CHARS } from '@finportal/contracts/debitors';

/**
 * The debtor list file of the CSV import (ADR 018): read as UTF-8, or as Windows-1252 when it is
 * not UTF-8 (what Excel writes in Germany), and the example offered for download.
 */

export const CSV_ACCEPT = '.csv,text/csv,text/plain';

/** The file's text; null when it is longer than the import takes. */
export async function readCsvFile(file: Blob): Promise<string | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.length > DEBITOR_IMPORT_MAX_CHARS ? null : text;
}

/** The columns the import reads (English names; German, Polish and French ones are read too). */
export const CSV_COLUMNS = ['company_name', 'country', 'register_id', 'annual_sales', 'currency'] as const;

const EXAMPLE_ROWS = [
  ['Musterbau Schmidt GmbH', 'DE', 'HRB 123456 B', 250000, 'EUR'],
  ['Alpenblick Hotel AG', 'AT', 'ATU12345678', 120500.5, 'EUR'],
  ['Wisła Logistyka Sp. z o.o.', 'PL', '0000123456', 98000, 'PLN'],
] as const;

/**
 * An example file in the interface language's spreadsheet habit: English with commas and decimal
 * points, the others with semicolons and decimal commas (as Excel writes them there).
 */
export function exampleCsv(language: string): string {
  const english = language.startsWith('en');
  const separator = english ? ',' : ';';
  const amount = (n: number) => (english ? n.toFixed(2) : n.toFixed(2).replace('.', ','));
  const lines = [
    CSV_COLUMNS.join(separator),
    ...EXAMPLE_ROWS.map(([name, country, id, sales, currency]) =>
      [name, country, id, amount(sales), currency].join(separator),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** The example as a link target (a data: URL, UTF-8 with a byte order mark so that Excel reads the umlauts). */
export function exampleCsvHref(language: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${exampleCsv(language)}`)}`;
}
