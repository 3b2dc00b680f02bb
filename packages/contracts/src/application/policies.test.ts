import { describe, expect, it } from 'vitest';
import { PERMISSION_MATRIX } from '../backoffice-permissions.js';
import { isFileAvailable } from '../document-rules.js';
import { isGuarantor, representativeListIssues, type RepresentativeListEntry } from '../representative-list-rules.js';
import { RAW_STATUSES } from '../statuses.js';
import {
  allowedUpdatesFor,
  borrowerActions,
  caseCapabilities,
  contractsOpen,
  emailFrozen,
  identificationOpen,
  invitationsOpen,
  mayAnswerRequests,
  maySeeSignerIp,
  pricingOpen,
  requestsOpen,
  signsGuaranteeOnPaper,
} from './policies.js';
import { availableMoves } from './workflow.js';

describe('the windows of the application’s life', () => {
  it('prices until the borrower accepted the offer, works contracts and signers in their stages', () => {
    const open = (rule: (s: string) => boolean) => RAW_STATUSES.filter(rule);
    expect(open(pricingOpen)).toEqual([
      'Submitted',
      'PreCheck',
      'Screening',
      'Sales_PreCheck',
      'Sales_PreCheck_Done',
      'Internal_Review',
      'Internal_Review_Second',
      'Internal_Pricing',
      'External_Pricing',
      'Pricing',
      'Bank_Submitted',
      'Offer_Available',
    ]);
    expect(contractsOpen('Pricing')).toBe(true);
    expect(contractsOpen('Signature')).toBe(true);
    expect(contractsOpen('Final_Review')).toBe(false);
    expect(contractsOpen('Open')).toBe(false);
    // Nobody is contacted before the offer is accepted (spec 2 section 2); invitations at Signature.
    expect(open(invitationsOpen)).toEqual(['Signature']);
    expect(open(identificationOpen)).toEqual(['Offer_Accepted', 'Final_Sales_Check', 'Signature']);
    expect(requestsOpen('Awaiting_Payout')).toBe(true);
    expect(requestsOpen('Paid_Out')).toBe(false);
    expect(requestsOpen('Rejected')).toBe(false);
  });
});

describe('caseCapabilities', () => {
  it('combines the role’s permission with the status’ window', () => {
    const admin = caseCapabilities(PERMISSION_MATRIX.role_partner_admin, 'Signature');
    expect(admin).toMatchObject({ can_invite: true, can_identify: true, can_price: false, can_work_contracts: true });
    const user = caseCapabilities(PERMISSION_MATRIX.role_partner_user, 'Pricing');
    expect(user).toMatchObject({ can_price: true, can_invite: false, can_move: true, can_read_audit: true });
    expect(caseCapabilities([], 'Pricing')).toEqual(Object.fromEntries(Object.keys(user).map((k) => [k, false])));
    expect(caseCapabilities(PERMISSION_MATRIX.bouser, 'Submitted').can_invite).toBe(false);
  });
});

