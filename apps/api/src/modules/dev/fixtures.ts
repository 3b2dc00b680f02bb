import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { fixturesRequest, type Fixtures } from '@finportal/contracts/dev';
import { rowsOf, type Db } from '../../db/client.js';
import {
  applications,
  applicationStatusHistory,
  appointments,
  companies,
  documents,
  factoringDebitors,
  financeObjects,
  identSessions,
  signatories,
  signingRecords,
  users,
} from '../../db/schema.js';
import { enqueue } from '../../platform/jobs/queue.js';
import { SIGNING_COMPLETE_CHECK } from '../signatures/public.js';

/**
 * Test fixtures for the parts of an application whose screens come in later issues
 * (representatives, documents, finance objects, factoring, appointments) and for statuses that
 * only back office sets. API tests call `seedApplicationParts` directly; e2e tests use the dev
 * route POST /api/dev/applications/{id}/fixtures. Never registered in production. Their schema
 * (`fixturesRequest`) lives in @finportal/contracts/dev, re-exported here for the tests.
 */
export { fixturesRequest, type Fixtures };

/** A finance object that passes every rule of finance-object-rules.ts (a German merchant). */
const DEMO_FINANCE_OBJECT = {
  manufacturer: 'Demo',
  netPurchasePrice: 50_000,
  downPayment: 5_000,
  remainingValue: 10_000,
  objectCount: 1,
  financingType: 'leasing',
  rentalState: 'no',
  isFixedInterest: true,
  merchantName: 'Demo Maschinenhandel GmbH',
  merchantStreet: 'Industriestraße',
  merchantHouseNum: '7',
  merchantCity: 'Stuttgart',
  merchantPostcode: '70565',
  merchantCountry: 'DE',
} as const;

export async function seedApplicationParts(db: Db, applicationId: string, fixtures: Fixtures): Promise<void> {
  const app = (await db.select().from(applications).where(eq(applications.id, applicationId)).limit(1))[0];
  if (!app) throw new Error(`no application ${applicationId}`);
  const base = { applicationId, partnerId: app.partnerId };
  await db.transaction(async (tx) => {
    for (const s of fixtures.signatories ?? []) {
      let userId: string | null = null;
      if (s.user_email) {
        const rows = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.partnerId, app.partnerId), eq(users.email, s.user_email.toLowerCase())))
          .limit(1);
        userId = rows[0]?.id ?? null;
      }
      await tx.insert(signatories).values({
        ...base,
        userId,
        firstName: s.first_name ?? null,
        lastName: s.last_name ?? null,
        email: s.email ?? null,
        telephone: s.telephone ?? null,
        nationality: s.nationality ?? null,
        birthdate: s.birthdate ?? null,
        taxid: s.taxid ?? null,
        street: s.street ?? null,
        streetNumber: s.street_number ?? null,
        postcode: s.postcode ?? null,
        location: s.location ?? null,
        country: s.country ?? null,
        isBeneficialOwner: s.is_beneficial_owner ?? null,
        percentageOwned: s.percentage_owned ?? null,
        isLegalSignatory: s.is_legal_signatory ?? null,
        isContractSignatory: s.is_contract_signatory ?? null,
        isSoleSignatory: s.is_sole_signatory ?? null,
        inviteStatus: s.invite_status ?? (userId ? 'accepted' : 'not_invited'),
        kycStatus: s.kyc_status ?? {},
        requirements: s.requirements ?? null,
        customFields: s.custom_fields_list ?? [],
      });
    }
    for (const d of fixtures.documents ?? []) {
      await tx.insert(documents).values({
        ...base,
        entityId: applicationId,
        documentType: d.document_type,
        documentName: `${d.document_type}.pdf`,
        asOfDate: d.as_of_date ?? null,
        uploadStatus: d.upload_status ?? 'success',
        // A seeded file stands for one uploaded and checked: clean, where a scanner runs as well.
        virusScanStatus: (d.upload_status ?? 'success') === 'success' ? 'not_infected' : 'not_scanned',
        contentType: 'application/pdf',
        sizeBytes: 1024,
      });
    }
    for (let i = 0; i < (fixtures.finance_objects ?? 0); i++) {
      await tx.insert(financeObjects).values({ ...base, ...DEMO_FINANCE_OBJECT, type: `Machine ${i + 1}` });
    }
    for (let i = 0; i < (fixtures.debitors ?? 0); i++) {
      // What a borrower types about their debtors is theirs (ADR 009): owned by the applicant.
      const [company] = await tx
        .insert(companies)
        .values({
          partnerId: app.partnerId,
          name: `Debtor ${i + 1} GmbH`,
          country: 'DE',
          ownerUserId: app.userId,
          createdBy: app.userId,
        })
        .returning({ id: companies.id });
      await tx.insert(factoringDebitors).values({
        ...base,
        companyId: company!.id,
        annualSalesPreviousYear: 100_000,
        currency: app.currency,
      });
    }
    if (fixtures.factoring_details) {
      await tx
        .update(applications)
        .set({ factoringDetails: { ...app.factoringDetails, ...fixtures.factoring_details } })
        .where(eq(applications.id, applicationId));
    }
    // One booked appointment per application (ADR 017): an application that has one keeps it.
    const booked = fixtures.appointment
      ? await tx
          .select({ id: appointments.id })
          .from(appointments)
          .where(and(eq(appointments.applicationId, applicationId), eq(appointments.status, 'booked')))
      : [];
    if (fixtures.appointment && !booked.length) {
      await tx.insert(appointments).values({
        ...base,
        userId: app.userId,
        meetingType: 'telephone',
        meetingTime: new Date(Date.now() + 3 * 86_400_000),
        meetingEnd: new Date(Date.now() + 3 * 86_400_000 + 30 * 60_000),
        firstName: 'Erika',
        lastName: 'Mustermann',
        companyName: 'Demo',
        contactEmail: 'erika@example.com',
        contactPhone: '+49 30 1234567',
      });
    }
    if (fixtures.signatures_completed) await completeSignatures(tx, app);
    if (fixtures.status && fixtures.status !== app.status) {
      // To Submitted: submitted now, as the borrower's submission records it.
      const submitted = fixtures.status === 'Submitted' ? { submittedAt: new Date() } : {};
      await tx
        .update(applications)
        .set({ status: fixtures.status, ...submitted })
        .where(eq(applications.id, applicationId));
      await tx.insert(applicationStatusHistory).values({
        applicationId,
        fromStatus: app.status,
        toStatus: fixtures.status,
        reason: 'dev fixture',
      });
    }
  });
}

