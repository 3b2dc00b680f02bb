import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { detectSeparator, parseCsvAmount, parseDebitorCsv } from './csv.js';

/** Reading the debtor CSV (ADR 018): separators, amounts in German and English notation, headers. */
describe('parseCsvAmount', () => {
  it.each([
    ['1.234.567,89', ';', 1_234_567.89],
    ['1234567,89', ';', 1_234_567.89],
    ['1.234', ';', 1_234],
    ['1234567.89', ';', 1_234_567.89],
    ['250 000,00 €', ';', 250_000],
    ['EUR 5,5', ';', 5.5],
    ["1'000'000", ';', 1_000_000],
    ['1,234,567.89', ',', 1_234_567.89],
    ['1234567.5', ',', 1_234_567.5],
    ['99', '\t', 99],
  ] as const)('%s with %j is %d', (text, separator, amount) => {
    expect(parseCsvAmount(text, separator)).toBe(amount);
  });

  it.each([
    ['1,234.56', ';'],
    ['1.234,567', ';'],
    ['12.34.56', ';'],
    ['1.234,56', ','],
    ['-5', ';'],
    ['viel', ';'],
    ['', ';'],
    ['1e6', ','],
  ] as const)('%s with %j is not an amount', (text, separator) => {
    expect(parseCsvAmount(text, separator)).toBeNull();
  });
});

describe('detectSeparator and parseDebitorCsv', () => {
  it('finds the separator of the header, quotes aside', () => {
    expect(detectSeparator('a;b;c\n1,5;2;3')).toBe(';');
    expect(detectSeparator('a,b,c\n1;2;3')).toBe(',');
    expect(detectSeparator('"a;x",b,c')).toBe(',');
    expect(detectSeparator('a\tb\tc')).toBe('\t');
    expect(detectSeparator('name')).toBe(';');
  });

  it('maps headers in any language and order, keeps the lines, skips empty rows', () => {
    const parsed = parseDebitorCsv(
      'Währung;Umsatz;Land;Firma;USt-IdNr\r\n\r\nEUR;"1.000,50";DE;"A; B GmbH";DE123\n;;;;\n',
    );
    expect(parsed.separator).toBe(';');
    expect(parsed.rows).toEqual([
      {
        line: 3,
        cells: {
          company_name: 'A; B GmbH',
          country: 'DE',
          register_id: 'DE123',
          register_id_type: '',
          annual_sales: '1.000,50',
          currency: 'EUR',
        },
      },
    ]);
  });

  it('refuses unreadable text and missing columns with the codes of the import', () => {
    const code = (content: string) => {
      try {
        parseDebitorCsv(content);
        return null;
      } catch (err) {
        return err instanceof AppError ? err.items : err;
      }
    };
    expect(code('')).toEqual([{ code: 'err_csv_invalid', field: 'content', values: { line: 1 } }]);
    expect(code('company_name;country\n"x;DE')).toEqual([
      { code: 'err_csv_invalid', field: 'content', values: { line: 2 } },
    ]);
    expect(code('company_name;country;annual_sales\nA;DE;1')).toEqual([
      { code: 'err_csv_columns_missing', field: 'content', values: { columns: 'register_id, currency' } },
    ]);
  });
});
