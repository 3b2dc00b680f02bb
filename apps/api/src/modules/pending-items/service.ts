import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { availableScanStatuses } from '@finportal/contracts/document-rules';
import { checksFor, documentCategoriesFor } from '@finportal/contracts/partner-products';
import {
  DEBT_REGISTER_DOCUMENT_TYPE,
  DEBT_REGISTER_MAX_AGE_DAYS,
  PENDING_ACTION_STEP,
  type NextStatusValidateResponse,
  type PendingActionName,
  type PendingError,
} from '@finportal/contracts/pending-items';
import type { ProductType } from '@finportal/contracts/products';
import type { KycStep } from '@finportal/contracts/representative-schemas';
import { openSteps } from '@finportal/contracts/signature-steps';
import { representativeListIssues } from '@finportal/contracts/representative-list-rules';
import { representativeIssues } from '@finportal/contracts/representatives';
import { factoringDetailsIssues } from '@finportal/contracts/factoring-rules';
import { customFieldIssues } from '@finportal/contracts/signatory-custom-fields';
import { nextStatusOf } from '@finportal/contracts/application/workflow';
import { isClosedStatus } from '@finportal/contracts/statuses';
import { rowsOf, type Db } from '../../db/client.js';
import { documents, financeObjects, signatories } from '../../db/schema.js';
import { openRequestsOf } from '../data-requests/public.js';
import { detailsOf, type DetailsRow } from '../factoring/public.js';
import type { AppContext } from '../../platform/context.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { ApplicationsService } from '../applications/public.js';
import {
  guaranteesRequired,
  listEntryOf,
  representativeContext,
  signatoryCustomFieldsOf,
  valuesOf,
} from '../representatives/public.js';
import { loadSigning } from '../representatives/public.js';

/** The list rules that belong to the signatories-specified step; the others are representative data. */
const SPECIFIED_CODES: ReadonlySet<string> = new Set([
  'err_no_signatories',
  'err_application_signatories_sole_or_atleast_2',
]);

type DocumentRow = Pick<typeof documents.$inferSelect, 'documentType' | 'asOfDate'>;

