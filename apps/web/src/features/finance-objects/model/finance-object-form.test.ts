import { financeObjectIssues } from '@finportal/contracts/finance-object-rules';
import { describe, expect, it } from 'vitest';
import {
  emptyFormValues,
  formatDeliveryDate,
  parseDeliveryDate,
  toRequestBody,
  toWireValues,
} from './finance-object-form';

describe('the finance object form values', () => {
  it('reads the delivery date as DD.MM.YYYY (also / and -) and shows a stored one so', () => {
    expect(parseDeliveryDate('01.10.2026')).toBe('2026-10-01');
    expect(parseDeliveryDate('1/10/2026')).toBe('2026-10-01');
    expect(parseDeliveryDate('31.02.2026')).toBeNull();
    expect(formatDeliveryDate('2026-09-30')).toBe('30.09.2026');
    expect(formatDeliveryDate(null)).toBe('');
  });

  it('sends trimmed texts, null for empty ones, and leaves unreadable text for the rules to refuse', () => {
    const values = {
      ...emptyFormValues('DE'),
      manufacturer: '  MAN ',
      built_at: 'abc',
      expected_delivery_date: '99.99.2026',
    };
    const wire = toWireValues(values);
    expect(wire.manufacturer).toBe('MAN');
    expect(wire.type).toBeNull();
    const issues = financeObjectIssues(wire, { countries: ['DE'] });
    expect(issues.find((i) => i.field === 'built_at')?.code).toBe('err_invalid_value');
    expect(issues.find((i) => i.field === 'expected_delivery_date')?.code).toBe('err_date_invalid');
    expect(Object.keys(toRequestBody(wire))).toHaveLength(19);
  });
});
