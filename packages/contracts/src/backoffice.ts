import { z } from 'zod';
import { CASE_CAPABILITIES, type CaseCapability } from './application/policies.js';
import { multilineText, text } from './text.js';
import { applicationSchema } from './applications.js';
import { appointmentSchema } from './appointments.js';
import {
  BACKOFFICE_PERMISSIONS,
  PARTNER_ROLES,
  STAFF_KINDS,
  type BackofficePermission,
} from './backoffice-permissions.js';
import { dataRequestSchema } from './data-requests.js';
import { debitorsResponse } from './debitors.js';
import { documentSchema } from './documents.js';
import { factoringDetailsResponse } from './factoring.js';
import { financeObjectsResponse } from './finance-objects.js';
import { nextStatusValidateResponse } from './pending-items.js';
import { signatoriesResponse } from './representative-schemas.js';
import { RAW_STATUSES } from './statuses.js';

/**
 * The back office's calls under /api/backoffice (issue 13, ADR 019): staff login with a one-time
 * code, the queue, the case page, status moves, pricing, assignment and the audit trail. Who may
 * call what is `backoffice-permissions.ts`.
 */

const DISPLAY_GROUPS = [
  'not_completed',
  'in_review',
  'waiting_for_signatures',
  'in_review_after_signature',
  'signed',
  'paid_out',
  'closed',
] as const;

/** POST /backoffice/login: password and the current code of the authenticator app (RFC 6238, 6 digits). */
export const staffLoginRequest = z.object({
  email: z.string({ error: 'err_required' }).trim().toLowerCase().max(250).email({ error: 'err_invalid_email' }),
  password: z.string({ error: 'err_required' }).min(1, { error: 'err_required' }).max(254),
  code: z
    .string({ error: 'err_required' })
    .trim()
    .regex(/^\d{6}$/, { error: 'err_mfa_code_invalid' }),
});
export type StaffLoginRequest = z.input<typeof staffLoginRequest>;

/** GET /backoffice/me and the login's answer: who is logged in and what they may do. */
export const staffProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  kind: z.enum(STAFF_KINDS),
  role: z.enum(PARTNER_ROLES).nullable(),
  /** The partner of a puser; null for a bouser (every partner). */
  partner_id: z.string().nullable(),
  /** The partner of the host this session belongs to. */
  host_partner_id: z.string(),
  permissions: z.array(z.enum(BACKOFFICE_PERMISSIONS)),
  /** The partners this person sees (a bouser: all, a puser: its own). */
  partners: z.array(z.object({ key: z.string(), display_name: z.string() })),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;
export type { BackofficePermission };

export const QUEUE_SORTS = [
  'created',
  '-created',
  'status_since',
  '-status_since',
  'amount',
  '-amount',
  'company',
  '-company',
] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

const optionalFilter = text()
  .max(64)
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/**
 * GET /backoffice/applications (and .../applications.csv): the queue's filters. `assignee` is
 * `me`, `none` or a staff id; `min_age_days` keeps cases whose current status is at least that
 * many days old; `q` searches the company name and the short id.
 */
