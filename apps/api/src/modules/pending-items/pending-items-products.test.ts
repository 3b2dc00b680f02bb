import type { Partner } from '../../platform/tenancy.js';
import { describe, expect, it } from 'vitest';
import { FACTORING_FIELDS } from '@finportal/contracts/factoring-rules';
import { PENDING_STEPS } from '@finportal/contracts/pending-items';
import { buildFactoringDetails } from '@finportal/testing/factories';
import { buildApplication, buildFactoringApplication } from '../../test/application-factories.js';
import {
  COMPLETE_SIGNATORY,
  actionsOf,
  pendingItemsApp,
  alpenRequest,
  createApplication,
  insertApplication,
  pendingOf,
  seed,
  signatoryIds,
} from '../../test/dashboard.js';

/**
 * GET /user/applications/{id}/next_status_validate, the checks that depend on the product and
 * the partner: finance objects, factoring, the signature steps and a partner with fewer checks
 * (e-mail, bank, TIN and representatives: pending-items.test.ts; documents and debt register:
 * pending-items-documents.test.ts).
 */
const { t, demo, alpen, vistula, vistulaUser, form } = await pendingItemsApp();

const sorted = (values: string[] | undefined) => [...(values ?? [])].sort();
const demoApplication = async () => (await createApplication(demo)).applicationId;

describe('finance objects (alpen object financing)', () => {
  it('an event_driven_financing_loan (object_financing) needs at least one object and its own documents', async () => {
    const { applicationId: id } = await createApplication(
      alpen,
      alpenRequest(form, {
        allBanksLoanPurpose: 'event_driven_financing_loan',
        purposeSelect: 'machinery_or_equipment',
        object_type: 'machine',
        loanDuration: 3,
      }),
    );
    const [row] = await t.sql('SELECT product_type FROM applications WHERE id = $1', [id]);
    expect(row).toEqual({ product_type: 'object_financing' });
    let actions = await actionsOf(alpen, id);
    expect(actions.finance_objects).toEqual([{ code: 'err_finance_objects_missing', values: [] }]);
    expect(actions.required_documents).toEqual([
      { code: 'err_required_documents_missing', values: ['annual_statement_2024', 'sales_offer_file'] },
    ]);
    const objects = (await pendingOf(alpen, id)).pending_actions.find((a) => a.action === 'finance_objects');
    expect(objects?.step).toBe('objects');

    await seed(t, id, { finance_objects: 1 });
    actions = await actionsOf(alpen, id);
    expect(actions.finance_objects).toBeUndefined();
  });

  it('working capital at alpen and a project loan at demo have no objects item', async () => {
    const { applicationId: wcl } = await createApplication(alpen, alpenRequest(form));
    const alpenActions = await actionsOf(alpen, wcl);
    expect(alpenActions.finance_objects).toBeUndefined();
    expect(alpenActions.required_documents).toEqual([
      { code: 'err_required_documents_missing', values: ['annual_statement_2024', 'bank_statement'] },
    ]);

    const { applicationId: project } = await createApplication(
      demo,
      buildApplication({ allBanksLoanPurpose: 'event_driven_financing_loan', purposeSelect: 'business_expansion' }),
    );
    expect((await actionsOf(demo, project)).finance_objects).toBeUndefined();
  });
});

