import { describe, expect, it } from 'vitest';

/** Intl puts (narrow) no-break spaces between number and unit. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
import { daysSince, formatAge, formatDateTime, formatRate, groupIban } from './display';

describe('back-office display helpers', () => {
  it('groups an IBAN by four', () => {
    expect(groupIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(groupIban('DE89 3704 0044 0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('says how long a case has been in its status', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(daysSince('2026-03-07T11:00:00Z', now)).toBe(3);
    expect(formatAge('2026-03-07T11:00:00Z', 'en', 'new', now)).toBe('3 days');
    expect(formatAge('2026-03-09T12:00:00Z', 'de', 'neu', now)).toBe('1 Tag');
    expect(formatAge('2026-03-10T07:00:00Z', 'en', 'new', now)).toBe('5 hours');
    expect(plain(formatAge('2026-03-10T10:59:00Z', 'fr', 'récent', now))).toBe('1 heure');
    expect(formatAge('2026-03-10T11:59:00Z', 'en', 'less than an hour', now)).toBe('less than an hour');
    expect(formatAge('2026-03-05T12:00:00Z', 'pl', 'nowe', now)).toBe('5 dni');
  });

  it('writes a time in the zone asked for', () => {
    expect(plain(formatDateTime('2026-11-27T12:38:00Z', 'en-GB', 'Europe/Berlin'))).toBe('27 Nov 2026, 13:38');
    expect(plain(formatDateTime('2026-11-27T12:38:00Z', 'en-GB', 'Nowhere/Else'))).toMatch(/^27 Nov 2026, /);
  });

  it('writes a rate with up to three decimals in the language', () => {
    expect(plain(formatRate(5.125, 'de'))).toBe('5,125 %');
    expect(formatRate(5, 'en')).toBe('5.00%');
  });
});
