import { afterEach, describe, expect, it } from 'vitest';
import { readReferral, referralFields, storeReferral } from './referral';

const DAY = 86_400_000;

describe('entry link parameters (30 days)', () => {
  afterEach(() => window.localStorage.clear());

  it('keeps every parameter except amount, duration and the interface language', () => {
    const now = Date.UTC(2026, 0, 1);
    storeReferral(
      'demo',
      new URLSearchParams('loan_amount=1&loan_duration=2&lng=en&ref=newsletter&country=DE&utm_source=mail'),
      now,
    );
    expect(readReferral('demo', now)).toEqual({ ref: 'newsletter', country: 'DE', utm_source: 'mail' });
    expect(readReferral('other-partner', now)).toBeNull();
  });

  it('merges a later link over the kept parameters and restarts the 30 days', () => {
    const now = Date.UTC(2026, 0, 1);
    storeReferral('demo', new URLSearchParams('ref=newsletter&utm_source=mail'), now);
    storeReferral('demo', new URLSearchParams('ref=partner-site'), now + 20 * DAY);
    expect(readReferral('demo', now + 45 * DAY)).toEqual({ ref: 'partner-site', utm_source: 'mail' });
    expect(readReferral('demo', now + 51 * DAY)).toBeNull();
  });

  it('forgets the parameters after 30 days', () => {
    const now = Date.UTC(2026, 0, 1);
    storeReferral('demo', new URLSearchParams('ref=newsletter'), now);
    expect(readReferral('demo', now + 30 * DAY - 1)).toEqual({ ref: 'newsletter' });
    expect(readReferral('demo', now + 30 * DAY)).toBeNull();
    expect(window.localStorage.getItem('fp:demo:referral')).toBeNull();
  });

  it('gives referrer (ref) and referral_data (every kept parameter) for the application', () => {
    expect(referralFields('demo')).toEqual({ referrer: null, referral_data: null });
    storeReferral('demo', new URLSearchParams('ref=newsletter&campaign=spring'));
    expect(referralFields('demo')).toEqual({
      referrer: 'newsletter',
      referral_data: { ref: 'newsletter', campaign: 'spring' },
    });
    // Values are cut to the 500 characters the API accepts.
    storeReferral('demo', new URLSearchParams(`campaign=${'x'.repeat(600)}`));
    expect(referralFields('demo').referral_data?.campaign).toHaveLength(500);
  });
});