describe('the borrower', () => {
  it('changes everything while Open, tax ids and contacts under review, nothing after signing', () => {
    expect(allowedUpdatesFor('Open', 'owner')).toContain('bankinfo');
    expect(allowedUpdatesFor('Open', 'signatory')).toEqual(['signatory_tin', 'signatory_contact']);
    expect(allowedUpdatesFor('Pricing', 'owner')).toEqual(['signatory_other', 'signatory_tin', 'signatory_contact']);
    expect(allowedUpdatesFor('Final_Review', 'owner')).toEqual([]);
  });

  it('acts as the applicant: submit while Open, accept the final offer; a signatory has no such action', () => {
    const moves = (status: string, facts = {}) => availableMoves(status, { kind: 'applicant', id: 'u' }, facts);
    expect(borrowerActions(moves('Open', { pendingItems: 0 }))).toEqual([
      { action: 'submit', status: 'Submitted', blocked_by: null },
    ]);
    expect(borrowerActions(moves('Open', { pendingItems: 3 }))).toEqual([
      { action: 'submit', status: 'Submitted', blocked_by: 'err_application_not_ready' },
    ]);
    expect(borrowerActions(moves('Offer_Available', { finalPricingSet: true }))).toEqual([
      { action: 'accept_offer', status: 'Offer_Accepted', blocked_by: null },
    ]);
    expect(borrowerActions(moves('Signature'))).toEqual([]);
    expect(borrowerActions(availableMoves('Offer_Available', { kind: 'signer', id: 's' }, {}))).toEqual([]);
  });

  it('cannot redirect an invited or accepted card (finding 3), answers requests as the applicant only', () => {
    expect(emailFrozen({ invite_status: 'not_invited' }, false)).toBe(false);
    expect(emailFrozen({ invite_status: 'not_accepted' }, false)).toBe(true);
    expect(emailFrozen({ invite_status: 'expired' }, false)).toBe(true);
    expect(emailFrozen({ invite_status: 'accepted' }, false)).toBe(true);
    expect(emailFrozen({ invite_status: 'accepted' }, true)).toBe(false);
    expect(mayAnswerRequests('owner')).toBe(true);
    expect(mayAnswerRequests('signatory')).toBe(false);
  });

  it('shows a signer’s address only to staff and the person', () => {
    expect(maySeeSignerIp({ staff: true, signatoryIds: [] }, 'a')).toBe(true);
    expect(maySeeSignerIp({ staff: false, signatoryIds: ['a'] }, 'a')).toBe(true);
    expect(maySeeSignerIp({ staff: false, signatoryIds: ['b'] }, 'a')).toBe(false);
  });

  it('lets only a person who signs the guarantee on paper upload their signed copy (finding 5)', () => {
    expect(signsGuaranteeOnPaper({ guarantor_contract_uploaded: { is_required: true } })).toBe(true);
    expect(signsGuaranteeOnPaper({ guarantor_contract_uploaded: { is_required: false } })).toBe(false);
    expect(signsGuaranteeOnPaper({})).toBe(false);
  });
});

describe('one guarantor (finding 6)', () => {
  const person = (share: number | null, signs: boolean, owner = false): RepresentativeListEntry => ({
    signatory_id: `${share}-${signs}`,
    first_name: 'A',
    last_name: 'B',
    percentage_owned: share,
    is_beneficial_owner: owner,
    is_legal_signatory: true,
    is_contract_signatory: signs,
    is_sole_signatory: true,
  });

  it('is a shareholder who signs, where the product needs guarantees, beneficial owner or not', () => {
    expect(isGuarantor(person(0.1, true), true)).toBe(true);
    expect(isGuarantor(person(0.6, true, true), true)).toBe(true);
    expect(isGuarantor(person(0.6, false, true), true)).toBe(false);
    expect(isGuarantor(person(0, true), true)).toBe(false);
    expect(isGuarantor(person(0.6, true, true), false)).toBe(false);
  });

  it('counts the same people towards the 50 % the list rule asks', () => {
    // A 10 % shareholder who signs and a 45 % one who signs: 55 % guaranteed, both guarantors.
    const list = [person(0.1, true), person(0.45, true, true)];
    expect(representativeListIssues(list, { guaranteesRequired: true }).map((i) => i.code)).not.toContain(
      'err_guarantors_share_too_small',
    );
    expect(list.every((p) => isGuarantor(p, true))).toBe(true);
  });
});

describe('one rule for available files (finding 7)', () => {
  const file = (upload_status: string, virus_scan_status: string, deleted = false) => ({
    upload_status,
    virus_scan_status,
    deleted,
  });
  it.each([
    ['clean', file('success', 'not_infected'), true, true],
    ['never checked, no scanner', file('success', 'not_scanned'), false, true],
    ['never checked, with a scanner', file('success', 'not_scanned'), true, false],
    ['being checked', file('success', 'scanning'), true, false],
    ['being checked, no scanner', file('success', 'scanning'), false, false],
    ['infected', file('success', 'infected'), false, false],
    ['not checkable', file('success', 'scan_failed'), true, false],
    ['upload pending', file('pending', 'not_scanned'), false, false],
    ['upload failed', file('failed', 'not_infected'), true, false],
    ['deleted', file('success', 'not_infected', true), true, false],
  ])('%s', (_name, doc, scanner, available) => {
    expect(isFileAvailable(doc, scanner)).toBe(available);
  });
});
