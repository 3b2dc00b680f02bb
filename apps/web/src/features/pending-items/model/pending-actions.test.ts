import { describe, expect, it } from 'vitest';
import { buildPendingAction } from '../../../test/factories';
import { actionSearch, visibleActions } from './pending-actions';

describe('pending actions', () => {
  it('hides the signatories minimum-data check while the signatories-specified check is pending', () => {
    const specified = buildPendingAction({ action: 'signatories_specified', step: 'representatives' });
    const minimum = buildPendingAction({ action: 'signatories_minimum_data', step: 'representative_data' });
    expect(visibleActions([specified, minimum])).toEqual([specified]);
    expect(visibleActions([minimum])).toEqual([minimum]);
  });

  it('links an action to its tab, its overview modal, the questions card or (null) the settings page', () => {
    expect(actionSearch(buildPendingAction({ step: 'documents' }))).toBe('?tab=documents');
    expect(actionSearch(buildPendingAction({ action: 'requested_documents', step: 'documents' }))).toBe(
      '?tab=documents',
    );
    expect(actionSearch(buildPendingAction({ action: 'requested_information', step: 'requests' }))).toBe(
      '?tab=overview#advisor-questions',
    );
    expect(actionSearch(buildPendingAction({ step: 'company_tin' }))).toBe('?tab=overview&modal=tax_id');
    expect(actionSearch(buildPendingAction({ step: 'email_verification' }))).toBeNull();
  });
});