export const queueQuery = z.object({
  group: z.enum(DISPLAY_GROUPS).optional(),
  status: z.enum(RAW_STATUSES).optional(),
  partner: optionalFilter,
  product: optionalFilter,
  assignee: optionalFilter,
  min_age_days: z.coerce.number().int().min(0).max(3650).optional(),
  q: text().trim().max(100).optional(),
  sort: z.enum(QUEUE_SORTS).default('-status_since'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  /**
   * Keyset paging (ADR 041): the page after the row `after` names, or before the row `before`
   * names (the `next_cursor` / `prev_cursor` of an answer, opaque). Without either, `page` is
   * read as an offset.
   */
  after: text().max(400).optional(),
  before: text().max(400).optional(),
});
export type QueueQuery = z.input<typeof queueQuery>;
export type QueueFilter = z.output<typeof queueQuery>;

export const staffRefSchema = z.object({ id: z.string(), email: z.string() });

export const queueItemSchema = z.object({
  id: z.string(),
  short_id: z.string(),
  partner_id: z.string(),
  company_name: z.string(),
  loan_type: z.string(),
  product_type: z.string(),
  amount: z.number().nullable(),
  currency: z.string(),
  status: z.string(),
  display_group: z.string(),
  /** ISO 8601: when the application was created, submitted, and entered its current status. */
  created_at: z.string(),
  submitted_at: z.string().nullable(),
  status_since: z.string(),
  assignee: staffRefSchema.nullable(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/** The queue counts exactly up to this many cases; beyond, `total` is this and `total_exact` false ("10,000+"). */
export const QUEUE_COUNT_LIMIT = 10_000;

export const queueResponse = z.object({
  items: z.array(queueItemSchema),
  /** The number of matching cases, exact while `total_exact`; at most QUEUE_COUNT_LIMIT otherwise. */
  total: z.number().int(),
  total_exact: z.boolean(),
  /** A page follows this one. */
  has_more: z.boolean(),
  /** The `after` of the next page and the `before` of the previous one (null: none). */
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
});
export type QueueResponse = z.infer<typeof queueResponse>;

export const caseParams = z.object({ id: z.string().max(64) });
export const caseDocumentParams = z.object({ id: z.string().max(64), documentId: z.string().max(64) });
export const caseRequestParams = z.object({ id: z.string().max(64), requestId: z.string().max(64) });

export const statusHistoryEntrySchema = z.object({
  from_status: z.string().nullable(),
  to_status: z.string(),
  reason: z.string().nullable(),
  /** Who moved it: a staff member, the borrower (`user`) with their e-mail, or the system (no e-mail). */
  changed_by: z.object({ kind: z.enum(['staff', 'user', 'system']), email: z.string().nullable() }).nullable(),
  created_at: z.string(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;

/** The final pricing the back office set; null before. */
export const finalPricingSchema = z.object({
  interest_rate: z.number(),
  transaction_fee: z.number(),
  monthly_payment: z.number().nullable(),
  set_by: staffRefSchema,
  set_at: z.string(),
});
export type FinalPricing = z.infer<typeof finalPricingSchema>;

/** GET /backoffice/applications/{id}: everything the borrower entered, and the case's workflow. */
export const caseResponse = z.object({
  case: queueItemSchema.extend({
    /** The application as the borrower's dashboard reads it. */
    application: applicationSchema,
    owner: z.object({ id: z.string(), email: z.string(), communication_language: z.string() }),
    representatives: signatoriesResponse,
    /** Every document, also those the borrower does not see. */
    documents: z.array(documentSchema),
    finance_objects: financeObjectsResponse.nullable(),
    factoring: factoringDetailsResponse.nullable(),
    debitors: debitorsResponse.nullable(),
    appointment: appointmentSchema.nullable(),
    /** The pending items as the borrower sees them. */
    pending: nextStatusValidateResponse,
    status_history: z.array(statusHistoryEntrySchema),
    /** The back office's requests to the borrower, open ones first. */
    requests: z.array(dataRequestSchema),
    final_pricing: finalPricingSchema.nullable(),
    pricing_bounds: z.object({
      interest_rate_min: z.number(),
      interest_rate_max: z.number(),
      transaction_fee_max: z.number(),
    }),
    /**
     * The labels of the partner's custom fields by field id (its application and signatory forms),
     * per language: the case page names the answers in `application.custom_fields_list` with them.
     */
    custom_field_labels: z.record(z.string(), z.record(z.string(), z.string())),
    /**
     * The statuses this person may move the case to now: the workflow's moves that are theirs,
     * every guard holding (four eyes, final pricing, signatures complete). Contracts
     * application/workflow.ts; the screen renders it and re-derives nothing.
     */
    allowed_transitions: z.array(z.string()),
    /** Every move that is this person's from the current status, with the code that blocks it (null: open). */
    transitions: z.array(z.object({ to: z.string(), blocked_by: z.string().nullable() })),
    /**
     * What follows the newest status move (e-mails, webhooks, invitations) is still being done by
     * its job: the page shows so and reads the case again until it is done (issue 24).
     */
    followers_pending: z.boolean(),
    /** What this person may do on the case in its status (contracts application/policies.ts). */
    capabilities: z.object(
      Object.fromEntries(CASE_CAPABILITIES.map((c) => [c, z.boolean()])) as Record<CaseCapability, z.ZodBoolean>,
    ),
  }),
});
export type CaseResponse = z.infer<typeof caseResponse>;
export type CaseDetail = CaseResponse['case'];

const reasonSchema = multilineText({ error: 'err_required' })
  .trim()
  .min(3, { error: 'err_too_short' })
  .max(1000, { error: 'err_too_long' });

/** PATCH /backoffice/applications/{id}/status: the move and why (the reason is kept in the history). */
export const changeStatusRequest = z.object({
  status: z.enum(RAW_STATUSES, { error: 'err_status_change_not_allowed' }),
  reason: reasonSchema,
});
export type ChangeStatusRequest = z.input<typeof changeStatusRequest>;

/** PUT /backoffice/applications/{id}/pricing (rules: pricing-rules.ts). */
export const setPricingRequest = z.object({
  interest_rate: z.number({ error: 'err_interest_rate_required' }).nullable(),
  transaction_fee: z.number({ error: 'err_transaction_fee_required' }).nullable(),
});
export type SetPricingRequest = z.input<typeof setPricingRequest>;

/** POST /backoffice/applications/{id}/assign: take the case (`me`), give it to a colleague, or hand it back (null). */
export const assignRequest = z.object({ assignee: z.union([z.literal('me'), text().max(64), z.null()]) });
export type AssignRequest = z.input<typeof assignRequest>;

export const auditQuery = z.object({
  application_id: text().max(64),
  page_size: z.coerce.number().int().min(1).max(500).default(200),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  /** Who: `staff`, `user` (borrower or representative) or `system` (a job), with the e-mail where known. */
  actor: z.object({ kind: z.enum(['staff', 'user', 'system']), email: z.string().nullable() }),
  entity: z.string().nullable(),
  entity_id: z.string().nullable(),
  /** What changed, masked (IBAN, tax ids, birth dates). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponse = z.object({ entries: z.array(auditEntrySchema) });
export type AuditResponse = z.infer<typeof auditResponse>;

export const okResponse = z.object({ ok: z.literal(true) });

/** GET /backoffice/applications.csv: the filtered queue (every page, streamed; ADR 041) as CSV. */
export const queueCsvResponse = {
  description: 'The filtered queue as CSV (UTF-8 with BOM, comma-separated, one row per application)',
  content: { 'text/csv': { schema: z.string() } },
};

/** The contracts the back office generates or uploads (issue 13); documents of these types. */
export const CONTRACT_KINDS = ['loan_contract', 'guarantor_contract'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];
export const contractParams = z.object({ id: z.string().max(64), kind: z.enum(CONTRACT_KINDS) });
/** PUT .../contracts/{kind}: the PDF as the body (application/pdf), its name in the query. */
export const contractUploadQuery = z.object({
  file_name: text()
    .trim()
    .min(1)
    .max(200)
    .regex(/\.pdf$/i, { error: 'err_invalid_upload_type' })
    .default('contract.pdf'),
});
/** The largest contract PDF the back office uploads. */
export const CONTRACT_MAX_BYTES = 15 * 1024 * 1024;

export const caseSignatoryParams = z.object({ id: z.string().max(64), signatoryId: z.string().max(64) });
/** POST .../signatories/{signatoryId}/identification: how the person was identified (kept in the audit trail). */
export const manualIdentificationRequest = z.object({
  note: multilineText({ error: 'err_required' })
    .trim()
    .min(5, { error: 'err_too_short' })
    .max(500, { error: 'err_too_long' }),
});
export type ManualIdentificationRequest = z.input<typeof manualIdentificationRequest>;

/**
 * PATCH .../signatories/{signatoryId}/email: staff correct a representative's e-mail (ADR 021: the
 * applicant cannot once the person was invited). The open invitation links stop working.
 */
export const correctSignatoryEmailRequest = z.object({
  email: text({ error: 'err_required' }).trim().toLowerCase().max(250).email({ error: 'err_invalid_email' }),
});
export type CorrectSignatoryEmailRequest = z.input<typeof correctSignatoryEmailRequest>;

/** GET /backoffice/staff: the colleagues who see a partner (to give a case to, to filter the queue by). */
export const staffListQuery = z.object({ partner: text().max(63).optional() });
export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  kind: z.enum(STAFF_KINDS),
  role: z.enum(PARTNER_ROLES).nullable(),
  partner_id: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListResponse = z.object({ staff: z.array(staffMemberSchema) });
export type StaffListResponse = z.infer<typeof staffListResponse>;
