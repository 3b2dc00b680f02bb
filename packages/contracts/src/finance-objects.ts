import { z } from 'zod';
import { multilineText, text } from './text.js';
import {
  FINANCING_TYPES,
  RENTAL_STATES,
  financeObjectIssues,
  type FinanceObjectContext,
  type FinanceObjectIssue,
} from './finance-object-rules.js';

export * from './finance-object-rules.js';

/**
 * The wire shapes of the finance objects of an object-financing application: GET/POST
 * /user/applications/{id}/finance_objects, PUT/DELETE .../finance_objects/{financeObjectId}
 * (spec 2 sections 3 and 7; issue 12; ADR 016). The rules are zod-free in
 * `finance-object-rules.ts` (re-exported here).
 */

const optionalText = text().nullable().optional();
const optionalNumber = z.number().nullable().optional();

/**
 * One finance object as POST and PUT send it (PUT replaces every field: a field left out is
 * cleared). The shape only (types); the rules are `financeObjectIssues`, and
 * `financeObjectSchema(context)` is this shape with them. Amounts are numbers with at most two
 * decimals, `built_at` a year, `expected_delivery_date` YYYY-MM-DD (DD.MM.YYYY on screen).
 */
export const financeObjectInput = z.object({
  manufacturer: optionalText,
  type: optionalText,
  built_at: optionalNumber,
  detail_desc: multilineText().nullable().optional(),
  net_purchase_price: optionalNumber,
  down_payment: optionalNumber,
  remaining_value: optionalNumber,
  object_count: optionalNumber,
  financing_type: z.enum(FINANCING_TYPES).nullable().optional(),
  rental_state: z.enum(RENTAL_STATES).nullable().optional(),
  is_fixed_interest: z.boolean().nullable().optional(),
  expected_delivery_date: optionalText,
  merchant_name: optionalText,
  merchant_street: optionalText,
  merchant_house_num: optionalText,
  merchant_city: optionalText,
  merchant_postcode: optionalText,
  /** ISO 3166 alpha-2, one of the partner's countries. */
  merchant_country: optionalText,
  /** The merchant found through the company search (`company_id` of a hit); null when typed. */
  merchant_company_id: optionalText,
});
export type FinanceObjectInput = z.input<typeof financeObjectInput>;

export const createFinanceObjectRequest = financeObjectInput;
export type CreateFinanceObjectRequest = FinanceObjectInput;
export const updateFinanceObjectRequest = financeObjectInput;
export type UpdateFinanceObjectRequest = FinanceObjectInput;

export const financeObjectParams = z.object({ id: z.string().max(64), financeObjectId: z.string().max(64) });

/** A finance object as the API answers it (spec 2 section 3 "Finance object"). */
export const financeObjectSchema = z.object({
  finance_object_id: z.string(),
  manufacturer: z.string().nullable(),
  type: z.string().nullable(),
  built_at: z.number().nullable(),
  detail_desc: z.string().nullable(),
  net_purchase_price: z.number().nullable(),
  down_payment: z.number().nullable(),
  remaining_value: z.number().nullable(),
  object_count: z.number().nullable(),
  financing_type: z.enum(FINANCING_TYPES).nullable(),
  rental_state: z.enum(RENTAL_STATES).nullable(),
  is_fixed_interest: z.boolean().nullable(),
  /** YYYY-MM-DD. */
  expected_delivery_date: z.string().nullable(),
  merchant_name: z.string().nullable(),
  merchant_street: z.string().nullable(),
  merchant_house_num: z.string().nullable(),
  merchant_city: z.string().nullable(),
  merchant_postcode: z.string().nullable(),
  merchant_country: z.string().nullable(),
  merchant_company_id: z.string().nullable(),
});
export type FinanceObject = z.infer<typeof financeObjectSchema>;

/** GET .../finance_objects: the list (oldest first), and what the page needs to say about it. */
export const financeObjectsResponse = z.object({
  result: z.array(financeObjectSchema),
  /** The partner's maximum per application (default 6). */
  max_finance_objects: z.number().int(),
  /** The current user may add, change and delete objects now (the applicant, while Open or PreCheck). */
  is_editable: z.boolean(),
});
export type FinanceObjectsResponse = z.infer<typeof financeObjectsResponse>;

/** DELETE .../finance_objects/{financeObjectId}: 204, no body. */
export const financeObjectDeletedResponse = z.null().describe('Deleted: no body');

/** The zod issue of a rule's issue (message = code, the message values as params). */
function addFinanceObjectIssue(
  ctx: z.core.$RefinementCtx<z.infer<typeof financeObjectInput>>,
  issue: FinanceObjectIssue,
) {
  const { field, code, values } = issue;
  ctx.addIssue({ code: 'custom', message: code, path: [field], ...(values ? { params: { values } } : {}) });
}

/** The finance object's shape with every rule: the web form validates with it, the API with the same rules. */
export function financeObjectFormSchema(context: FinanceObjectContext) {
  return financeObjectInput.superRefine((value, ctx) => {
    for (const issue of financeObjectIssues(value, context)) addFinanceObjectIssue(ctx, issue);
  });
}
