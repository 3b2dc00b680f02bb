import { beforeAll, describe, expect, it } from 'vitest';
import { resolveDocumentCategories } from '@finportal/contracts/documents';
import {
  ALLOWED_UPDATES,
  applicationListItem,
  applicationResponse,
  applicationSchema,
  applicationsListResponse,
  type Application,
  type ApplicationListItem,
} from '@finportal/contracts/applications';
import type { CreatedApplication } from '@finportal/contracts/offers';
import { buildApplication, buildFactoringApplication } from '../../test/application-factories.js';
import { COMPLETE_SIGNATORY, createApplication, seed } from '../../test/dashboard.js';
import {
  expectErrors,
  linkFrom,
  registerAndConfirm,
  tokenFrom,
  useTestApp,
  type TestClient,
} from '../../test/harness.js';

/**
 * GET /user/applications (the list), GET /user/applications/{id} (the overview) and
 * PATCH /user/applications/{id} (the company tax number), and the registration mail that
 * leads to the list.
 */
const t = await useTestApp();

/** The demo partner's document configuration as the application carries it (resolved with the type defaults). */
const demoDocuments = (which: 'default' | 'factoring') => {
  const partner = t.ctx.partners.get('demo')!;
  const configured = which === 'default' ? partner.documents.default : partner.documents.by_product.factoring!;
  return resolveDocumentCategories(configured, partner.allowed_file_upload_type_list);
};
/** The document configuration of a fresh application: the configured base year 2024, and the years it may switch to. */
const demoConfigurations = (which: 'default' | 'factoring') => ({
  document_categories: demoDocuments(which),
  annual_statement_base_year: 2024,
  annual_statement_base_years: [2024, 2023, 2022, 2021, 2020],
});
const { client: owner, user: ownerUser } = await t.signUp('demo');

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function listOf(client: TestClient): Promise<ApplicationListItem[]> {
  const res = await client.get('/user/applications');
  expect(res.statusCode, res.body).toBe(200);
  // Every field of the contract, and nothing else.
  return applicationsListResponse
    .extend({ applications: applicationListItem.strict().array() })
    .strict()
    .parse(res.json()).applications;
}

