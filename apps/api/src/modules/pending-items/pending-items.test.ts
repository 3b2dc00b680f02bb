import { beforeAll, describe, expect, it } from 'vitest';
import type { RawStatus } from '@finportal/contracts/statuses';
import { buildApplication } from '../../test/application-factories.js';
import {
  COMPLETE_SIGNATORY,
  IBAN,
  actionsOf,
  pendingItemsApp,
  createApplication,
  insertApplication,
  pendingOf,
  seed,
  signatoryIds,
} from '../../test/dashboard.js';
import { registerAndConfirm, tokenFrom, type RegisteredUser, type TestClient } from '../../test/harness.js';

/**
 * GET /user/applications/{id}/next_status_validate: pending items computed from the real state
 * of the application. This file: the answer's shape, e-mail, bank data, company TIN and
 * representatives; documents, objects, factoring and signature: pending-items-products.test.ts.
 */
const { t, demo, vistula, vistulaUser } = await pendingItemsApp();

const sorted = (values: string[] | undefined) => [...(values ?? [])].sort();
const demoApplication = async () => (await createApplication(demo)).applicationId;

describe('next_status and the shape of the answer', () => {
  it('a fresh demo application: bank data, representatives and the required documents, in step order', async () => {
    const id = await demoApplication();
    expect(await pendingOf(demo, id)).toEqual({
      pending_actions: [
        {
          action: 'bank_information',
          step: 'bank_information',
          errors: [
            { code: 'err_no_bank_name', values: [] },
            { code: 'err_no_iban', values: [] },
          ],
          next_status: 'Submitted',
        },
        {
          action: 'signatories_specified',
          step: 'representatives',
          errors: [{ code: 'err_no_signatories', values: [] }],
          next_status: 'Submitted',
        },
        {
          action: 'required_documents',
          step: 'documents',
          // bank_statement is offered but not required.
          errors: [{ code: 'err_required_documents_missing', values: ['annual_statement_2024', 'bwa_susa'] }],
          next_status: 'Submitted',
        },
      ],
      next_status: 'Submitted',
    });
  });

  it("next_status: Submitted for Open, Final_Review for Signature, null otherwise (and then nothing is the borrower's to do)", async () => {
    const id = await demoApplication();
    const expected: [RawStatus, string | null][] = [
      ['Submitted', null],
      ['Internal_Review', null],
      ['Offer_Accepted', null],
      ['Signature', 'Final_Review'],
      ['Final_Review', null],
      ['Approved', null],
      ['Paid_Out', null],
      ['Rejected', null],
    ];
    expect((await pendingOf(demo, id)).next_status).toBe('Submitted');
    for (const [status, next] of expected) {
      await seed(t, id, { status });
      const pending = await pendingOf(demo, id);
      expect(pending.next_status, status).toBe(next);
      // The Open checks (bank data, documents...) are not asked after submission; no signatories → no signature steps.
      expect(pending.pending_actions, status).toEqual([]);
    }
  });
});