describe('factoring (demo factoring application)', () => {
  it('details and debtors are required; the factoring documents replace the default ones', async () => {
    const { applicationId: id } = await createApplication(demo, buildFactoringApplication());
    const pending = await pendingOf(demo, id);
    expect(pending.pending_actions.map((a) => a.action)).toEqual([
      'bank_information',
      'signatories_specified',
      'required_documents',
      'factoring_details',
    ]);
    let actions = await actionsOf(demo, id);
    // Every field of the three cards but the comments and what the wizard asked (international
    // customers, last year's sales and its part abroad).
    const asked = ['has_international_customers', 'annual_sales_previous_year', 'annual_sales_previous_year_abroad'];
    const expectedMissing = FACTORING_FIELDS.filter((f) => !f.endsWith('_comment') && !asked.includes(f));
    expect(expectedMissing).toContain('receivables_default_amount_current_year_abroad');
    expect(actions.factoring_details).toEqual([
      { code: 'err_factoring_details_missing', values: expectedMissing },
      { code: 'err_factoring_debitors_missing', values: [] },
    ]);
    expect(actions.required_documents).toEqual([
      { code: 'err_required_documents_missing', values: ['debtor_list', 'open_items_list', 'annual_statement_2024'] },
    ]);

    // Stored values are judged by the cards' rules: a blank portfolio, a missing deadline, and a
    // largest invoice above last year's sales (reported on both fields).
    await seed(t, id, {
      factoring_details: {
        ...buildFactoringDetails(),
        company_portfolio: '   ',
        payment_deadline_for_outgoing_invoices: null,
        max_invoice_value_previous_year: 2_000_000,
      },
      debitors: 2,
    });
    actions = await actionsOf(demo, id);
    expect(actions.factoring_details).toEqual([
      {
        code: 'err_factoring_details_missing',
        values: [
          'company_portfolio',
          'annual_sales_previous_year',
          'max_invoice_value_previous_year',
          'payment_deadline_for_outgoing_invoices',
        ],
      },
    ]);

    await seed(t, id, { factoring_details: buildFactoringDetails() });
    expect((await actionsOf(demo, id)).factoring_details).toBeUndefined();

    // Without international customers the _abroad twins are not asked (and a stored one is refused).
    await t.sql(
      'UPDATE applications SET has_international_customers = false, annual_sales_previous_year_abroad = NULL WHERE id = $1',
      [id],
    );
    expect((await actionsOf(demo, id)).factoring_details?.[0]?.values).toContain('invoice_currencies_abroad');
    await t.sql(`UPDATE applications SET factoring_details = '{}' WHERE id = $1`, [id]);
    await seed(t, id, { factoring_details: buildFactoringDetails({ international: false }) });
    expect((await actionsOf(demo, id)).factoring_details).toBeUndefined();
  });

  it('a loan application has no factoring item', async () => {
    expect((await actionsOf(demo, await demoApplication())).factoring_details).toBeUndefined();
  });
});

describe('signature steps at status Signature', () => {
  const step = (is_required: boolean, is_completed: boolean) => ({ is_required, is_completed });

  it('tax ids, identification, SEPA mandate and guarantor contract from the signing data, with the ids of the signatories concerned', async () => {
    const id = await demoApplication(); // no bank data, no documents: not asked at Signature
    // The steps are computed from real data (issue 14, ADR 020): the product requires guarantees here.
    const [app] = await t.sql<{ product_type: Partner['representatives']['guarantees_required'][number] }>(
      'SELECT product_type FROM applications WHERE id = $1',
      [id],
    );
    const partner = t.ctx.partners.get('demo')!;
    const previous = partner.representatives;
    partner.representatives = { ...previous, guarantees_required: [app!.product_type] };
    try {
      await seed(t, id, {
        signatories: [
          // A signer without a tax id (and without a share: no guarantor).
          {
            ...COMPLETE_SIGNATORY,
            first_name: 'NoTaxId',
            taxid: null,
            is_beneficial_owner: false,
            percentage_owned: 0,
          },
          // A guarantor (a shareholder who signs) with a tax id: identification, mandate and guarantee open.
          { ...COMPLETE_SIGNATORY, first_name: 'Open', taxid: '12345678901', percentage_owned: 0.6 },
          // Not a signer: nothing is asked of them, not even the tax id.
          {
            ...COMPLETE_SIGNATORY,
            first_name: 'Owner',
            taxid: null,
            is_contract_signatory: false,
            is_sole_signatory: null,
            is_legal_signatory: false,
            is_beneficial_owner: false,
            percentage_owned: 0.3,
          },
          // Everything done (identified by the back office, terms accepted).
          {
            ...COMPLETE_SIGNATORY,
            first_name: 'Done',
            taxid: '98765432109',
            is_beneficial_owner: false,
            percentage_owned: 0,
            kyc_status: { ident_completed: step(true, true) },
          },
        ],
        documents: [{ document_type: 'guarantor_contract' }],
        status: 'Signature',
      });
      const accept = (name: string) =>
        t.sql(
          `UPDATE signatories SET sepa_mandate_accepted_at = now(), legal_signature_accepted_at = now(),
             signature_completed_at = now() WHERE application_id = $1 AND first_name = $2`,
          [id, name],
        );
      await accept('Done');
      const ids = await signatoryIds(t, id);
      const pending = await pendingOf(demo, id);
      expect(pending.next_status).toBe('Final_Review');
      expect(pending.pending_actions.map((a) => [a.action, a.step, a.next_status])).toEqual([
        ['signatory_tax_ids', 'signature', 'Final_Review'],
        ['identification_completed', 'signature', 'Final_Review'],
        ['payment_mandate_accepted', 'signature', 'Final_Review'],
        ['guarantor_contract_uploaded', 'signature', 'Final_Review'],
      ]);
      const actions = await actionsOf(demo, id);
      expect(actions.signatory_tax_ids).toEqual([{ code: 'err_signatory_without_tax_id', values: [ids.NoTaxId] }]);
      expect(actions.identification_completed?.[0]?.code).toBe('err_identification_not_done');
      expect(sorted(actions.identification_completed?.[0]?.values)).toEqual(sorted([ids.NoTaxId!, ids.Open!]));
      expect(sorted(actions.payment_mandate_accepted?.[0]?.values)).toEqual(sorted([ids.NoTaxId!, ids.Open!]));
      expect(actions.guarantor_contract_uploaded).toEqual([
        { code: 'err_guarantor_contract_missing', values: [ids.Open] },
      ]);

      // Completing the steps clears them one by one.
      await t.sql(`UPDATE signatories SET taxid = '11111111111' WHERE id = $1`, [ids.NoTaxId]);
      await t.sql(
        `UPDATE signatories SET kyc_status = '{"ident_completed":{"is_required":true,"is_completed":true}}'
         WHERE application_id = $1 AND first_name IN ('NoTaxId', 'Open')`,
        [id],
      );
      expect(Object.keys(await actionsOf(demo, id))).toEqual([
        'payment_mandate_accepted',
        'guarantor_contract_uploaded',
      ]);
      // The guarantor's signed copy linked (a signing record of the agreement, its copy available), and the terms accepted.
      const [copy] = await t.sql<{ id: string }>(
        `INSERT INTO documents (application_id, partner_id, document_type, document_name, upload_status, virus_scan_status)
         VALUES ($1, 'demo', 'guarantor_contract_signed', 'signed.pdf', 'success', 'not_scanned') RETURNING id`,
        [id],
      );
      await t.sql(
        `INSERT INTO signing_records (application_id, partner_id, signatory_id, document_id, signed_document_id, provider, method, sha256_before)
         SELECT $1, 'demo', $2, d.id, $3, 'offline', 'offline', 'x' FROM documents d
         WHERE d.application_id = $1 AND d.document_type = 'guarantor_contract'`,
        [id, ids.Open, copy!.id],
      );
      await accept('NoTaxId');
      await accept('Open');
      expect(await pendingOf(demo, id)).toEqual({ pending_actions: [], next_status: 'Final_Review' });
    } finally {
      partner.representatives = previous;
    }
  });

  it('the signature steps are not asked while the application is Open', async () => {
    const id = await demoApplication();
    await seed(t, id, {
      signatories: [{ ...COMPLETE_SIGNATORY, taxid: null, kyc_status: { ident_completed: step(true, false) } }],
    });
    const actions = Object.keys(await actionsOf(demo, id));
    expect(actions).not.toContain('signatory_tax_ids');
    expect(actions).not.toContain('identification_completed');
  });
});

