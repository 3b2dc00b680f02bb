import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { identStatusOf, signatureStatusOf } from './signature-providers.js';
import { openSteps, reminderDue, signatureSteps, stepsComplete, type SignatureStepFacts } from './signature-steps.js';
import { signaturesConfigSchema } from './signatures.js';
import { partnerFileSchema } from './partner.js';

const signer: SignatureStepFacts = {
  isSigner: true,
  isGuarantor: false,
  hasTaxId: false,
  identRequired: true,
  identCompleted: false,
  loanSignatureOnline: true,
  loanSigned: false,
  guarantorSigning: 'offline',
  guarantorContractProvided: false,
  guarantorContractSigned: false,
  sepaMandateAccepted: false,
  legalSignatureAccepted: false,
};

describe('signature steps', () => {
  it('gives a representative who does not sign no steps, and never calls them complete', () => {
    expect(signatureSteps({ ...signer, isSigner: false })).toEqual({});
    expect(stepsComplete({})).toBe(false);
  });

  it('requires tax id, identification, loan signature and the terms of every signer', () => {
    const steps = signatureSteps(signer);
    expect(openSteps(steps)).toEqual([
      'tax_id_specified',
      'ident_completed',
      'loan_signature',
      'sepa_mandate_accepted',
      'legal_signature_accepted',
    ]);
    expect(steps.guarantor_contract_uploaded).toEqual({ is_required: false, is_completed: false });
  });

  it('asks a guarantor for the guarantor contract: uploaded only when signed offline', () => {
    expect(openSteps(signatureSteps({ ...signer, isGuarantor: true }))).toContain('guarantor_contract_uploaded');
    const online = signatureSteps({ ...signer, isGuarantor: true, guarantorSigning: 'online' });
    expect(online.guarantor_contract_uploaded?.is_required).toBe(false);
    expect(online.guarantor_contract_exist?.is_required).toBe(true);
  });

  it('is complete when every required step is done', () => {
    const done = signatureSteps({
      ...signer,
      hasTaxId: true,
      identCompleted: true,
      loanSigned: true,
      sepaMandateAccepted: true,
      legalSignatureAccepted: true,
    });
    expect(stepsComplete(done)).toBe(true);
    expect(stepsComplete({ ...done, sepa_mandate_accepted: { is_required: true, is_completed: false } })).toBe(false);
  });
});

describe('reminders', () => {
  const day = 86_400_000;
  const first = new Date('2026-11-01T10:00:00Z');
  const at = (days: number) => new Date(first.getTime() + days * day);
  it('first after 5 days, then every 2 days, none from day 30', () => {
    expect(reminderDue(at(4.9), first, null)).toBe(false);
    expect(reminderDue(at(5), first, null)).toBe(true);
    expect(reminderDue(at(6), first, at(5))).toBe(false);
    expect(reminderDue(at(7), first, at(5))).toBe(true);
    expect(reminderDue(at(29.9), first, at(27))).toBe(true);
    expect(reminderDue(at(30), first, at(27))).toBe(false);
  });
});

describe('providers', () => {
  it("maps each provider's own status names onto the spec's", () => {
    expect(identStatusOf('idnow', 'SUCCESS')).toBe('completed');
    expect(identStatusOf('idnow', 'FRAUD_SUSPICION_CONFIRMED')).toBe('failed');
    expect(identStatusOf('swiss_sign', 'signed')).toBe('completed');
    expect(identStatusOf('postident', 'closed_unsuccessful')).toBe('failed');
    expect(identStatusOf('idnow', 'SOMETHING_NEW')).toBeNull();
    expect(identStatusOf('manual', 'SUCCESS')).toBeNull();
  });

  it('shows a session as the signature status of the screen', () => {
    expect(signatureStatusOf(null)).toBe('NotCompleted');
    expect(signatureStatusOf('in_progress')).toBe('InProgress');
    expect(signatureStatusOf('under_review')).toBe('InProgress');
    expect(signatureStatusOf('completed')).toBe('Completed');
    expect(signatureStatusOf('canceled')).toBe('Failed');
    expect(signatureStatusOf('expired')).toBe('Failed');
  });
});

describe('partner signatures section', () => {
  it('defaults to idnow, the guarantor contract offline, the loan contract online, 14 days', () => {
    expect(signaturesConfigSchema.parse(undefined)).toEqual({
      ident_provider: 'idnow',
      guarantor_contract_signing: 'offline',
      loan_contract_signing: 'online',
      invitation_valid_days: 14,
    });
    const demo = JSON.parse(readFileSync(new URL('../../../partners/demo.json', import.meta.url), 'utf8'));
    expect(partnerFileSchema.parse(demo).signatures.ident_provider).toBe('idnow');
    expect(partnerFileSchema.parse({ ...demo, signatures: { invitation_valid_days: 3 } }).signatures).toMatchObject({
      invitation_valid_days: 3,
      guarantor_contract_signing: 'offline',
    });
    expect(signaturesConfigSchema.safeParse({ invitation_valid_days: 0 }).success).toBe(false);
  });
});