async function overviewOf(client: TestClient, id: string): Promise<Application> {
  const res = await client.get(`/user/applications/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return applicationResponse.extend({ application: applicationSchema.strict() }).strict().parse(res.json()).application;
}

describe('the applications list', () => {
  let user: TestClient;
  let loan: CreatedApplication;
  let factoring: CreatedApplication;
  let rejected: CreatedApplication;

  beforeAll(async () => {
    user = t.client('demo', { ip: '10.0.3.2' });
    await registerAndConfirm(user);
    loan = await createApplication(user, buildApplication({ loanSize: 150_000, companyName: 'Erste Firma GmbH' }));
    factoring = await createApplication(user, buildFactoringApplication({ companyName: 'Zweite Firma GmbH' }));
    const res = await user.post(
      '/user/applications',
      buildApplication({ companyType: 'GBR', companyName: 'Dritte GbR' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    rejected = res.json<{ application: CreatedApplication }>().application;
    expect(rejected.status).toBe('Rejected');
  });

  it('is empty for a new user', async () => {
    const fresh = t.client('demo', { ip: '10.0.3.3' });
    await registerAndConfirm(fresh);
    expect(await listOf(fresh)).toEqual([]);
  });

  it('lists newest first with every field of the contract', async () => {
    const list = await listOf(user);
    expect(list.map((a) => a.applicationId)).toEqual([
      rejected.applicationId,
      factoring.applicationId,
      loan.applicationId,
    ]);
    const rows = await t.sql<{ id: string; created_at: Date }>(
      'SELECT id, created_at FROM applications WHERE id = ANY($1::uuid[]) ORDER BY created_at DESC',
      [[loan.applicationId, factoring.applicationId, rejected.applicationId]],
    );
    expect(rows.map((r) => r.id)).toEqual(list.map((a) => a.applicationId));

    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(Object.keys(applicationListItem.shape).sort());
      expect(item.created).toMatch(ISO_UTC);
      expect(item.created).toBe(rows.find((r) => r.id === item.applicationId)!.created_at.toISOString());
    }

    const [r, f, l] = list;
    expect(l).toEqual({
      applicationId: loan.applicationId,
      shortApplicationId: loan.shortApplicationId,
      status: 'Open',
      status_flow: ['Open', 'Submitted', 'Signature', 'Final_Review', 'Paid_Out'].map((status_name) => ({
        status_name,
      })),
      created: l!.created,
      currency: 'EUR',
      allBanksLoanPurpose: 'working_capital_loan',
      amount: 150_000,
      companyName: 'Erste Firma GmbH',
      allowed_updates: [...ALLOWED_UPDATES],
      document_configurations: demoConfigurations('default'),
    });
    // Factoring: the amount is the factoring limit, the flow ends with an active limit, its own documents.
    expect(f).toMatchObject({
      applicationId: factoring.applicationId,
      allBanksLoanPurpose: 'factoring',
      amount: 200_000,
      status_flow: ['Open', 'Submitted', 'Signature', 'Final_Review', 'Limit_Active'].map((status_name) => ({
        status_name,
      })),
      document_configurations: demoConfigurations('factoring'),
    });
    expect(f!.document_configurations.document_categories[0]!.document_types.map((d) => d.document_type)).toEqual([
      'debtor_list',
      'open_items_list',
      'annual_statement_2024',
    ]);
    expect(r).toMatchObject({ status: 'Rejected', companyName: 'Dritte GbR', allowed_updates: [] });
  });

  it("shows the current status (set later) and no other user's applications", async () => {
    await seed(t, loan.applicationId, { status: 'Signature' });
    const list = await listOf(user);
    expect(list.find((a) => a.applicationId === loan.applicationId)).toMatchObject({
      status: 'Signature',
      allowed_updates: ['signatory_other', 'signatory_tin', 'signatory_contact'],
    });
    const ownersList = (await listOf(owner)).map((a) => a.applicationId);
    expect(ownersList).not.toContain(loan.applicationId);
  });
});

describe('the overview of one application', () => {
  it('a loan: every field of the contract, from the stored application and company', async () => {
    const created = await createApplication(
      owner,
      buildApplication({ loanDuration: 36, display_duration_unit: 'years', foundation_date: '2010-05-01' }),
    );
    const app = await overviewOf(owner, created.applicationId);
    expect(Object.keys(app).sort()).toEqual(Object.keys(applicationSchema.shape).sort());
    expect(app).toEqual({
      applicationId: created.applicationId,
      application_id: created.applicationId,
      shortApplicationId: created.shortApplicationId,
      status: 'Open',
      status_flow: ['Open', 'Submitted', 'Signature', 'Final_Review', 'Paid_Out'].map((status_name) => ({
        status_name,
      })),
      created: app.created,
      currency: 'EUR',
      allBanksLoanPurpose: 'working_capital_loan',
      amount: 100_000,
      companyName: 'Muster Maschinenbau GmbH',
      allowed_updates: [...ALLOWED_UPDATES],
      document_configurations: demoConfigurations('default'),
      product: { product_id: 'general_liquidity' },
      loanSize: 100_000,
      loanDuration: 36,
      display_duration_unit: 'years',
      purposeSelect: 'operating_expenses',
      pricing: created.pricing,
      rejection_reason: null,
      rejection_values: null,
      company_id: created.company_id,
      companyType: 'GMBH',
      street: 'Hauptstraße',
      houseNumber: '12a',
      companyPostCode: '10115',
      companyLocation: 'Berlin',
      companyCountry: 'DE',
      hrNumber: null,
      companyFoundationDate: '2010-05-01',
      taxIdNumber: '1234567890',
      bankName: null,
      iban: null,
      custom_fields_list: [],
      company_custom_fields: [],
      is_appointment_created: false,
      is_dynamic_form: false,
      factoring: null,
      is_owner: true,
      current_signatory: null,
      // No final offer before Offer_Available; the submission waits for the pending items (its guard).
      final_offer: null,
      actions: [{ action: 'submit', status: 'Submitted', blocked_by: 'err_application_not_ready' }],
    });
    expect(app.created).toMatch(ISO_UTC);
    const [row] = await t.sql<{ created_at: Date }>('SELECT created_at FROM applications WHERE id = $1', [
      created.applicationId,
    ]);
    expect(app.created).toBe(row!.created_at.toISOString());
    // The list item of the same application carries the same values.
    const item = (await listOf(owner)).find((a) => a.applicationId === created.applicationId)!;
    for (const key of Object.keys(applicationListItem.shape) as (keyof ApplicationListItem)[]) {
      expect(app[key], key).toEqual(item[key]);
    }
  });

  it('factoring: amount is the factoring limit, the factoring figures are returned', async () => {
    const created = await createApplication(owner, buildFactoringApplication());
    const app = await overviewOf(owner, created.applicationId);
    expect(app).toMatchObject({
      allBanksLoanPurpose: 'factoring',
      product: { product_id: 'factoring' },
      amount: 200_000,
      loanSize: null,
      loanDuration: null,
      pricing: null,
      factoring: {
        factoring_limit: 200_000,
        has_international_customers: true,
        annual_sales_previous_year: 1_500_000,
        annual_sales_previous_year_abroad: 300_000,
      },
    });
  });

  it('is_appointment_created follows the appointments of the application', async () => {
    const { applicationId: id } = await createApplication(owner);
    expect((await overviewOf(owner, id)).is_appointment_created).toBe(false);
    await seed(t, id, { appointment: true });
    expect((await overviewOf(owner, id)).is_appointment_created).toBe(true);
  });
});

describe('the company tax number (PATCH /user/applications/{id})', () => {
  let id: string;
  let companyId: string;

  beforeAll(async () => {
    const created = await createApplication(owner, buildApplication({ taxIdNumber: undefined }));
    id = created.applicationId;
    companyId = created.company_id;
  });

  const patch = (body: unknown) => owner.patch(`/user/applications/${id}`, body);
  const stored = async () =>
    (
      await t.sql<{ tax_id_number: string | null }>('SELECT tax_id_number FROM companies WHERE id = $1', [companyId])
    )[0]!.tax_id_number;
  const audits = () =>
    t.sql<{ action: string; data: Record<string, unknown> }>(
      "SELECT action, data FROM audit_log WHERE action = 'application.tax_id_updated' AND entity_id = $1",
      [companyId],
    );

  async function refused(body: unknown, items: { code: string; field?: string }[]) {
    const before = { value: await stored(), audits: (await audits()).length };
    expectErrors(await patch(body), 400, items);
    expect({ value: await stored(), audits: (await audits()).length }).toEqual(before);
  }

  it('a valid number is stored on the company (trimmed) and returned as taxIdNumber; audited without the number', async () => {
    expect(await stored()).toBeNull();
    const res = await patch({ taxIdNumber: '  DE123456789 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(applicationResponse.parse(res.json()).application.taxIdNumber).toBe('DE123456789');
    expect(await stored()).toBe('DE123456789');
    expect((await overviewOf(owner, id)).taxIdNumber).toBe('DE123456789');
    expect(await audits()).toEqual([{ action: 'application.tax_id_updated', data: { application_id: id } }]);

    // Separators are allowed (10 to 12 characters after stripping them).
    const again = await patch({ taxIdNumber: '123/456/78901' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stored()).toBe('123/456/78901');
  });

  it("an invalid number is 400 with the form of the company's country (a German company: err_invalid_tax_number_de)", async () => {
    for (const taxIdNumber of ['12345', '123456789012345', 'de123456789', 'ABC12345678', '12345ABCDE']) {
      await refused({ taxIdNumber }, [{ code: 'err_invalid_tax_number_de', field: 'taxIdNumber' }]);
    }
  });

  it('a Swiss company enters its UID (issue 26): with or without CHE, dots and MWST; a wrong check digit is refused', async () => {
    await t.sql("UPDATE companies SET country = 'CH' WHERE id = $1", [companyId]);
    try {
      for (const taxIdNumber of ['CHE-136.348.576', 'CHE136348576', '136.348.576 MWST']) {
        const res = await patch({ taxIdNumber });
        expect(res.statusCode, res.body).toBe(200);
        expect(await stored()).toBe(taxIdNumber);
      }
      await refused({ taxIdNumber: 'CHE-136.348.577' }, [{ code: 'err_invalid_tax_number_ch', field: 'taxIdNumber' }]);
      await refused({ taxIdNumber: '1234567890' }, [{ code: 'err_invalid_tax_number_ch', field: 'taxIdNumber' }]);
    } finally {
      await t.sql("UPDATE companies SET country = 'DE' WHERE id = $1", [companyId]);
    }
  });

  it('is required (missing, empty or blank: err_required); more than 30 characters is err_too_long', async () => {
    await refused({}, [{ code: 'err_required', field: 'taxIdNumber' }]);
    // An empty value is only "required" (the format rule does not run on it).
    for (const taxIdNumber of ['', '   ']) {
      await refused({ taxIdNumber }, [{ code: 'err_required', field: 'taxIdNumber' }]);
    }
    await refused({ taxIdNumber: null }, [{ code: 'err_required', field: 'taxIdNumber' }]);
    await refused({ taxIdNumber: 1234567890 }, [{ code: 'err_invalid_value', field: 'taxIdNumber' }]);
    expectErrors(await patch({ taxIdNumber: '1'.repeat(31) }), 400, [{ code: 'err_too_long', field: 'taxIdNumber' }]);
  });

  it("equal to a representative's personal tax id (also written differently) is 400 err_tax_ids_must_differ", async () => {
    await seed(t, id, { signatories: [{ ...COMPLETE_SIGNATORY, taxid: '12345678901' }] });
    await refused({ taxIdNumber: '12345678901' }, [{ code: 'err_tax_ids_must_differ', field: 'taxIdNumber' }]);
    await refused({ taxIdNumber: '123.456.789-01' }, [{ code: 'err_tax_ids_must_differ', field: 'taxIdNumber' }]);
    // A different number is fine.
    const res = await patch({ taxIdNumber: '12345678902' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toBe('12345678902');
  });
});

describe('the dev fixtures route (POST /dev/applications/{id}/fixtures, e2e tests only)', () => {
  it("fills an application of the host's partner; another partner's application is 404", async () => {
    const { applicationId: id } = await createApplication(owner);
    const res = await owner.post(`/dev/applications/${id}/fixtures`, {
      status: 'Signature',
      signatories: [COMPLETE_SIGNATORY],
      documents: [{ document_type: 'annual_statement_2024' }],
      appointment: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const app = await overviewOf(owner, id);
    expect(app).toMatchObject({ status: 'Signature', is_appointment_created: true });
    const [counts] = await t.sql(
      `SELECT (SELECT count(*)::int FROM signatories WHERE application_id = $1) AS signatories,
              (SELECT count(*)::int FROM documents WHERE application_id = $1) AS documents`,
      [id],
    );
    expect(counts).toEqual({ signatories: 1, documents: 1 });

    const nord = t.client('nordbank', { ip: '10.0.3.20' });
    expectErrors(await nord.post(`/dev/applications/${id}/fixtures`, { status: 'Rejected' }), 404, [
      { code: 'err_entity_not_found' },
    ]);
    expect((await overviewOf(owner, id)).status).toBe('Signature');
  });
});

describe('the registration mail', () => {
  it('links to /dashboard/applications?confirmation_token=…&email_confirm_required=true; the token confirms', async () => {
    const client = t.client('demo', { ip: '10.0.3.9' });
    const user = await registerAndConfirm(client, {}, { confirm: false });
    const [mail] = await t.mailbox(user.email, 'demo');
    expect(mail?.template).toBe('confirm_email');
    const link = new URL(linkFrom(mail!));
    expect(link.origin).toBe('http://demo.localhost:3000');
    expect(link.pathname).toBe('/dashboard/applications');
    expect([...link.searchParams.keys()]).toEqual(['confirmation_token', 'email_confirm_required']);
    expect(link.searchParams.get('confirmation_token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.searchParams.get('email_confirm_required')).toBe('true');

    expect((await client.profile()).is_email_confirmed).toBe(false);
    const res = await client.post(`/user/account/confirm_email/${tokenFrom(mail!)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await client.profile()).is_email_confirmed).toBe(true);
  });

  it('the owner of this file received exactly one, already used', async () => {
    const mails = await t.mailbox(ownerUser.email, 'demo');
    expect(mails.map((m) => m.template)).toEqual(['confirm_email']);
    expect(linkFrom(mails[0]!)).toContain('/dashboard/applications?confirmation_token=');
  });
});
