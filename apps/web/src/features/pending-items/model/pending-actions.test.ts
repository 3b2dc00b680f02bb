import { describe, expect, it } from 'vitest';
import { buildPendingAction } from '../../../test/factories';
import { actionLinkKey, actionSearch, visibleActions } from './pending-actions';

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

  it('leads the signature actions to the Signatures tab of the person who signs, the applicant to the representatives', () => {
    const tin = buildPendingAction({ action: 'signatory_tax_ids', step: 'signature' });
    const signer = {
      status: 'Signature',
      current_signatory: { invite_status: 'accepted', has_requirements: true },
    };
    const applicant = { status: 'Signature', current_signatory: null };
    expect(actionSearch(tin, signer)).toBe('?tab=signatures');
    expect(actionLinkKey(tin, signer)).toBe('signature');
    expect(actionSearch(tin, applicant)).toBe('?tab=representatives');
    expect(actionLinkKey(tin, applicant)).toBe('representatives');
    // Other actions keep their tab whoever looks.
    expect(actionSearch(buildPendingAction({ step: 'documents' }), applicant)).toBe('?tab=documents');
    expect(actionLinkKey(buildPendingAction({ step: 'documents' }), applicant)).toBe('documents');
  });
});