describe('per-partner configuration (vistula: no documents, debt register, objects, signature or factoring check)', () => {
  it('only bank data and representatives are asked; complete, the application can be submitted', async () => {
    const partner = t.ctx.partners.get('vistula')!;
    expect(partner.pending_items.checks).toEqual([
      'email_verification',
      'bank_information',
      'company_tin',
      'representatives',
      'representative_data',
    ]);
    expect(PENDING_STEPS.filter((s) => !partner.pending_items.checks!.includes(s))).toEqual([
      'documents',
      'debt_register',
      'objects',
      'signature',
      'factoring',
      // The back office's requests are no check a partner switches off: they follow its requests.
      'requests',
    ]);
    const id = await insertApplication(t, 'vistula', vistulaUser.userId, { taxIdNumber: null });
    expect(Object.keys(await actionsOf(vistula, id))).toEqual([
      'bank_information',
      'company_tin',
      'signatories_specified',
    ]);

    const bank = await vistula.patch(`/user/applications/${id}/bankinfo`, {
      bankName: 'Bank Polski',
      iban: 'PL61 1090 1014 0000 0712 1981 2874',
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const tin = await vistula.patch(`/user/applications/${id}`, { taxIdNumber: 'PL5260250274' });
    expect(tin.statusCode, tin.body).toBe(200);
    // A Polish address: the postcode follows the country's format (NN-NNN).
    await seed(t, id, {
      signatories: [
        { ...COMPLETE_SIGNATORY, country: 'PL', nationality: 'PL', postcode: '00-950', location: 'Warszawa' },
      ],
    });
    expect(await pendingOf(vistula, id)).toEqual({ pending_actions: [], next_status: 'Submitted' });

    const submitted = await vistula.patch(`/user/applications/${id}/status`, { status: 'Submitted' });
    expect(submitted.statusCode, submitted.body).toBe(200);

    // At Signature vistula has no signature steps, even for signatories with open kyc steps.
    await seed(t, id, {
      status: 'Signature',
      signatories: [
        {
          ...COMPLETE_SIGNATORY,
          first_name: 'Jan',
          taxid: null,
          kyc_status: { ident_completed: { is_required: true, is_completed: false } },
        },
      ],
    });
    expect(await pendingOf(vistula, id)).toEqual({ pending_actions: [], next_status: 'Final_Review' });
  });
});
