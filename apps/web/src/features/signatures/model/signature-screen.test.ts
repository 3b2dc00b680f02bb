import { describe, expect, it } from 'vitest';
import { buildRequirements, kyc } from '../components/signatures-test-setup';
import {
  canSubmitTerms,
  identityStatus,
  providerKind,
  screenSteps,
  shouldPoll,
  signingComplete,
} from './signature-screen';

const shown = (r: Parameters<typeof screenSteps>[0]) => screenSteps(r).map((s) => `${s.number}:${s.step}`);

describe('the signature screen rules', () => {
  it('show the tax id, identity and terms steps of a plain signer, numbered, each locked by the first open one', () => {
    const r = buildRequirements();
    expect(shown(r)).toEqual(['1:tax_id', '2:identity', '3:terms']);
    expect(screenSteps(r).map((s) => s.lockedBy)).toEqual([null, 'tax_id', 'tax_id']);
    expect(canSubmitTerms(r)).toBe(false);
  });

  it('show other agreements for an offline guarantor, and the identity step for an online one', () => {
    const offline = buildRequirements({
      kyc_status: kyc({
        tax_id_specified: [true, true],
        ident_completed: [true, true],
        guarantor_contract_exist: [true, true],
        guarantor_contract_uploaded: [true, false],
        sepa_mandate_accepted: [true, false],
        legal_signature_accepted: [true, false],
      }),
      requirements: { is_video_id_required: true },
    });
    expect(shown(offline)).toEqual(['1:tax_id', '2:identity', '3:agreements', '4:terms']);
    expect(screenSteps(offline).find((s) => s.step === 'terms')?.lockedBy).toBe('agreements');
    expect(canSubmitTerms(offline)).toBe(false);

    const online = buildRequirements({
      kyc_status: kyc({
        tax_id_specified: [true, true],
        ident_completed: [false, false],
        guarantor_contract_exist: [true, true],
        sepa_mandate_accepted: [true, false],
        legal_signature_accepted: [true, false],
      }),
      requirements: { is_video_id_required: false, is_loan_signature_required: false },
    });
    expect(shown(online)).toEqual(['1:tax_id', '2:identity', '3:terms']);
  });

  it('hide the tax id step once everything is complete, and the terms unless both are required', () => {
    const done = buildRequirements({
      kyc_status: kyc({
        tax_id_specified: [true, true],
        sepa_mandate_accepted: [true, true],
        legal_signature_accepted: [true, true],
      }),
      requirements: { is_video_id_required: false, is_loan_signature_required: false },
    });
    expect(shown(done)).toEqual(['1:terms']);
    expect(signingComplete(done)).toBe(true);

    const noTerms = buildRequirements({
      kyc_status: kyc({ tax_id_specified: [true, false], sepa_mandate_accepted: [true, false] }),
      requirements: { is_video_id_required: false, is_loan_signature_required: false },
    });
    expect(shown(noTerms)).toEqual(['1:tax_id']);
  });

  it('list other documents: online ones in the identity step, offline ones in other agreements', () => {
    const r = buildRequirements({
      kyc_status: kyc({
        tax_id_specified: [true, true],
        sepa_mandate_accepted: [true, false],
        legal_signature_accepted: [true, false],
      }),
      requirements: {
        is_video_id_required: false,
        is_loan_signature_required: false,
        required_other_documents: [
          { document_id: 'd1', document_type: 'gdpr_consent', signing_method: 'offline', is_signed: false },
        ],
      },
    });
    expect(shown(r)).toEqual(['1:tax_id', '2:agreements', '3:terms']);
    expect(canSubmitTerms(r)).toBe(false);
    r.requirements.required_other_documents[0]!.is_signed = true;
    expect(canSubmitTerms(r)).toBe(true);
  });

  it('read the identity status, poll only while it is in progress, and tell unknown providers', () => {
    expect(identityStatus(buildRequirements({ requirements: { signature_status: null } }))).toBe('NotCompleted');
    const session = {
      session_id: 's',
      provider: 'idnow' as const,
      kind: 'ident' as const,
      status: 'under_review' as const,
      url: null,
      created_at: '',
      updated_at: '',
    };
    const viaSession = buildRequirements({ ident: session, requirements: { signature_status: null } });
    expect(identityStatus(viaSession)).toBe('InProgress');
    expect(shouldPoll(viaSession)).toBe(true);
    expect(shouldPoll(buildRequirements({ requirements: { signature_status: 'Failed' } }))).toBe(false);
    expect(shouldPoll(undefined)).toBe(false);
    expect(providerKind(buildRequirements({ requirements: { signature_provider: 'acme_ident' } }))).toBe('unknown');
    expect(providerKind(buildRequirements({ requirements: { signature_provider: 'manual' } }))).toBe('manual');
    expect(providerKind(buildRequirements())).toBe('online');
  });
});
