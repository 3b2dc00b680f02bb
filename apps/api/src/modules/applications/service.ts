import { eq } from 'drizzle-orm';
import type {
  AllowedUpdate,
  Application,
  ApplicationListItem,
  CustomFieldEntry,
  UpdateCompanyTaxIdRequest,
} from '@finportal/contracts/applications';
import type { LoanType } from '@finportal/contracts/partner';
import type { Pricing } from '@finportal/contracts/offers';
import type { ProductType } from '@finportal/contracts/products';
import { allowedUpdatesFor, borrowerActions, type ApplicationRole } from '@finportal/contracts/application/policies';
import { isAtOrAfter, isClosedStatus, statusFlowFor } from '@finportal/contracts/statuses';
import { companyTaxNumberError, sameTaxId } from '@finportal/contracts/validators';
import { companies, signatories } from '../../db/schema.js';
import type { UserActor } from '../../platform/actor.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { rejectionValues } from '../offers/public.js';
import { documentConfigurationsFor } from '@finportal/contracts/partner-products';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

/** Columns of one application as the dashboard needs them (one statement, see loadRow). */
export interface ApplicationRecord {
  id: string;
  short_id: string;
  user_id: string;
  company_id: string;
  status: string;
  loan_type: LoanType;
  product_type: ProductType;
  amount: number | null;
  duration_months: number | null;
  display_duration_unit: 'months' | 'years';
  currency: Application['currency'];
  purpose_select: string | null;
  factoring_limit: string | number | null;
  has_international_customers: boolean | null;
  annual_sales_previous_year: string | number | null;
  annual_sales_previous_year_abroad: string | number | null;
  pricing: Pricing | null;
  factoring_fee_rate: string | number | null;
  annual_factoring_fee: string | number | null;
  rejection_reason: string | null;
  is_dynamic_form: boolean;
  custom_fields: CustomFieldEntry[];
  bank_name: string | null;
  iban: string | null;
  factoring_details: Record<string, unknown>;
  annual_statement_base_year: number | null;
  created_at: Date | string;
  company_name: string;
  company_type: string | null;
  street: string | null;
  house_number: string | null;
  postcode: string | null;
  city: string | null;
  country: string;
  register_number: string | null;
  foundation_date: string | null;
  tax_id_number: string | null;
  company_custom_fields: CustomFieldEntry[];
  signatory_id: string | null;
  invite_status: 'not_invited' | 'not_accepted' | 'expired' | 'accepted' | null;
  has_requirements: boolean | null;
  is_appointment_created: boolean;
  final_interest_rate: string | number | null;
  final_transaction_fee: string | number | null;
  final_monthly_payment: string | number | null;
  offer_accepted_at: Date | string | null;
}

/** An application the current user may see, with their role and permissions. */
export interface ApplicationAccess {
  record: ApplicationRecord;
  role: ApplicationRole;
  allowed: AllowedUpdate[];
}

// Owner, or accepted signatory (ARCHITECTURE.md, tenancy): anything else is "not found".
const LOAD_APPLICATION = `
  SELECT a.id, a.short_id, a.user_id, a.company_id, a.status, a.loan_type, a.product_type, a.amount,
         a.duration_months, a.display_duration_unit, a.currency, a.purpose_select, a.factoring_limit,
         a.has_international_customers, a.annual_sales_previous_year, a.annual_sales_previous_year_abroad,
         a.pricing, a.factoring_fee_rate, a.annual_factoring_fee, a.rejection_reason, a.is_dynamic_form, a.custom_fields, a.bank_name, a.iban, a.factoring_details, a.annual_statement_base_year, a.created_at,
         a.final_interest_rate, a.final_transaction_fee, a.final_monthly_payment, a.offer_accepted_at,
         c.name AS company_name, c.company_type, c.street, c.house_number, c.postcode, c.city, c.country,
         c.register_number, to_char(c.foundation_date, 'YYYY-MM-DD') AS foundation_date, c.tax_id_number,
         c.custom_fields AS company_custom_fields,
         s.id AS signatory_id, s.invite_status,
         -- A signer has signing requirements (issue 14, ADR 020: computed from data, not stored).
         (s.is_contract_signatory IS TRUE) AS has_requirements,
         EXISTS (SELECT 1 FROM appointments p WHERE p.application_id = a.id AND p.status = 'booked') AS is_appointment_created
  FROM applications a
  JOIN companies c ON c.id = a.company_id
  LEFT JOIN LATERAL (
    SELECT id, invite_status, is_contract_signatory FROM signatories
    WHERE application_id = a.id AND user_id = $3 AND invite_status = 'accepted'
    LIMIT 1
  ) s ON true
  WHERE a.id = $1 AND a.partner_id = $2 AND (a.user_id = $3 OR s.id IS NOT NULL)`;

