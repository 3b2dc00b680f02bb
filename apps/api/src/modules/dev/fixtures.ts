import { and, eq } from 'drizzle-orm';
import { fixturesRequest, type Fixtures } from '@finportal/contracts/dev';
import type { Db } from '../../db/client.js';
import {
  applications,
  applicationStatusHistory,
  appointments,
  companies,
  documents,
  factoringDebitors,
  financeObjects,
  signatories,
  users,
} from '../../db/schema.js';

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