describe('e-mail verification', () => {
  let unconfirmed: TestClient;
  let unconfirmedUser: RegisteredUser;

  beforeAll(async () => {
    unconfirmed = t.client('demo', { ip: '10.0.2.10' });
    unconfirmedUser = await registerAndConfirm(unconfirmed, {}, { confirm: false });
  });

  it('an unconfirmed user always has it, also after submission; confirming removes it', async () => {
    const { applicationId: id } = await createApplication(unconfirmed);
    const pending = await pendingOf(unconfirmed, id);
    expect(pending.pending_actions[0]).toEqual({
      action: 'email_verification',
      step: 'email_verification',
      errors: [{ code: 'err_email_not_confirmed', values: [] }],
      next_status: 'Submitted',
    });
    await seed(t, id, { status: 'Submitted' });
    expect(await pendingOf(unconfirmed, id)).toEqual({
      pending_actions: [
        {
          action: 'email_verification',
          step: 'email_verification',
          errors: [{ code: 'err_email_not_confirmed', values: [] }],
          next_status: null,
        },
      ],
      next_status: null,
    });

    const [mail] = await t.mailbox(unconfirmedUser.email, 'demo');
    const confirmed = await unconfirmed.post(`/user/account/confirm_email/${tokenFrom(mail!)}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await pendingOf(unconfirmed, id)).toEqual({ pending_actions: [], next_status: null });
  });

  it("is present even when the partner's checks leave it out (vistula with email_verification removed)", async () => {
    const other = t.client('vistula', { ip: '10.0.2.11' });
    const user = await registerAndConfirm(other, {}, { confirm: false });
    const id = await insertApplication(t, 'vistula', user.userId);
    const confirmedId = await insertApplication(t, 'vistula', vistulaUser.userId);
    const partner = t.ctx.partners.get('vistula')!;
    const original = partner.pending_items.checks;
    partner.pending_items.checks = (original ?? []).filter((c) => c !== 'email_verification');
    try {
      expect(partner.pending_items.checks).not.toContain('email_verification');
      expect(Object.keys(await actionsOf(other, id))).toContain('email_verification');
      expect(Object.keys(await actionsOf(vistula, confirmedId))).not.toContain('email_verification');
    } finally {
      partner.pending_items.checks = original;
    }
  });
});

describe('bank information', () => {
  it('err_no_bank_name and err_no_iban until both are saved; each blank one is reported alone', async () => {
    const id = await demoApplication();
    expect((await actionsOf(demo, id)).bank_information).toEqual([
      { code: 'err_no_bank_name', values: [] },
      { code: 'err_no_iban', values: [] },
    ]);
    const res = await demo.patch(`/user/applications/${id}/bankinfo`, { bankName: 'Musterbank', iban: IBAN });
    expect(res.statusCode, res.body).toBe(200);
    expect((await actionsOf(demo, id)).bank_information).toBeUndefined();

    await t.sql("UPDATE applications SET bank_name = '   ' WHERE id = $1", [id]);
    expect((await actionsOf(demo, id)).bank_information).toEqual([{ code: 'err_no_bank_name', values: [] }]);
    await t.sql("UPDATE applications SET bank_name = 'Musterbank', iban = NULL WHERE id = $1", [id]);
    expect((await actionsOf(demo, id)).bank_information).toEqual([{ code: 'err_no_iban', values: [] }]);
  });
});

describe('company TIN', () => {
  it('an application created without taxIdNumber has company_tin until the tax number is saved', async () => {
    const { applicationId: id } = await createApplication(demo, buildApplication({ taxIdNumber: undefined }));
    const [company] = await t.sql(
      'SELECT c.tax_id_number FROM companies c JOIN applications a ON a.company_id = c.id WHERE a.id = $1',
      [id],
    );
    expect(company).toEqual({ tax_id_number: null });
    const pending = await pendingOf(demo, id);
    expect(pending.pending_actions.find((a) => a.action === 'company_tin')).toEqual({
      action: 'company_tin',
      step: 'company_tin',
      errors: [{ code: 'err_company_tax_id_missing', values: [] }],
      next_status: 'Submitted',
    });
    const res = await demo.patch(`/user/applications/${id}`, { taxIdNumber: '1234567890' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await actionsOf(demo, id)).company_tin).toBeUndefined();
  });
});

describe('representatives', () => {
  it('none: err_no_signatories, and signatories_minimum_data is not shown', async () => {
    const actions = await actionsOf(demo, await demoApplication());
    expect(actions.signatories_specified).toEqual([{ code: 'err_no_signatories', values: [] }]);
    expect(actions.signatories_minimum_data).toBeUndefined();
  });

  it('one signer who cannot sign alone: sole_or_atleast_2, and the incomplete data stays hidden until that is fixed', async () => {
    const id = await demoApplication();
    await seed(t, id, {
      signatories: [
        { ...COMPLETE_SIGNATORY, first_name: 'Anna', is_sole_signatory: false, birthdate: null, percentage_owned: 0.4 },
      ],
    });
    let actions = await actionsOf(demo, id);
    // The values name the legal signatories (the people who can fix it).
    expect(actions.signatories_specified).toEqual([
      { code: 'err_application_signatories_sole_or_atleast_2', values: [(await signatoryIds(t, id)).Anna] },
    ]);
    expect(actions.signatories_minimum_data).toBeUndefined();

    // A second signer: two signers are enough; now Anna's missing birth date is reported.
    await seed(t, id, {
      signatories: [{ ...COMPLETE_SIGNATORY, first_name: 'Bernd', is_sole_signatory: false, percentage_owned: 0.4 }],
    });
    const { Anna } = await signatoryIds(t, id);
    actions = await actionsOf(demo, id);
    expect(actions.signatories_specified).toBeUndefined();
    expect(actions.signatories_minimum_data).toEqual([{ code: 'err_signatory_data_missing', values: [Anna] }]);
  });

  it('a sole signatory who is not willing to sign does not count as a signer', async () => {
    const id = await demoApplication();
    await seed(t, id, { signatories: [{ ...COMPLETE_SIGNATORY, is_contract_signatory: false }] });
    expect((await actionsOf(demo, id)).signatories_specified).toEqual([
      { code: 'err_application_signatories_sole_or_atleast_2', values: [(await signatoryIds(t, id)).Erika] },
    ]);
  });

  it('a complete sole signer, or two complete signers, clear both representative items', async () => {
    const sole = await demoApplication();
    await seed(t, sole, { signatories: [COMPLETE_SIGNATORY] });
    let actions = await actionsOf(demo, sole);
    expect(actions.signatories_specified).toBeUndefined();
    expect(actions.signatories_minimum_data).toBeUndefined();

    const two = await demoApplication();
    await seed(t, two, {
      signatories: [
        { ...COMPLETE_SIGNATORY, is_sole_signatory: false, percentage_owned: 0.5 },
        { ...COMPLETE_SIGNATORY, first_name: 'Max', is_sole_signatory: false, percentage_owned: 0.5 },
      ],
    });
    actions = await actionsOf(demo, two);
    expect(actions.signatories_specified).toBeUndefined();
    expect(actions.signatories_minimum_data).toBeUndefined();
  });

  it('incomplete data lists exactly the ids of the incomplete signatories', async () => {
    const id = await demoApplication();
    await seed(t, id, {
      signatories: [
        { ...COMPLETE_SIGNATORY, first_name: 'Complete', percentage_owned: 0.3 },
        // required field missing
        {
          ...COMPLETE_SIGNATORY,
          first_name: 'NoBirthdate',
          birthdate: null,
          percentage_owned: 0.3,
          is_sole_signatory: false,
        },
        // willing to sign without a phone
        {
          ...COMPLETE_SIGNATORY,
          first_name: 'NoPhone',
          telephone: null,
          percentage_owned: 0.3,
          is_sole_signatory: false,
        },
        // legal signatory without "can sign alone"
        {
          ...COMPLETE_SIGNATORY,
          first_name: 'NoSoleFlag',
          is_sole_signatory: null,
          is_beneficial_owner: false,
          percentage_owned: 0,
        },
        // beneficial owner below 25 %
        { ...COMPLETE_SIGNATORY, first_name: 'SmallOwner', percentage_owned: 0.1, is_sole_signatory: false },
        // a complete representative who does not sign and owns nothing: fine without e-mail and phone
        {
          ...COMPLETE_SIGNATORY,
          first_name: 'Silent',
          email: null,
          telephone: null,
          is_legal_signatory: false,
          is_contract_signatory: false,
          is_sole_signatory: null,
          is_beneficial_owner: false,
          percentage_owned: 0,
        },
      ],
    });
    const ids = await signatoryIds(t, id);
    const [error, small, ...rest] = (await actionsOf(demo, id)).signatories_minimum_data ?? [];
    expect(rest).toEqual([]);
    expect(error?.code).toBe('err_signatory_data_missing');
    expect(sorted(error?.values)).toEqual(sorted([ids.NoBirthdate!, ids.NoPhone!, ids.NoSoleFlag!]));
    // A beneficial owner below 25 % is a list rule of its own (ADR 014), naming that person.
    expect(small).toEqual({ code: 'err_beneficial_owner_share_too_small', values: [ids.SmallOwner] });
  });

  it('shares above 100 % are err_share_percentage_greater_then_100; exactly 100 % is fine', async () => {
    const over = await demoApplication();
    await seed(t, over, {
      signatories: [
        { ...COMPLETE_SIGNATORY, percentage_owned: 0.6 },
        { ...COMPLETE_SIGNATORY, first_name: 'Max', percentage_owned: 0.5, is_sole_signatory: false },
      ],
    });
    const overIds = await signatoryIds(t, over);
    const [overError, ...others] = (await actionsOf(demo, over)).signatories_minimum_data ?? [];
    expect(others).toEqual([]);
    expect(overError?.code).toBe('err_share_percentage_greater_then_100');
    expect(sorted(overError?.values)).toEqual(sorted([overIds.Erika!, overIds.Max!]));

    const full = await demoApplication();
    await seed(t, full, {
      signatories: [
        { ...COMPLETE_SIGNATORY, percentage_owned: 0.6 },
        { ...COMPLETE_SIGNATORY, first_name: 'Max', percentage_owned: 0.4, is_sole_signatory: false },
      ],
    });
    expect((await actionsOf(demo, full)).signatories_minimum_data).toBeUndefined();
  });
});
