import type { Application } from '@finportal/contracts/applications';
import type { KycStep } from '@finportal/contracts/representative-schemas';
import type { RequirementsResponse, SignaturesOverviewResponse } from '@finportal/contracts/signatures';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { MockRoute } from '../../../test/api-mock';
import { buildApplication, buildSignatory } from '../../../test/factories';
import { renderComponent } from '../../../test/render-component';
import { SignaturesTab } from './signatures-tab';

/** The Signatures tab's test set-up: its routes, data builders and one render (tests only). */

export const ID = 'app-1';
export const SIG = 'sig-2';
const BASE = `/user/applications/${ID}`;
export const ROUTES = {
  requirements: `GET ${BASE}/signatories/${SIG}/requirements`,
  accept: `PATCH ${BASE}/signatories/${SIG}/requirements`,
  videoIdent: `POST ${BASE}/signatories_requirements/${SIG}/video_idents`,
  signedDocument: `PATCH ${BASE}/signatories/${SIG}/signed_document`,
  taxId: `PATCH ${BASE}/signatories/${SIG}`,
  signatories: `GET ${BASE}/signatories`,
  loanContract: `GET ${BASE}/loan_contract`,
  overview: `GET ${BASE}/signatures`,
  records: `GET ${BASE}/signing_records`,
  invitation: `POST ${BASE}/signatories/:signatoryId/invitation`,
  documents: `GET ${BASE}/documents`,
  createDocument: `POST ${BASE}/documents`,
  uploadSuccess: `PATCH ${BASE}/documents/:documentId/upload_success`,
} as const;

type Steps = Partial<Record<KycStep, [required: boolean, completed: boolean]>>;

/** kyc_status from [required, completed] pairs; every step not named is not required. */
export function kyc(steps: Steps): RequirementsResponse['kyc_status'] {
  return Object.fromEntries(
    Object.entries(steps).map(([step, [is_required, is_completed]]) => [step, { is_required, is_completed }]),
  );
}

/** A signer with every step open: tax id, identification (idnow), loan signature, the terms. */
export function buildRequirements(
  overrides: Partial<Omit<RequirementsResponse, 'requirements'>> & {
    requirements?: Partial<RequirementsResponse['requirements']>;
  } = {},
): RequirementsResponse {
  const { requirements, ...rest } = overrides;
  return {
    signatory_id: SIG,
    application_id: ID,
    invite_status: 'accepted',
    kyc_status: kyc({
      tax_id_specified: [true, false],
      ident_completed: [true, false],
      loan_signature: [true, false],
      sepa_mandate_accepted: [true, false],
      legal_signature_accepted: [true, false],
    }),
    ident: null,
    signers: [
      { signatory_id: 'sig-1', name: 'Anna Berger' },
      { signatory_id: SIG, name: 'Ben Kraus' },
    ],
    ...rest,
    requirements: {
      signature_provider: 'idnow',
      signature_status: 'NotCompleted',
      digital_signature_url: null,
      guarantor_contract_url: null,
      signature_completed_at: null,
      is_video_id_required: true,
      is_loan_signature_required: true,
      is_ubo_signature_required: false,
      required_other_documents: [],
      ...requirements,
    },
  };
}

/** The accepted signatory Ben Kraus (not the owner) at Signature. */
export function signerApplication(overrides: Partial<Application> = {}): Application {
  return buildApplication({
    applicationId: ID,
    status: 'Signature',
    is_owner: false,
    current_signatory: { signatory_id: SIG, invite_status: 'accepted', has_requirements: true },
    ...overrides,
  });
}

export const ben = buildSignatory({
  signatory_id: SIG,
  application_id: ID,
  first_name: 'Ben',
  last_name: 'Kraus',
  taxid: null,
  nationality: 'DE',
  is_current_actor: true,
  is_main_contact: false,
  invite_status: 'accepted',
});

export function buildOverview(
  signers: Partial<SignaturesOverviewResponse['signers'][number]>[],
): SignaturesOverviewResponse {
  const rows = signers.map((s, i) => ({
    signatory_id: `sig-${i + 1}`,
    name: `Person ${i + 1}`,
    email: `person${i + 1}@example.com`,
    invite_status: 'not_accepted' as const,
    invitation_expires_at: '2026-12-08T10:00:00.000Z',
    signature_status: 'NotCompleted' as const,
    signature_completed_at: null,
    is_applicant: false,
    ...s,
  }));
  return { signers: rows, all_signed: rows.every((r) => r.signature_status === 'Completed') };
}

export async function renderSignatures({
  application = signerApplication(),
  api = {},
}: { application?: Application; api?: Record<string, MockRoute> } = {}) {
  const user = userEvent.setup();
  const rendered = await renderComponent(<SignaturesTab application={application} />, {
    api: {
      [ROUTES.signatories]: { body: { signatories: [ben], guarantees_required: false } },
      [ROUTES.loanContract]: { status: 404, body: { errors: [{ code: 'err_not_found' }] } },
      ...api,
    },
  });
  await screen.findByRole('heading', { level: 2, name: 'Signatures' });
  return { user, ...rendered };
}

/** A stand-in for the upload PUT (the documents' flow sends it with XMLHttpRequest): answers `status`. */
export function stubUploads(status: number) {
  const sent: { url: string; body: unknown }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(body: unknown) {
      sent.push({ url: this.url, body });
      setTimeout(() => {
        this.status = status;
        this.responseText = status >= 400 ? JSON.stringify({ errors: [{ code: 'err_file_content_mismatch' }] }) : '';
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom's File hands SubtleCrypto a buffer of another realm: the file's hash is the browser's job.
  vi.spyOn(crypto.subtle, 'digest').mockResolvedValue(new ArrayBuffer(32));
  return sent;
}