/** A valid German personal tax id (ISO 7064 check digit) for signers who have none. */
const DEV_TAX_ID = '86095742719';

/** See `signatures_completed` (contracts dev.ts): every signer signs what is provided now. */
async function completeSignatures(tx: Db, app: typeof applications.$inferSelect): Promise<void> {
  const provided = rowsOf<{ id: string; document_type: string; document_name: string; sha256: string | null }>(
    await tx.execute(sql`
      SELECT DISTINCT ON (document_type) id, document_type, document_name, sha256 FROM documents
      WHERE application_id = ${app.id} AND document_type IN ('loan_contract', 'guarantor_contract')
        AND is_client_visible AND upload_status = 'success' AND deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM signing_records r WHERE r.signed_document_id = documents.id)
      ORDER BY document_type, created_at DESC, id DESC`),
  );
  const guarantee = provided.find((d) => d.document_type === 'guarantor_contract');
  const signers = await tx
    .select()
    .from(signatories)
    .where(and(eq(signatories.applicationId, app.id), eq(signatories.isContractSignatory, true)));
  const now = new Date();
  for (const person of signers) {
    await tx
      .update(signatories)
      .set({
        taxid: person.taxid ?? DEV_TAX_ID,
        kycStatus: { ...person.kycStatus, ident_completed: { is_required: true, is_completed: true } },
        sepaMandateAcceptedAt: now,
        legalSignatureAcceptedAt: now,
        signatureCompletedAt: now,
      })
      .where(eq(signatories.id, person.id));
    await tx.insert(identSessions).values({
      ref: `dev-${randomUUID()}`,
      signatoryId: person.id,
      applicationId: app.id,
      partnerId: app.partnerId,
      userId: person.userId,
      provider: 'idnow',
      kind: 'esign',
      status: 'completed',
      documentIds: provided.map((d) => d.id),
      documentHashes: Object.fromEntries(provided.filter((d) => d.sha256).map((d) => [d.id, d.sha256!])),
      completedAt: now,
    });
    if (guarantee) {
      const [copy] = await tx
        .insert(documents)
        .values({
          applicationId: app.id,
          partnerId: app.partnerId,
          documentType: 'guarantor_contract_signed',
          documentName: `signed-${guarantee.document_name}`,
          uploadStatus: 'success',
          virusScanStatus: 'not_infected',
          contentType: 'application/pdf',
          sizeBytes: 1024,
          createdBy: person.userId,
        })
        .returning({ id: documents.id });
      await tx.insert(signingRecords).values({
        applicationId: app.id,
        partnerId: app.partnerId,
        signatoryId: person.id,
        userId: person.userId,
        documentId: guarantee.id,
        signedDocumentId: copy!.id,
        provider: 'offline',
        method: 'offline',
        sha256Before: guarantee.sha256 ?? '0'.repeat(64),
        signedAt: now,
      });
    }
  }
  await enqueue(tx, SIGNING_COMPLETE_CHECK, { application_id: app.id });
}