interface ListRow {
  id: string;
  short_id: string;
  status: string;
  created_at: Date | string;
  currency: Application['currency'];
  loan_type: LoanType;
  product_type: ProductType;
  amount: number | null;
  factoring_limit: string | number | null;
  company_name: string;
  annual_statement_base_year: number | null;
  is_owner: boolean;
}

// Two index range scans (own applications; applications where the user is an accepted
// signatory) instead of one OR that would scan every application of the partner. DISTINCT:
// a user linked to two representatives of one application still sees it once.
const LIST_APPLICATIONS = `
  SELECT a.id, a.short_id, a.status, a.created_at, a.currency, a.loan_type, a.product_type, a.amount,
         a.factoring_limit, a.annual_statement_base_year, c.name AS company_name, true AS is_owner
  FROM applications a JOIN companies c ON c.id = a.company_id
  WHERE a.partner_id = $1 AND a.user_id = $2
  UNION ALL
  SELECT a.id, a.short_id, a.status, a.created_at, a.currency, a.loan_type, a.product_type, a.amount,
         a.factoring_limit, a.annual_statement_base_year, c.name AS company_name, false AS is_owner
  FROM (SELECT DISTINCT application_id FROM signatories WHERE user_id = $2 AND invite_status = 'accepted') s
  JOIN applications a ON a.id = s.application_id
  JOIN companies c ON c.id = a.company_id
  WHERE a.partner_id = $1 AND a.user_id <> $2
  ORDER BY created_at DESC, id`;

/** The fields the list and the overview share ("Application (list/overview)" of spec 1 section 3). */
function listItem(
  partner: Partner,
  r: Pick<
    ListRow,
    | 'id'
    | 'short_id'
    | 'status'
    | 'created_at'
    | 'currency'
    | 'loan_type'
    | 'product_type'
    | 'annual_statement_base_year'
  > & {
    amount: number | null;
    factoring_limit: string | number | null;
    company_name: string;
  },
  allowed: AllowedUpdate[],
): ApplicationListItem {
  return {
    applicationId: r.id,
    shortApplicationId: r.short_id,
    status: r.status,
    status_flow: statusFlowFor(r.product_type).map((status_name) => ({ status_name })),
    created: iso(r.created_at),
    currency: r.currency,
    allBanksLoanPurpose: r.loan_type,
    // Loan amount, or the factoring limit for factoring.
    amount: r.loan_type === 'factoring' ? num(r.factoring_limit) : num(r.amount),
    companyName: r.company_name,
    allowed_updates: allowed,
    document_configurations: documentConfigurationsFor(partner, r.product_type, r.annual_statement_base_year),
  };
}

export class ApplicationsService {
  constructor(private readonly ctx: AppContext) {}

  /** GET /user/applications: own applications and those where the user is an accepted signatory, newest first. */
  async list(partner: Partner, user: SessionUser): Promise<ApplicationListItem[]> {
    const rows = await this.ctx.database.query<ListRow>(LIST_APPLICATIONS, [partner.key, user.id]);
    return rows.map((r) => listItem(partner, r, allowedUpdatesFor(r.status, r.is_owner ? 'owner' : 'signatory')));
  }

  /** The application if the user may see it (owner or accepted signatory of this partner), else 404. */
  async access(partner: Partner, user: SessionUser, id: string): Promise<ApplicationAccess> {
    const record = UUID.test(id)
      ? (await this.ctx.database.query<ApplicationRecord>(LOAD_APPLICATION, [id, partner.key, user.id]))[0]
      : undefined;
    if (!record) throw new AppError('err_entity_not_found', 404);
    const role: ApplicationRole = record.user_id === user.id ? 'owner' : 'signatory';
    return { record, role, allowed: allowedUpdatesFor(record.status, role) };
  }

  /** Refuses a write the application's allowed_updates do not contain (403, nothing changed). */
  requirePermission(access: ApplicationAccess, permission: AllowedUpdate): void {
    if (!access.allowed.includes(permission)) throw new AppError('err_no_permission', 403);
  }

  async get(partner: Partner, user: SessionUser, id: string): Promise<Application> {
    const access = await this.access(partner, user, id);
    // What the borrower may do now: the workflow's moves for them, with their guards judged.
    const moves = await this.ctx.workflow.available(this.ctx.db, id, { kind: 'user', user, partner });
    const actions = borrowerActions(moves);
    return { ...this.view(partner, access), actions };
  }

