import { describe, expect, it } from 'vitest';
import { formatDateInput } from './date-field';

describe('date input mask', () => {
  it.each([
    ['0', '0'],
    ['010', '01.0'],
    ['0101', '01.01'],
    ['01012020', '01.01.2020'],
    ['01.01.2020', '01.01.2020'],
    ['1.1.2020', '1.1.2020'],
    ['01.', '01.'],
    ['01.0', '01.0'],
    ['010120201', '01.01.2020'],
    ['abc', 'abc'],
  ])('DD.MM.YYYY: %s → %s', (raw, formatted) => {
    expect(formatDateInput(raw, 'DD.MM.YYYY')).toBe(formatted);
  });

  it('follows the format (YYYY-MM-DD)', () => {
    expect(formatDateInput('20200131', 'YYYY-MM-DD')).toBe('2020-01-31');
    expect(formatDateInput('2020-1', 'YYYY-MM-DD')).toBe('2020-1');
  });
});
