import { z } from 'zod';
import { customFieldEntry } from './applications.js';
import { okResponse } from './auth.js';
import { partnerFileSchema, partnerKeyParams } from './partner.js';
import { RAW_STATUSES } from './statuses.js';
import { emailSchema, languageSchema } from './validators.js';

/**
 * The development tools under /dev (the dev mailbox, fixtures, partner changes, invitations, the
 * jobs view). Registered only outside production; the web app never calls them.
 */

/** A page for the browser (the dev mailbox, the jobs view), not JSON. */
export const devHtmlPage = z.string();
export const devHtmlPageResponse = {
  description: 'An HTML page',
  content: { 'text/html': { schema: devHtmlPage } },
};

/** GET /dev/mailbox and /dev/mailbox/messages: filter by recipient and partner. */
export const devMailboxQuery = z.object({ to: z.string().optional(), partner: z.string().optional() });
export type DevMailboxQuery = z.infer<typeof devMailboxQuery>;

/** GET /dev/mailbox/messages/{id} */
export const devMailIdParams = z.object({ id: z.uuid() });

/** One e-mail of the outbox. */
export const devMailMessage = z.object({
  id: z.string(),
  partner: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  template: z.string(),
  language: z.string(),
  status: z.string(),
  /** ISO 8601 (UTC). */
  created_at: z.string(),
  /** Files sent with the message (the appointment e-mails' calendar files), as text. */
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), content: z.string() })),
});
export type DevMailMessage = z.infer<typeof devMailMessage>;

/** GET /dev/mailbox/messages: the newest 100 e-mails. */
export const devMailboxMessagesResponse = z.object({ messages: z.array(devMailMessage) });
export type DevMailboxMessagesResponse = z.infer<typeof devMailboxMessagesResponse>;

/** GET /dev/bench/primary-key */
export const devBenchPrimaryKeyResponse = z.object({ id: z.string().nullable() });

/** POST /dev/applications/{id}/fixtures */
export const devApplicationIdParams = z.object({ id: z.uuid() });

const kycStep = z.object({ is_required: z.boolean(), is_completed: z.boolean() });

/**
 * POST /dev/applications/{id}/fixtures: the parts of an application whose screens come in later
 * issues (representatives, documents, finance objects, factoring, appointments) and statuses that
 * only back office sets.
 */
export const fixturesRequest = z.object({
  status: z.enum(RAW_STATUSES).optional(),
  signatories: z
    .array(
      z.object({
        first_name: z.string().nullable().optional(),
        last_name: z.string().nullable().optional(),
        email: z.string().nullable().optional(),
        telephone: z.string().nullable().optional(),
        nationality: z.string().nullable().optional(),
        birthdate: z.iso.date().nullable().optional(),
        taxid: z.string().nullable().optional(),
        street: z.string().nullable().optional(),
        street_number: z.string().nullable().optional(),
        postcode: z.string().nullable().optional(),
        location: z.string().nullable().optional(),
        country: z.string().nullable().optional(),
        is_beneficial_owner: z.boolean().nullable().optional(),
        percentage_owned: z.number().nullable().optional(),
        is_legal_signatory: z.boolean().nullable().optional(),
        is_contract_signatory: z.boolean().nullable().optional(),
        is_sole_signatory: z.boolean().nullable().optional(),
        /** Links the signatory to an account as an accepted signatory. */
        user_email: z.string().optional(),
        invite_status: z.enum(['not_invited', 'not_accepted', 'expired', 'accepted']).optional(),
        kyc_status: z.record(z.string(), kycStep).optional(),
        requirements: z.record(z.string(), z.unknown()).nullable().optional(),
        /** Answers to the partner's signatory custom fields, stored as given. */
        custom_fields_list: z.array(customFieldEntry).optional(),
      }),
    )
    .optional(),
  documents: z
    .array(
      z.object({
        document_type: z.string(),
        as_of_date: z.iso.date().nullable().optional(),
        upload_status: z.enum(['pending', 'success', 'failed']).optional(),
      }),
    )
    .optional(),
  finance_objects: z.number().int().min(0).max(6).optional(),
  debitors: z.number().int().min(0).max(10).optional(),
  factoring_details: z.record(z.string(), z.unknown()).optional(),
  appointment: z.boolean().optional(),
  /**
   * Every signer has signed what is provided to sign (issue 24): a tax id where missing, the
   * identification marked done, a completed e-sign session covering the loan contract and the
   * guarantee agreement the back office provides (their exact versions), a signed paper copy of the
   * agreement, the terms accepted; then the completion check moves the application on as the
   * system. The real signing is walked through the demo provider in e2e/tests/signatures.spec.ts.
   */
  signatures_completed: z.boolean().optional(),
});
export type Fixtures = z.infer<typeof fixturesRequest>;
export const fixturesResponse = okResponse;

/** PATCH /dev/partners/{key}: top-level keys of the partner file replace the stored ones. */
export const devPartnerParams = partnerKeyParams;
export const devPartnerUpdateRequest = z.record(z.string(), z.unknown());
export const devPartnerUpdateResponse = z.object({ partner: partnerFileSchema });

/** POST /dev/invitations: invite an e-mail address; answers the invitation token. */
export const devInvitationRequest = z.object({ email: emailSchema, language: languageSchema.optional() });
export type DevInvitationRequest = z.input<typeof devInvitationRequest>;
export const devInvitationResponse = z.object({ token: z.string() });
export type DevInvitationResponse = z.infer<typeof devInvitationResponse>;

/** The payload of a `dev.probe` job: how long it waits. */
export const devProbePayload = z.object({ ms: z.number().int().min(0).max(60_000) });

/** POST /dev/jobs/probe: enqueue `count` probe jobs that wait `ms` each. */
export const devJobsProbeRequest = z.object({
  count: z.number().int().min(1).max(1000),
  ms: z.number().int().min(0).max(10_000),
});
export type DevJobsProbeRequest = z.infer<typeof devJobsProbeRequest>;
export const devJobsProbeResponse = z.object({ ok: z.literal(true), enqueued: z.number().int() });

/** GET /dev/jobs/list: counts per type and status, the schedules and the latest 100 jobs. */
export const devJobsListResponse = z.object({
  counts: z.array(z.object({ type: z.string(), status: z.string(), n: z.number() })),
  schedules: z.array(z.object({ name: z.string(), interval_seconds: z.number(), next_run_at: z.string() })),
  jobs: z.array(
    z.object({
      id: z.number(),
      type: z.string(),
      status: z.string(),
      attempts: z.number(),
      max_attempts: z.number(),
      run_at: z.string(),
      locked_by: z.string().nullable(),
      locked_until: z.string().nullable(),
      last_error: z.string().nullable(),
      created_at: z.string(),
      finished_at: z.string().nullable(),
    }),
  ),
});
export type DevJobsListResponse = z.infer<typeof devJobsListResponse>;

/**
 * POST /dev/staff: a staff account for the e2e tests (what `npm run admin -- create-user` makes),
 * answered with its password and one-time-code secret so that the test can compute codes.
 */
export const devStaffRequest = z.object({
  email: z.string().email().optional(),
  kind: z.enum(['bouser', 'puser']),
  partner: z.string().max(63).optional(),
  role: z.enum(['role_partner_admin', 'role_partner_user']).optional(),
});
export const devStaffResponse = z.object({
  id: z.string(),
  email: z.string(),
  password: z.string(),
  totp_secret: z.string(),
});
export type DevStaffResponse = z.infer<typeof devStaffResponse>;