  view(partner: Partner, { record: r, role, allowed }: ApplicationAccess): Omit<Application, 'actions'> {
    const isFactoring = r.loan_type === 'factoring';
    const closed = isClosedStatus(r.status);
    // The indicative offer as the result page showed it (offers/service toCreated): only where the
    // partner shows one, and not once the application is closed.
    const showOffer = partner.show_indicative_offer && !closed;
    return {
      ...listItem(partner, r, allowed),
      application_id: r.id,
      product: { product_id: r.product_type },
      loanSize: r.amount,
      loanDuration: r.duration_months,
      display_duration_unit: r.display_duration_unit,
      purposeSelect: r.purpose_select,
      pricing: showOffer ? r.pricing : null,
      rejection_reason: closed ? r.rejection_reason : null,
      rejection_values: closed ? rejectionValues(partner, r.rejection_reason, r.loan_type, r.currency) : null,
      company_id: r.company_id,
      companyType: r.company_type,
      street: r.street,
      houseNumber: r.house_number,
      companyPostCode: r.postcode,
      companyLocation: r.city,
      companyCountry: r.country,
      hrNumber: r.register_number,
      companyFoundationDate: r.foundation_date,
      taxIdNumber: r.tax_id_number,
      bankName: r.bank_name,
      iban: r.iban,
      custom_fields_list: r.custom_fields,
      company_custom_fields: r.company_custom_fields,
      is_appointment_created: r.is_appointment_created,
      is_dynamic_form: r.is_dynamic_form,
      factoring: isFactoring
        ? {
            factoring_limit: num(r.factoring_limit),
            has_international_customers: r.has_international_customers,
            annual_sales_previous_year: num(r.annual_sales_previous_year),
            annual_sales_previous_year_abroad: num(r.annual_sales_previous_year_abroad),
            factoring_fee_rate: showOffer ? num(r.factoring_fee_rate) : null,
            annual_factoring_fee: showOffer ? num(r.annual_factoring_fee) : null,
          }
        : null,
      is_owner: role === 'owner',
      current_signatory:
        r.signatory_id && r.invite_status
          ? { signatory_id: r.signatory_id, invite_status: r.invite_status, has_requirements: !!r.has_requirements }
          : null,
      final_offer: finalOfferOf(r),
    };
  }

  /** PATCH /user/applications/{id}: the company tax number (needs taxIdNumber). */
  async updateTaxId(
    partner: Partner,
    user: SessionUser,
    id: string,
    body: UpdateCompanyTaxIdRequest,
    ip: string,
  ): Promise<Application> {
    const access = await this.access(partner, user, id);
    this.requirePermission(access, 'taxIdNumber');
    const taxId = body.taxIdNumber.trim();
    // Judged by the company's country (issue 26): the Swiss UID, the Austrian and Polish forms...
    const form = companyTaxNumberError(taxId, access.record.country);
    if (form) throw AppError.field(form.code, 'taxIdNumber');
    const personal = await this.ctx.db
      .select({ taxid: signatories.taxid })
      .from(signatories)
      .where(eq(signatories.applicationId, access.record.id));
    if (personal.some((s) => s.taxid && sameTaxId(s.taxid, taxId))) {
      throw AppError.field('err_tax_ids_must_differ', 'taxIdNumber');
    }
    await this.ctx.db.transaction(async (tx) => {
      await tx
        .update(companies)
        .set({ taxIdNumber: taxId, updatedAt: new Date() })
        .where(eq(companies.id, access.record.company_id));
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'application.tax_id_updated',
        entity: 'company',
        entityId: access.record.company_id,
        data: { application_id: access.record.id },
        ip,
      });
    });
    return this.get(partner, user, id);
  }

  /**
   * PATCH /user/applications/{id}/status: the borrower's move (the submission, the acceptance of
   * the final offer) through the workflow's one command (issue 24, ADR 021): the actor, the graph
   * and the guards are judged there, with the application row locked, so concurrent submissions
   * move it exactly once and the others get err_status_change_not_allowed.
   */
  async changeStatus({ actor, applicationId, status }: { actor: UserActor; applicationId: string; status: string }) {
    await this.access(actor.partner, actor.user, applicationId);
    await this.ctx.workflow.run({ actor, applicationId, to: status });
    return this.get(actor.partner, actor.user, applicationId);
  }
}

/** The final offer once the application reached Offer_Available with the final pricing set (not when closed). */
function finalOfferOf(r: ApplicationRecord): Application['final_offer'] {
  if (r.final_interest_rate === null || isClosedStatus(r.status) || !isAtOrAfter(r.status, 'Offer_Available')) {
    return null;
  }
  const rate = Number(r.final_interest_rate);
  const isFactoring = r.loan_type === 'factoring';
  const limit = num(r.factoring_limit);
  return {
    interest_rate: rate,
    transaction_fee: Number(r.final_transaction_fee ?? 0),
    monthly_payment: isFactoring ? null : num(r.final_monthly_payment),
    annual_factoring_fee: isFactoring && limit !== null ? Math.round(limit * rate) / 100 : null,
    is_final_interest_rate: true,
    is_final_transaction_fee: true,
    accepted_at: r.offer_accepted_at ? iso(r.offer_accepted_at) : null,
  };
}
