import { describe, expect, it } from 'vitest';
import { buildAppConfig, buildPartnerConfig } from '../../../test/factories';
import type { PortalConfig } from '../../../lib/config';
import { loanLimits, productOf } from './products';

const portal = (products: PortalConfig['app']['products'], entitlements: string[] = []): PortalConfig =>
  ({
    app: buildAppConfig({ products }),
    partner: { ...buildPartnerConfig(), entitlements },
  }) as unknown as PortalConfig;

describe('product of a loan type', () => {
  it('follows the partner mapping of GET /config', () => {
    const config = portal({ event_driven_financing_loan: 'object_financing', working_capital_loan: 'working_capital' });
    expect(productOf(config, 'event_driven_financing_loan')).toBe('object_financing');
    // working_capital has a 50,000 minimum, general_liquidity 15,000 (spec 1 section 9)
    expect(loanLimits(config, 'working_capital_loan').amount.min).toBe(50_000);
  });
  it('falls back to the default mapping', () => {
    const config = portal({});
    expect(productOf(config, 'factoring')).toBe('factoring');
    expect(loanLimits(config, 'working_capital_loan').amount.min).toBe(15_000);
    expect(loanLimits(config, 'working_capital_loan').amount.max).toBe(500_000);
    expect(loanLimits(portal({}, ['customized_application_amounts']), 'working_capital_loan').amount.max).toBe(
      100_000_000,
    );
  });
});
