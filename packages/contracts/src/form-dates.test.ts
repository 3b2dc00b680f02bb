import { describe, expect, it } from 'vitest';
import { datePattern, DISPLAY_DATE_FORMAT, parseDate } from './form-dates.js';

describe('one date pattern per language, beside the parser (issue 26)', () => {
  it.each([
    ['de', 'TT.MM.JJJJ'],
    ['en', 'DD.MM.YYYY'],
    ['en-GB', 'DD.MM.YYYY'],
    ['fr', 'JJ.MM.AAAA'],
    ['pl', 'DD.MM.RRRR'],
    ['es', 'DD.MM.YYYY'],
  ])('%s writes DD.MM.YYYY as %s', (language, pattern) => {
    expect(datePattern(DISPLAY_DATE_FORMAT, language)).toBe(pattern);
  });

  it('keeps the separators and order of the format, which the parser reads', () => {
    expect(datePattern('YYYY-MM-DD', 'fr')).toBe('AAAA-MM-JJ');
    expect(datePattern('DD/MM/YYYY', 'de')).toBe('TT/MM/JJJJ');
    expect(parseDate('24.12.2026', DISPLAY_DATE_FORMAT)).toBe('2026-12-24');
  });
});
