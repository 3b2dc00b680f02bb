import { describe, expect, it } from 'vitest';
import { formatLocaleNumber, formatMoney, formatMoneyRange, numberSeparators, parseLocaleNumber } from './numbers.js';

const NBSP = '\u00A0';
const NNBSP = '\u202F';

describe('parseLocaleNumber', () => {
  it.each([
    // German: point groups, comma decimals
    ['de', '12.345,67', 12345.67],
    ['de', '2.500.000', 2500000],
    ['de', '1.200', 1200],
    ['de', '12345,67', 12345.67],
    ['de', '600000', 600000],
    ['de', '0,5', 0.5],
    ['de', ',5', 0.5],
    ['de', '12,3', 12.3],
    ['de', '  1.200  ', 1200],
    ['de', '-1.200,5', -1200.5],
    ['de', '−7', -7],
    ['de', '+7', 7],
    // the other decimal separator where it cannot group (one or two digits after it)
    ['de', '12.5', 12.5],
    ['de', '12.34', 12.34],
    ['en', '12,5', 12.5],
    ['fr', '12.5', 12.5],
    ['de', '0', 0],
    // English: comma groups, point decimals
    ['en', '12,345.67', 12345.67],
    ['en', '2,500,000', 2500000],
    ['en', '12345.67', 12345.67],
    ['en', '1,200', 1200],
    ['en', '1.5', 1.5],
    // Polish and French: spaces of any kind, comma decimals
    ['pl', '12 345,67', 12345.67],
    ['pl', `12${NBSP}345,67`, 12345.67],
    ['pl', `12${NNBSP}345,67`, 12345.67],
    ['pl', '1234,5', 1234.5],
    ['pl', `2${NBSP}500${NBSP}000`, 2500000],
    ['fr', '12 345,67', 12345.67],
    ['fr', `12${NBSP}345,67`, 12345.67],
    ['fr', `12${NNBSP}345,67`, 12345.67],
    ['fr', '12345,67', 12345.67],
    // a regional variant and an unknown tag (German, the fallback)
    ['de-CH', "12'345.67", 12345.67],
    ['xx-invalid-@', '1.200,5', 1200.5],
  ] as const)('%s reads %j as %s', (locale, text, expected) => {
    expect(parseLocaleNumber(text, locale)).toBe(expected);
  });

  it.each([
    ['de', ''],
    ['de', '   '],
    ['de', '1.2.3,4'],
    ['de', '12,3456'],
    ['de', '12,345'],
    ['de', '1,200'],
    ['de', '12.345.6'],
    ['de', '-'],
    ['de', '1.2345'],
    ['de', '1,2,3'],
    ['de', '12,345.67'],
    ['de', '12 345,67'],
    ['de', '1.200.'],
    ['de', '12,'],
    ['de', '1e5'],
    ['de', 'abc'],
    ['de', '12a'],
    ['de', '--5'],
    ['de', '.200'],
    ['de', '99999999999999999'],
    ['en', '12.345,67'],
    ['en', '1,234.5.6'],
    ['en', '1,2,3.4'],
    ['en', '1.234.567'],
    ['en', '1.234'],
    ['pl', '12.345,67'],
    ['pl', '12 34,5'],
    ['pl', '1 2345'],
    ['fr', '12,345.67'],
    ['fr', '1.200'],
    ['pl', '2.500.000'],
    ['fr', `12${NBSP}345${NNBSP}678,9x`],
  ] as const)('%s refuses %j', (locale, text) => {
    expect(parseLocaleNumber(text, locale)).toBeNull();
  });

  it('refuses fractions beyond the precision and rounds within it', () => {
    expect(parseLocaleNumber('12,5', 'de', { maximumFractionDigits: 0 })).toBeNull();
    expect(parseLocaleNumber('12', 'de', { maximumFractionDigits: 0 })).toBe(12);
    expect(parseLocaleNumber('0,1234', 'de', { maximumFractionDigits: 4 })).toBe(0.1234);
    expect(parseLocaleNumber('0,07', 'de')).toBe(0.07);
    expect(parseLocaleNumber('1.000.000,01', 'de')).toBe(1000000.01);
  });

  it('reads back what formatLocaleNumber writes, in every language', () => {
    for (const locale of ['de', 'en', 'pl', 'fr']) {
      for (const value of [0, 7, 1200, 12345.67, 2500000, -98765.4, 100000000]) {
        expect(parseLocaleNumber(formatLocaleNumber(value, locale), locale), `${locale} ${value}`).toBe(value);
      }
    }
  });
});

describe('formatLocaleNumber and formatMoney', () => {
  it('write the language separators with precision 2', () => {
    expect(formatLocaleNumber(12345.678, 'de')).toBe('12.345,68');
    expect(formatLocaleNumber(12345.6, 'en')).toBe('12,345.6');
    expect(formatLocaleNumber(12345.6, 'en', { minimumFractionDigits: 2 })).toBe('12,345.60');
    expect(formatLocaleNumber(2500000, 'de')).toBe('2.500.000');
    expect(formatLocaleNumber(12345.67, 'fr')).toMatch(/^12[\u00A0\u202F ]345,67$/);
    expect(formatLocaleNumber(12345.67, 'pl')).toMatch(/^12[\u00A0\u202F ]345,67$/);
    expect(formatLocaleNumber(1234, 'de', { useGrouping: false })).toBe('1234');
    expect(formatLocaleNumber(0.059, 'de', { style: 'percent', minimumFractionDigits: 2 })).toBe(`5,90${NBSP}%`);
    expect(formatLocaleNumber(0.059, 'en', { style: 'percent', minimumFractionDigits: 2 })).toBe('5.90%');
  });

  it('formats money without fractions for whole amounts', () => {
    expect(formatMoney(500000, 'de')).toBe(`500.000${NBSP}€`);
    expect(formatMoney(500000, 'en')).toBe('€500,000');
    expect(formatMoney(12345.5, 'de')).toBe(`12.345,50${NBSP}€`);
    // The one cents rule (issue 26): rounded to the cent, cents only where the amount has them.
    expect(formatMoney(2827.98, 'de')).toBe(`2.827,98${NBSP}€`);
    expect(formatMoney(2872.999, 'de')).toBe(`2.873${NBSP}€`);
    expect(formatMoney(2850.444, 'de')).toBe(`2.850,44${NBSP}€`);
    expect(formatMoney(1000, 'de', 'CHF')).toBe(`1.000${NBSP}CHF`);
    expect(formatMoney(1000, 'pl', 'PLN')).toMatch(/^1[\u00A0\u202F ]?000[\u00A0 ]zł$/);
    expect(formatMoney(1000, 'de', 'XYZ1')).toBe('1.000 XYZ1');
  });

  it('writes both ends of a range alike', () => {
    expect(formatMoneyRange(2827.98, 2873, 'de')).toBe(`2.827,98${NBSP}€ – 2.873,00${NBSP}€`);
    expect(formatMoneyRange(2828, 2873, 'de')).toBe(`2.828${NBSP}€ – 2.873${NBSP}€`);
    expect(formatMoneyRange(2828, 2828.001, 'en')).toBe('€2,828');
  });

  it('names the separators of a language', () => {
    expect(numberSeparators('de')).toEqual({ decimal: ',', group: '.' });
    expect(numberSeparators('en')).toEqual({ decimal: '.', group: ',' });
    expect(numberSeparators('fr').decimal).toBe(',');
  });
});
