import { z } from 'zod';
import { jobType } from '../../platform/jobs/queue.js';

/**
 * The signatures' job types (issue 14, ADR 020), declared in one place: the part that enqueues a
 * job and the part that handles it are written apart.
 */

/** Invite every signer of an application that entered Signature (the invitations' handler). */
export const INVITE_SIGNERS = jobType('signatures.invite', z.object({ application_id: z.uuid() }).strict());

/** Reminders to signers who have not completed (scheduled, the invitations' handler). */
export const SIGNATURE_REMINDERS = jobType(
  'signatures.reminders',
  z.object({}).strict() as z.ZodType<Record<string, never>>,
  { maxAttempts: 3 },
);

/** A provider's session reached `completed` (the steps' handler signs its online documents and records them). */
export const SESSION_COMPLETED = jobType('signatures.session_completed', z.object({ session_id: z.uuid() }).strict());

/** Is every signer of the application complete? Then seal the loan contract and move on (the steps' handler). */
export const SIGNING_COMPLETE_CHECK = jobType(
  'signatures.complete_check',
  z.object({ application_id: z.uuid() }).strict(),
);