/** What the checks need to know about an application besides its related tables. */
export interface PendingItemsInput {
  applicationId: string;
  status: string;
  productType: ProductType;
  /** The loan type (which signatory custom fields the representatives answer). */
  loanType: string;
  bankName: string | null;
  iban: string | null;
  companyTaxId: string | null;
  annualSalesPreviousYear: number | null;
  factoringDetails: Record<string, unknown>;
  /** The annual statements' base year the customer chose; null: the configured one. */
  annualStatementBaseYear: number | null;
  emailConfirmed: boolean;
  /** A virus scanner is configured (which files are available: contracts document-rules.ts). */
  scannerConfigured: boolean;
}

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** YYYY-MM-DD of `now` minus `days` (UTC), to compare with as-of dates. */
function daysAgo(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The state of one document type among the uploaded, not infected documents: `current` when one
 * is recent enough (or the type has no age limit), `outdated` when there are only older or
 * undated ones, `missing` when there is none.
 */
function documentState(
  docs: DocumentRow[],
  type: string,
  maxAgeDays: number | null,
  now: Date,
): 'current' | 'outdated' | 'missing' {
  const ofType = docs.filter((d) => d.documentType === type);
  if (ofType.length === 0) return 'missing';
  if (maxAgeDays === null) return 'current';
  const oldest = daysAgo(now, maxAgeDays);
  return ofType.some((d) => d.asOfDate !== null && d.asOfDate >= oldest) ? 'current' : 'outdated';
}

/**
 * GET next_status_validate: the pending actions of an application, computed from its real
 * state. Open applications are checked for submission (next status Submitted), applications at
 * Signature for the signature steps (next status Final_Review); an unverified e-mail adds its
 * step to every application that is not closed. Everything else has no borrower step left.
 * A closed application (Rejected) has nothing pending at all: it has no next status, so nothing
 * is missing before it (the e-mail step stays on the other applications and the settings page).
 */
export async function computePendingItems(
  db: Db,
  partner: Partner,
  app: PendingItemsInput,
  now: Date = new Date(),
): Promise<NextStatusValidateResponse> {
  if (isClosedStatus(app.status)) return { pending_actions: [], next_status: null };
  const nextStatus = nextStatusOf(app.status);
  const checks = checksFor(partner, app.productType);
  const found = new Map<PendingActionName, PendingError[]>();
  const add = (action: PendingActionName, code: string, values: string[] = []) => {
    const list = found.get(action) ?? [];
    list.push({ code, values });
    found.set(action, list);
  };

  if (!app.emailConfirmed) add('email_verification', 'err_email_not_confirmed');

  // What the back office asked for (issue 13), in any status until the application closes.
  const requests = await openRequestsOf(db, app.applicationId);
  const documentTypes = [
    ...new Set(requests.flatMap((r) => (r.kind === 'document' && r.documentType ? [r.documentType] : []))),
  ];
  if (documentTypes.length) add('requested_documents', 'err_document_requested', documentTypes);
  const information = requests.filter((r) => r.kind === 'information').map((r) => r.id);
  if (information.length) add('requested_information', 'err_information_requested', information);

  if (app.status === 'Open') {
    if (checks.has('bank_information')) {
      if (isBlank(app.bankName)) add('bank_information', 'err_no_bank_name');
      if (isBlank(app.iban)) add('bank_information', 'err_no_iban');
    }
    if (checks.has('company_tin') && isBlank(app.companyTaxId)) add('company_tin', 'err_company_tax_id_missing');

    if (checks.has('representatives') || checks.has('representative_data')) {
      const rows = await db
        .select()
        .from(signatories)
        .where(eq(signatories.applicationId, app.applicationId))
        .orderBy(asc(signatories.createdAt), asc(signatories.id));
      // The list rules and field rules of contracts (ADR 014), as the Representatives tab shows them.
      const listIssues = representativeListIssues(rows.map(listEntryOf), {
        guaranteesRequired: guaranteesRequired(partner, app.productType),
      });
      let specifiedPending = false;
      if (checks.has('representatives')) {
        for (const issue of listIssues.filter((i) => SPECIFIED_CODES.has(i.code))) {
          add('signatories_specified', issue.code, issue.signatoryIds);
          specifiedPending = true;
        }
      }
      // The minimum-data check is hidden while signatories-specified is pending (spec 1 section 4).
      if (checks.has('representative_data') && !specifiedPending) {
        const context = { ...representativeContext(partner, app.companyTaxId), now };
        const customFields = signatoryCustomFieldsOf(partner, app.loanType);
        const incomplete = rows.filter(
          (row) =>
            representativeIssues(valuesOf(row), context).length > 0 ||
            customFieldIssues(row.customFields, customFields, now).length > 0,
        );
        if (incomplete.length) {
          add(
            'signatories_minimum_data',
            'err_signatory_data_missing',
            incomplete.map((row) => row.id),
          );
        }
        for (const issue of listIssues.filter((i) => !SPECIFIED_CODES.has(i.code))) {
          add('signatories_minimum_data', issue.code, issue.signatoryIds);
        }
      }
    }

    if (checks.has('documents') || checks.has('debt_register')) {
      const docs = await db
        .select({ documentType: documents.documentType, asOfDate: documents.asOfDate })
        .from(documents)
        .where(
          and(
            eq(documents.applicationId, app.applicationId),
            isNull(documents.deletedAt),
            isNull(documents.rejectedAt),
            eq(documents.uploadStatus, 'success'),
            // Only available files count (one rule: contracts isFileAvailable); one being checked counts once it is clean.
            inArray(documents.virusScanStatus, [...availableScanStatuses(app.scannerConfigured)]),
          ),
        );
      const types = documentCategoriesFor(partner, app.productType, app.annualStatementBaseYear).flatMap(
        (c) => c.document_types,
      );
      if (checks.has('documents')) {
        const required = types
          .filter((t) => t.is_required)
          .filter((t) => !(checks.has('debt_register') && t.document_type === DEBT_REGISTER_DOCUMENT_TYPE))
          .map((t) => ({ type: t.document_type, state: documentState(docs, t.document_type, t.max_age_days, now) }));
        const missing = required.filter((r) => r.state === 'missing').map((r) => r.type);
        const outdated = required.filter((r) => r.state === 'outdated').map((r) => r.type);
        if (missing.length) add('required_documents', 'err_required_documents_missing', missing);
        if (outdated.length) add('required_documents', 'err_documents_outdated', outdated);
      }
      if (checks.has('debt_register')) {
        const configured = types.find((t) => t.document_type === DEBT_REGISTER_DOCUMENT_TYPE);
        const maxAge = configured?.max_age_days ?? DEBT_REGISTER_MAX_AGE_DAYS;
        const state = documentState(docs, DEBT_REGISTER_DOCUMENT_TYPE, maxAge, now);
        if (state !== 'current') {
          const code = state === 'outdated' ? 'err_documents_outdated' : 'err_debt_registry_missing';
          add('debt_register', code, [DEBT_REGISTER_DOCUMENT_TYPE]);
        }
      }
    }

    if (checks.has('objects') && app.productType === 'object_financing') {
      const [row] = await db
        .select({ n: count() })
        .from(financeObjects)
        .where(eq(financeObjects.applicationId, app.applicationId));
      if (!row?.n) add('finance_objects', 'err_finance_objects_missing');
    }

    if (checks.has('factoring') && app.productType === 'factoring') {
      // The three cards judged as if saved now (contracts factoring-rules.ts, ADR 018): the fields
      // with an issue; and at least one debtor (at most the partner's maximum, the top 5).
      const [row] = rowsOf<DetailsRow & { debitors: number }>(
        await db.execute(sql`
          SELECT a.has_international_customers, a.annual_sales_previous_year, a.annual_sales_previous_year_abroad,
                 a.factoring_details,
                 (SELECT count(*)::int FROM factoring_debitors d WHERE d.application_id = a.id) AS debitors
          FROM applications a WHERE a.id = ${app.applicationId}`),
      );
      const fields = row ? factoringDetailsIssues(detailsOf(row)).map((issue) => issue.field) : [];
      if (fields.length) add('factoring_details', 'err_factoring_details_missing', fields);
      if (!row?.debitors) add('factoring_details', 'err_factoring_debitors_missing');
    }
  }

  if (app.status === 'Signature' && checks.has('signature')) {
    // The signing steps computed from real data (platform/signing-states.ts, ADR 020).
    const { rows, states } = await loadSigning(db, partner, {
      id: app.applicationId,
      productType: app.productType,
      scannerConfigured: app.scannerConfigured,
    });
    const open = (step: KycStep) =>
      rows.filter((s) => openSteps(states.get(s.id)?.steps ?? {}, [step]).length > 0).map((s) => s.id);
    const withoutTaxId = open('tax_id_specified');
    if (withoutTaxId.length) add('signatory_tax_ids', 'err_signatory_without_tax_id', withoutTaxId);
    const ident = open('ident_completed');
    if (ident.length) add('identification_completed', 'err_identification_not_done', ident);
    const sepa = open('sepa_mandate_accepted');
    if (sepa.length) add('payment_mandate_accepted', 'err_sepa_mandate_not_accepted', sepa);
    const guarantor = open('guarantor_contract_uploaded');
    if (guarantor.length) add('guarantor_contract_uploaded', 'err_guarantor_contract_missing', guarantor);
  }

  const order = Object.keys(PENDING_ACTION_STEP) as PendingActionName[];
  return {
    pending_actions: order
      .filter((action) => found.has(action))
      .map((action) => ({
        action,
        step: PENDING_ACTION_STEP[action],
        errors: found.get(action) ?? [],
        next_status: nextStatus,
      })),
    next_status: nextStatus,
  };
}

/**
 * GET next_status_validate for the borrower: the pending items of an application they may see
 * (owner or accepted signatory; 404 otherwise), computed from its real state.
 */
export class PendingItemsService {
  private readonly applications: ApplicationsService;

  constructor(private readonly ctx: AppContext) {
    this.applications = new ApplicationsService(ctx);
  }

  async nextStatus(partner: Partner, user: SessionUser, id: string): Promise<NextStatusValidateResponse> {
    const { record: r } = await this.applications.access(partner, user, id);
    return computePendingItems(
      this.ctx.db,
      partner,
      {
        applicationId: r.id,
        status: r.status,
        productType: r.product_type,
        loanType: r.loan_type,
        bankName: r.bank_name,
        iban: r.iban,
        companyTaxId: r.tax_id_number,
        annualSalesPreviousYear: r.annual_sales_previous_year === null ? null : Number(r.annual_sales_previous_year),
        factoringDetails: r.factoring_details,
        annualStatementBaseYear: r.annual_statement_base_year,
        emailConfirmed: user.emailConfirmedAt !== null,
        scannerConfigured: !!this.ctx.virusScanner,
      },
      this.ctx.clock.now(),
    );
  }
}
