import { describe, expect, it } from 'vitest';
import { buildApplication } from '../../../test/factories';
import { selectedTab, visibleTabs } from './application-tabs';

const accepted = { signatory_id: 's-1', invite_status: 'accepted' as const, has_requirements: true };

describe('application tabs', () => {
  it('always offers overview, representatives and documents', () => {
    expect(visibleTabs(buildApplication())).toEqual(['overview', 'representatives', 'documents']);
  });

  it('offers objects only for object financing', () => {
    expect(visibleTabs(buildApplication({ product: { product_id: 'object_financing' } }))).toContain('objects');
    expect(visibleTabs(buildApplication({ product: { product_id: 'project' } }))).not.toContain('objects');
  });

  it('offers factoring for the factoring loan type or the factoring product', () => {
    expect(visibleTabs(buildApplication({ allBanksLoanPurpose: 'factoring' }))).toContain('factoring');
    expect(visibleTabs(buildApplication({ product: { product_id: 'factoring' } }))).toContain('factoring');
    expect(visibleTabs(buildApplication())).not.toContain('factoring');
  });

  it('offers signatures to an accepted signatory with requirements at or after Signature', () => {
    const tabs = (overrides: Parameters<typeof buildApplication>[0]) => visibleTabs(buildApplication(overrides));
    expect(tabs({ status: 'Signature', current_signatory: accepted })).toContain('signatures');
    expect(tabs({ status: 'Paid_Out', current_signatory: accepted })).toContain('signatures');
    expect(tabs({ status: 'Offer_Accepted', current_signatory: accepted })).not.toContain('signatures');
    expect(tabs({ status: 'Rejected', current_signatory: accepted })).not.toContain('signatures');
    expect(
      tabs({ status: 'Signature', current_signatory: { ...accepted, invite_status: 'not_accepted' } }),
    ).not.toContain('signatures');
    expect(tabs({ status: 'Signature', current_signatory: { ...accepted, has_requirements: false } })).not.toContain(
      'signatures',
    );
    expect(tabs({ status: 'Signature', current_signatory: null })).not.toContain('signatures');
  });

  it('selects the tab of the query, or overview when it is absent or not offered', () => {
    const tabs = visibleTabs(buildApplication());
    expect(selectedTab('documents', tabs)).toBe('documents');
    expect(selectedTab(null, tabs)).toBe('overview');
    expect(selectedTab('objects', tabs)).toBe('overview');
  });
});
