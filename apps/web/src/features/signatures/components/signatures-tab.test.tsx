import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { providerNavigation } from '../api/start-video-ident';
import {
  ben,
  buildOverview,
  buildRequirements,
  kyc,
  renderSignatures,
  ROUTES,
  SIG,
  signerApplication,
  stubUploads,
} from './signatures-test-setup';

const step = (name: RegExp | string) => screen.getByRole('article', { name });
const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setVisibility('visible');
});

describe('the signatory’s steps', () => {
  it('number the visible steps, lock the later ones with the reason, and save a valid tax id', async () => {
    let requirements = buildRequirements();
    let person = ben;
    const { user, api } = await renderSignatures({
      api: {
        [ROUTES.requirements]: () => ({ body: requirements }),
        [ROUTES.signatories]: () => ({ body: { signatories: [person], guarantees_required: false } }),
        [ROUTES.taxId]: () => {
          person = { ...ben, taxid: '86095742719' };
          requirements = buildRequirements({
            kyc_status: { ...requirements.kyc_status, tax_id_specified: { is_required: true, is_completed: true } },
          });
          return { body: { signatory: person } };
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Your signature steps' });
    const headings = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['Step 1: Personal tax ID', 'Step 2: Identity check', 'Step 3: Terms']);
    expect(within(step(/Identity check/)).getByText('Locked')).toBeInTheDocument();
    expect(
      within(step(/Identity check/)).getByText('This step opens once step 1 (Personal tax ID) is completed.'),
    ).toBeInTheDocument();
    expect(within(step(/Identity check/)).queryByRole('button')).not.toBeInTheDocument();

    const input = screen.getByRole('textbox', { name: /Personal tax ID/ });
    await user.type(input, '86095742718');
    await user.click(screen.getByRole('button', { name: 'Save tax ID' }));
    expect(input).toHaveAccessibleDescription(/check digit/);
    expect(input).toHaveFocus();
    expect(api.callsTo(ROUTES.taxId)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '86095742719');
    await user.click(screen.getByRole('button', { name: 'Save tax ID' }));
    await waitFor(() => expect(api.callsTo(ROUTES.taxId)[0]?.body).toEqual({ taxid: '86095742719' }));
    expect(await screen.findByText('Your tax ID has been saved.')).toBeInTheDocument();
    expect(await screen.findByText('Your tax ID has been saved: 86095742719')).toBeInTheDocument();
    // The next open step takes the focus once the steps are read again.
    await waitFor(() => expect(screen.getByRole('heading', { name: /Identity check/ })).toHaveFocus());
    expect(within(step(/Identity check/)).getByRole('button', { name: 'Start identity check' })).toBeInTheDocument();
  });

  it('keep a tax id the server refuses in its field, with the reason', async () => {
    const { user } = await renderSignatures({
      api: {
        [ROUTES.requirements]: { body: buildRequirements() },
        [ROUTES.taxId]: { status: 400, body: errorBody({ code: 'err_tax_ids_must_differ', field: 'taxid' }) },
      },
    });
    const input = await screen.findByRole('textbox', { name: /Personal tax ID/ });
    await user.type(input, '86095742719');
    await user.click(screen.getByRole('button', { name: 'Save tax ID' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(/must differ from the personal tax numbers/));
    expect(input).toHaveValue('86095742719');
  });

  it('start the identity check and go to the provider’s page in the same tab', async () => {
    const go = vi.spyOn(providerNavigation, 'go').mockImplementation(() => {});
    const requirements = buildRequirements({
      kyc_status: kyc({
        tax_id_specified: [true, true],
        ident_completed: [true, false],
        sepa_mandate_accepted: [true, false],
        legal_signature_accepted: [true, false],
        loan_signature: [true, false],
      }),
    });
    const { user, api } = await renderSignatures({
      api: {
        [ROUTES.requirements]: { body: requirements },
        [ROUTES.loanContract]: {
          body: { document_id: 'lc', document_name: 'Kreditvertrag.pdf', download_url: '/files/lc', is_signed: false },
        },
        [ROUTES.videoIdent]: {
          body: {
            session_id: 's1',
            provider: 'idnow',
            kind: 'ident',
            status: 'not_started',
            url: 'https://portal.example/demo-provider/sessions/abc',
            created_at: '2026-11-24T10:00:00.000Z',
            updated_at: '2026-11-24T10:00:00.000Z',
          },
        },
      },
    });
    const identity = await screen.findByRole('article', { name: /Identity check/ });
    expect(within(identity).getByRole('status', { name: 'Status of the identity check:' })).toHaveTextContent(
      'Not started',
    );
    expect(within(identity).getByText(/with our partner IDnow/)).toBeInTheDocument();
    expect(within(identity).getByText('the loan contract')).toBeInTheDocument();
    expect(await within(identity).findByRole('link', { name: 'Read the loan contract' })).toHaveAttribute(
      'href',
      '/files/lc',
    );
    await user.click(within(identity).getByRole('button', { name: 'Start identity check' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://portal.example/demo-provider/sessions/abc'));
    expect(api.callsTo(ROUTES.videoIdent)).toHaveLength(1);
  });

  it('poll every 10 seconds while in progress, pause while the page is hidden, and resume when shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: 'InProgress' | 'Completed' = 'InProgress';
    const { api } = await renderSignatures({
      api: {
        [ROUTES.requirements]: () => ({
          body: buildRequirements({
            kyc_status: kyc({
              tax_id_specified: [true, true],
              ident_completed: [true, status === 'Completed'],
              sepa_mandate_accepted: [true, false],
              legal_signature_accepted: [true, false],
            }),
            requirements: { signature_status: status, is_loan_signature_required: false },
          }),
        }),
      },
    });
    const identity = await screen.findByRole('article', { name: /Identity check/ });
    expect(within(identity).getByRole('status', { name: /Status of the identity check/ })).toHaveTextContent(
      'In progress',
    );
    expect(within(identity).getByText(/checks the status every 10 seconds/)).toBeInTheDocument();
    const reads = () => api.callsTo(ROUTES.requirements).length;
    expect(reads()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(reads()).toBe(2));

    act(() => setVisibility('hidden'));
    expect(within(identity).getByText(/Checking paused/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(reads()).toBe(2);

    status = 'Completed';
    act(() => setVisibility('visible'));
    await waitFor(() => expect(reads()).toBe(3));
    await waitFor(() =>
      expect(
        within(step(/Identity check/)).getByRole('status', { name: /Status of the identity check/ }),
      ).toHaveTextContent('Completed'),
    );
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(reads()).toBe(3);
  });

  it('show a failed check with a restart button, and provider_error for an unknown provider', async () => {
    vi.spyOn(providerNavigation, 'go').mockImplementation(() => {});
    const failed = buildRequirements({
      kyc_status: kyc({ tax_id_specified: [true, true], ident_completed: [true, false] }),
      requirements: { signature_status: 'Failed' },
    });
    const { user, api, unmount } = await renderSignatures({
      api: {
        [ROUTES.requirements]: { body: failed },
        [ROUTES.videoIdent]: { status: 409, body: errorBody('err_signature_not_open') },
      },
    });
    const identity = await screen.findByRole('article', { name: /Identity check/ });
    expect(within(identity).getByText('The identity check failed')).toBeInTheDocument();
    await user.click(within(identity).getByRole('button', { name: 'Restart identity check' }));
    expect(
      await within(identity).findByText('Signing is not open for this person or application.'),
    ).toBeInTheDocument();
    expect(api.callsTo(ROUTES.videoIdent)).toHaveLength(1);
    unmount();

    await renderSignatures({
      api: {
        [ROUTES.requirements]: {
          body: buildRequirements({
            kyc_status: kyc({ tax_id_specified: [true, true], ident_completed: [true, false] }),
            requirements: { signature_provider: 'acme_ident' },
          }),
        },
      },
    });
    const unknown = await screen.findByRole('article', { name: /Identity check/ });
    expect(within(unknown).getByText('Identity check not available')).toBeInTheDocument();
    expect(within(unknown).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('the offline guarantor contract', () => {
  const offline = (uploaded: boolean, url: string | null = '/files/guarantee.pdf') =>
    buildRequirements({
      kyc_status: kyc({
        tax_id_specified: [true, true],
        ident_completed: [true, true],
        guarantor_contract_exist: [true, url !== null],
        guarantor_contract_uploaded: [true, uploaded],
        sepa_mandate_accepted: [true, false],
        legal_signature_accepted: [true, false],
      }),
      requirements: {
        signature_status: 'Completed',
        guarantor_contract_url: url,
        is_loan_signature_required: false,
        is_ubo_signature_required: true,
        required_other_documents: [
          { document_id: 'gc-1', document_type: 'guarantor_contract', signing_method: 'offline', is_signed: false },
        ],
      },
    });
  const created = {
    document_id: 'scan-1',
    upload_url: 'http://localhost/api/files/scan-1.token',
    upload_expires_at: '2026-11-24T11:00:00.000Z',
    document: {
      document_id: 'scan-1',
      document_name: 'signed.pdf',
      document_type: 'guarantor_contract_signed',
      as_of_date: null,
      entity_kind: 'application',
      entity_id: null,
      is_client_visible: true,
      upload_status: 'pending',
      virus_scan_status: 'not_scanned',
      content_type: 'application/pdf',
      size_bytes: 4,
      created_at: '2026-11-24T10:00:00.000Z',
      rejected_at: null,
      rejection_reason: null,
    },
  };

  it('download the contract, upload the signed scan and link it to the unsigned contract', async () => {
    stubUploads(200);
    let requirements = offline(false);
    const { user, api } = await renderSignatures({
      api: {
        [ROUTES.requirements]: () => ({ body: requirements }),
        [ROUTES.createDocument]: { body: created },
        [ROUTES.uploadSuccess]: { body: { document: { ...created.document, upload_status: 'success' } } },
        [ROUTES.signedDocument]: () => {
          requirements = offline(true);
          return { body: requirements };
        },
      },
    });
    const agreements = await screen.findByRole('article', { name: /Other agreements/ });
    expect(within(agreements).getByRole('link', { name: 'Download guarantee contract' })).toHaveAttribute(
      'href',
      '/files/guarantee.pdf',
    );
    const upload = within(agreements).getByRole('button', { name: 'Upload signed contract' });
    await user.click(upload);
    const field = within(agreements).getByLabelText(/Signed guarantee contract/, { selector: 'button' });
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Please choose the file of the signed contract.'),
    );

    const input = agreements.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF'], 'signed.pdf', { type: 'application/pdf' }));
    await user.click(upload);
    await waitFor(() =>
      expect(api.callsTo(ROUTES.signedDocument)[0]?.body).toEqual({ unsigned_doc_id: 'gc-1', signed_doc_id: 'scan-1' }),
    );
    expect(api.callsTo(ROUTES.createDocument)[0]?.body).toMatchObject({
      file_name: 'signed.pdf',
      document_type: 'guarantor_contract_signed',
    });
    expect(
      await within(step(/Other agreements/)).findByText('Your signed guarantee contract has been uploaded.'),
    ).toBeInTheDocument();
  });

  it('report a failed upload (file_upload_fail), keep the chosen file, and mark the upload unsuccessful', async () => {
    stubUploads(415);
    const { user, api } = await renderSignatures({
      api: {
        [ROUTES.requirements]: { body: offline(false) },
        [ROUTES.createDocument]: { body: created },
        [ROUTES.uploadSuccess]: { body: { document: { ...created.document, upload_status: 'failed' } } },
      },
    });
    const agreements = await screen.findByRole('article', { name: /Other agreements/ });
    const input = agreements.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF'], 'signed.pdf', { type: 'application/pdf' }));
    await user.click(within(agreements).getByRole('button', { name: 'Upload signed contract' }));
    const field = within(agreements).getByLabelText(/Signed guarantee contract/, { selector: 'button' });
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/The file could not be uploaded\. Please try again\./),
    );
    expect(field).toHaveTextContent('signed.pdf');
    expect(api.callsTo(ROUTES.uploadSuccess)[0]?.body).toEqual({ is_upload_successful: false });
    expect(api.callsTo(ROUTES.signedDocument)).toHaveLength(0);
  });

  it('say error_getting_guarantor_agreement while the contract is not there', async () => {
    await renderSignatures({ api: { [ROUTES.requirements]: { body: offline(false, null) } } });
    const agreements = await screen.findByRole('article', { name: /Other agreements/ });
    expect(within(agreements).getByRole('alert')).toHaveTextContent('The guarantee contract is not available yet.');
    expect(within(agreements).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('the terms', () => {
  const ready = (overrides: Parameters<typeof buildRequirements>[0] = {}) =>
    buildRequirements({
      kyc_status: kyc({
        tax_id_specified: [true, true],
        ident_completed: [true, true],
        loan_signature: [true, true],
        sepa_mandate_accepted: [true, false],
        legal_signature_accepted: [true, false],
      }),
      requirements: { signature_status: 'Completed' },
      ...overrides,
    });

  it('keep submit disabled, saying why, until the earlier steps are complete', async () => {
    const { user, api } = await renderSignatures({
      api: {
        [ROUTES.requirements]: {
          body: buildRequirements({
            kyc_status: kyc({
              tax_id_specified: [true, true],
              ident_completed: [true, true],
              loan_signature: [true, false],
              sepa_mandate_accepted: [true, false],
              legal_signature_accepted: [true, false],
            }),
          }),
        },
      },
    });
    await screen.findByRole('article', { name: /Terms/ });
    expect(
      within(step(/Terms/)).getByText('This step opens once step 2 (Identity check) is completed.'),
    ).toBeInTheDocument();
    expect(within(step(/Terms/)).queryByRole('button', { name: 'Sign and submit' })).not.toBeInTheDocument();
    await user.keyboard('{Tab}');
    expect(api.callsTo(ROUTES.accept)).toHaveLength(0);
  });

  it('put the unticked mandate on its box, confirm in a modal naming the signers, then show the success panel', async () => {
    let requirements = ready();
    const { user, api } = await renderSignatures({
      api: {
        [ROUTES.requirements]: () => ({ body: requirements }),
        [ROUTES.accept]: ({ body }) => {
          if (!(body as { sepa_mandate_accepted: boolean }).sepa_mandate_accepted) {
            return { status: 400, body: errorBody('err_sepa_mandate_not_accepted') };
          }
          requirements = ready({
            kyc_status: kyc({
              tax_id_specified: [true, true],
              sepa_mandate_accepted: [true, true],
              legal_signature_accepted: [true, true],
            }),
            requirements: { signature_status: 'Completed', signature_completed_at: '2026-11-24T12:00:00.000Z' },
          });
          return { body: requirements };
        },
      },
    });
    const terms = await screen.findByRole('article', { name: /Terms/ });
    const sepa = within(terms).getByRole('checkbox', { name: 'SEPA direct debit mandate' });
    const legal = within(terms).getByRole('checkbox', { name: /legally binding signature/ });
    await user.click(legal);
    await user.click(within(terms).getByRole('button', { name: 'Sign and submit' }));
    expect(sepa).toHaveAccessibleDescription(
      expect.stringContaining('The SEPA direct debit mandate has not been accepted yet.'),
    );
    expect(sepa).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(sepa);
    await user.click(within(terms).getByRole('button', { name: 'Sign and submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign the contract?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Anna Berger', 'Ben Kraus']);
    await user.click(within(dialog).getByRole('button', { name: 'Sign now' }));
    await waitFor(() =>
      expect(api.callsTo(ROUTES.accept)[0]?.body).toEqual({
        signatory_id: SIG,
        application_id: 'app-1',
        sepa_mandate_accepted: true,
        legal_signature_accepted: true,
      }),
    );
    const success = await screen.findByRole('heading', { name: 'Your signature is complete' });
    expect(screen.getByText('Thank you. You completed all signature steps on 24.11.2026.')).toBeInTheDocument();
    await waitFor(() => expect(success).toHaveFocus());
    expect(screen.queryByRole('list', { name: 'Your signature steps' })).not.toBeInTheDocument();
  });

  it('show the server’s refusal of the mandate on its box', async () => {
    const { user } = await renderSignatures({
      api: {
        [ROUTES.requirements]: { body: ready() },
        [ROUTES.accept]: { status: 400, body: errorBody('err_sepa_mandate_not_accepted') },
      },
    });
    const terms = await screen.findByRole('article', { name: /Terms/ });
    await user.click(within(terms).getByRole('checkbox', { name: 'SEPA direct debit mandate' }));
    await user.click(within(terms).getByRole('checkbox', { name: /legally binding signature/ }));
    await user.click(within(terms).getByRole('button', { name: 'Sign and submit' }));
    await user.click(await screen.findByRole('button', { name: 'Sign now' }));
    const sepa = within(terms).getByRole('checkbox', { name: 'SEPA direct debit mandate' });
    await waitFor(() =>
      expect(sepa).toHaveAccessibleDescription(
        expect.stringContaining('The SEPA direct debit mandate has not been accepted yet.'),
      ),
    );
    expect(sepa).toBeChecked();
  });
});

describe('the tab around the steps', () => {
  it('show the in-review notice after signature, and an error state with a retry', async () => {
    let fail = true;
    const { user } = await renderSignatures({
      application: signerApplication({ status: 'Final_Review' }),
      api: {
        [ROUTES.requirements]: () =>
          fail ? { status: 500, body: errorBody('err_internal') } : { body: buildRequirements() },
      },
    });
    expect(screen.getByText('Signatures received')).toBeInTheDocument();
    expect(await screen.findByText('Your signature steps could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your signature steps' })).toBeInTheDocument();
  });

  it('prompt to complete the signatures in the not-completed group', async () => {
    await renderSignatures({
      application: signerApplication({ status: 'Open' }),
      api: { [ROUTES.requirements]: { body: buildRequirements() } },
    });
    expect(screen.getByText('Signatures still missing')).toBeInTheDocument();
    expect(screen.queryByText('Signatures received')).not.toBeInTheDocument();
  });
});

describe('the applicant’s view', () => {
  const owner = (status = 'Signature') =>
    signerApplication({
      status,
      is_owner: true,
      current_signatory: { signatory_id: 'sig-1', invite_status: 'accepted', has_requirements: true },
    });
  const OWN = 'GET /user/applications/app-1/signatories/sig-1/requirements';
  const done = buildRequirements({
    signatory_id: 'sig-1',
    kyc_status: kyc({
      tax_id_specified: [true, true],
      sepa_mandate_accepted: [true, true],
      legal_signature_accepted: [true, true],
    }),
    requirements: { signature_status: 'Completed', signature_completed_at: '2026-11-20T09:00:00.000Z' },
  });

  it('list who has signed and who is missing, with invitation and signature states', async () => {
    await renderSignatures({
      application: owner(),
      api: {
        [OWN]: { body: done },
        [ROUTES.overview]: {
          body: buildOverview([
            {
              name: 'Anna Berger',
              is_applicant: true,
              invite_status: 'accepted',
              invitation_expires_at: null,
              signature_status: 'Completed',
              signature_completed_at: '2026-11-20T09:00:00.000Z',
            },
            { name: 'Ben Kraus', invite_status: 'not_accepted', invitation_expires_at: '2026-12-08T10:00:00.000Z' },
            { name: 'Clara Diehl', invite_status: 'expired', invitation_expires_at: null, signature_status: 'Failed' },
            {
              name: 'Dirk Engel',
              invite_status: 'accepted',
              invitation_expires_at: null,
              signature_status: 'InProgress',
            },
            { name: 'Eva Fuchs', invite_status: 'not_invited', invitation_expires_at: null },
          ]),
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Your signature is complete' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Representatives who sign' });
    const rows = within(list).getAllByRole('listitem');
    const text = (i: number) => rows[i]!.textContent?.replace(/\s+/g, ' ');
    expect(text(0)).toBe('Anna BergerYouSignatureSigned on 20.11.2026');
    expect(text(1)).toBe(
      'Ben KrausInvitationInvited, valid until 08.12.2026SignatureNot signed yetSend new invitation',
    );
    expect(text(2)).toBe('Clara DiehlInvitationExpiredSignatureIdentity check failedSend new invitation');
    expect(text(3)).toBe('Dirk EngelInvitationAcceptedSignatureIn progress');
    expect(text(4)).toBe('Eva FuchsInvitationNot invitedSignatureNot signed yet');
    expect(screen.queryByText('Everyone has signed.')).not.toBeInTheDocument();
  });

  it('send a new invitation with a toast, and offer none once the application has moved on', async () => {
    let invite: 'expired' | 'not_accepted' = 'expired';
    const { user, api, unmount } = await renderSignatures({
      application: owner(),
      api: {
        [OWN]: { body: done },
        [ROUTES.overview]: () => ({
          body: buildOverview([
            { name: 'Anna Berger', is_applicant: true, invite_status: 'accepted', signature_status: 'Completed' },
            {
              name: 'Ben Kraus',
              invite_status: invite,
              invitation_expires_at: invite === 'expired' ? null : '2026-12-10T10:00:00.000Z',
            },
          ]),
        }),
        [ROUTES.invitation]: () => {
          invite = 'not_accepted';
          return {
            body: { signatory_id: 'sig-2', invite_status: 'not_accepted', expires_at: '2026-12-10T10:00:00.000Z' },
          };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Send new invitation to Ben Kraus' }));
    expect(await screen.findByText('A new invitation has been sent to Ben Kraus.')).toBeInTheDocument();
    expect(api.callsTo(ROUTES.invitation)[0]?.path).toBe('/user/applications/app-1/signatories/sig-2/invitation');
    expect(await screen.findByText('Invited, valid until 10.12.2026')).toBeInTheDocument();
    unmount();

    await renderSignatures({
      application: owner('Final_Review'),
      api: {
        [OWN]: { body: done },
        [ROUTES.overview]: {
          body: buildOverview([{ name: 'Ben Kraus', invite_status: 'expired', signature_status: 'Completed' }]),
        },
      },
    });
    expect(await screen.findByText('Everyone has signed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send new invitation/ })).not.toBeInTheDocument();
  });

  it('download the signing records as a file; an empty list and a failed load say so', async () => {
    const { user, api, unmount } = await renderSignatures({
      application: owner(),
      api: {
        [OWN]: { body: done },
        [ROUTES.overview]: { body: buildOverview([]) },
        [ROUTES.records]: {
          body: { records: [] },
          headers: { 'content-disposition': 'attachment; filename="signing-records.json"' },
        },
      },
    });
    expect(await screen.findByText('Nobody needs to sign this application yet.')).toBeInTheDocument();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:records');
    URL.revokeObjectURL = vi.fn();
    await user.click(screen.getByRole('button', { name: 'Download signing records (JSON)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.callsTo(ROUTES.records)[0]?.query.get('download')).toBe('1');
    unmount();

    await renderSignatures({
      application: owner(),
      api: { [OWN]: { body: done }, [ROUTES.overview]: { status: 500, body: errorBody('err_internal') } },
    });
    expect(await screen.findByText('The signatures could not be loaded.')).toBeInTheDocument();
  });
});
