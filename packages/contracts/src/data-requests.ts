import { z } from 'zod';
import { multilineText, text as singleLineText } from './text.js';

/**
 * Requests of the back office to the borrower (issue 13, ADR 019): a document of a type, or a
 * piece of information, with a message. Open requests are pending items for the borrower
 * (`requested_documents`, `requested_information`); a document request is fulfilled by the next
 * upload of its type, an information request by the borrower's answer. A rejected document opens
 * a document request of its type with the rejection's reason.
 */
export const DATA_REQUEST_KINDS = ['document', 'information'] as const;
export const DATA_REQUEST_STATUSES = ['open', 'fulfilled', 'cancelled'] as const;

export const dataRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(DATA_REQUEST_KINDS),
  /** The document type asked for (kind document); null for information. */
  document_type: z.string().nullable(),
  message: z.string(),
  status: z.enum(DATA_REQUEST_STATUSES),
  /** The document whose rejection opened the request. */
  rejected_document_id: z.string().nullable(),
  answer: z.string().nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

/** GET /user/applications/{id}/requests: open requests first, then the closed ones, newest first. */
export const dataRequestsResponse = z.object({
  requests: z.array(dataRequestSchema),
  /** The current user answers the information requests (the applicant; an accepted signatory reads them, ADR 021). */
  can_answer: z.boolean(),
});
export type DataRequestsResponse = z.infer<typeof dataRequestsResponse>;

export const dataRequestParams = z.object({ id: z.string().max(64), requestId: z.string().max(64) });

/** A text area's text (line breaks allowed; the text rule of text.ts). */
const text = (min: number, max: number) =>
  multilineText({ error: 'err_required' })
    .trim()
    .min(min, { error: min <= 1 ? 'err_required' : 'err_too_short' })
    .max(max, { error: 'err_too_long' });

/** The longest answer to an information request, and the longest message of a request. */
export const DATA_REQUEST_ANSWER_MAX = 2000;
export const DATA_REQUEST_MESSAGE_MAX = 2000;

/** POST /user/applications/{id}/requests/{requestId}/answer: the borrower's answer to an information request. */
export const answerDataRequestRequest = z.object({ answer: text(1, DATA_REQUEST_ANSWER_MAX) });
export type AnswerDataRequestRequest = z.input<typeof answerDataRequestRequest>;

/** POST /backoffice/applications/{id}/requests: a document of one of the application's types, or information. */
export const createDataRequestRequest = z
  .object({
    kind: z.enum(DATA_REQUEST_KINDS),
    document_type: singleLineText().max(64).nullable().optional(),
    message: text(5, DATA_REQUEST_MESSAGE_MAX),
  })
  .refine((r) => r.kind !== 'document' || !!r.document_type, {
    path: ['document_type'],
    message: 'err_required',
  });
export type CreateDataRequestRequest = z.input<typeof createDataRequestRequest>;

/** POST /backoffice/applications/{id}/documents/{documentId}/reject: why (the borrower reads it). */
export const rejectDocumentRequest = z.object({ reason: text(5, 1000) });
export type RejectDocumentRequest = z.input<typeof rejectDocumentRequest>;

/** PATCH /backoffice/applications/{id}/documents/{documentId}: show or hide a document to the borrower. */
export const staffDocumentVisibilityRequest = z.object({ is_client_visible: z.boolean() });
