import { z } from 'zod';
import { multilineText, text } from './text.js';
import {
  type FACTORING_BASE_FIELDS,
  FACTORING_FIELD_KINDS,
  FACTORING_SECTION_FIELDS,
  FACTORING_SECTIONS,
  factoringIssues,
  type FactoringAbroadBase,
  type FactoringBaseField,
  type FactoringCommentBase,
  type FactoringContext,
  type FactoringField,
  type FactoringSection,
} from './factoring-rules.js';

export * from './factoring-rules.js';

/**
 * The wire shapes of the factoring details (spec 2 sections 3 and 7; issue 12; ADR 018):
 * GET /user/applications/{id}/factoring answers the three cards; PATCH
 * .../factoring/{financials|invoices|risk_protection} saves one card. The rules are zod-free in
 * `factoring-rules.ts` (re-exported here); the debtors are in `debitors.ts`.
 */

type ValueOfKind<K> = K extends 'amount' | 'count' | 'days'
  ? number
  : K extends 'currencies'
    ? string[]
    : K extends 'boolean'
      ? boolean
      : string;
type BaseOf<F> = F extends `${infer B}_abroad` ? B : F;
/** The value a field holds on the wire (null: not answered). */
export type FactoringFieldValue<F extends FactoringField> = F extends `${string}_comment`
  ? string
  : ValueOfKind<(typeof FACTORING_FIELD_KINDS)[BaseOf<F> & FactoringBaseField]>;

type SectionBase<S extends FactoringSection> = (typeof FACTORING_BASE_FIELDS)[S][number];
/** The wire fields of one card: its fields, their _abroad twins and their _comments. */
export type FactoringSectionField<S extends FactoringSection> =
  | SectionBase<S>
  | `${Extract<SectionBase<S>, FactoringAbroadBase>}_abroad`
  | `${Extract<SectionBase<S>, FactoringCommentBase>}_comment`;

/** What PATCH .../factoring/{section} sends: the whole card (a field left out or null is cleared). */
export type FactoringSectionInput<S extends FactoringSection> = {
  [F in FactoringSectionField<S>]?: FactoringFieldValue<F> | null;
};
/** One card as GET .../factoring answers it (every field; null: not answered). */
export type FactoringSectionValues<S extends FactoringSection> = {
  [F in FactoringSectionField<S>]: FactoringFieldValue<F> | null;
};

/** Texts longer than the rules allow are refused by the rules; this only bounds what is parsed. */
const TEXT_PARSE_MAX = 10_000;

function valueSchema(field: FactoringField): z.ZodType {
  if (field.endsWith('_comment')) return multilineText().max(TEXT_PARSE_MAX);
  const kind = FACTORING_FIELD_KINDS[field.replace(/_abroad$/, '') as FactoringBaseField];
  switch (kind) {
    case 'portfolio':
      return multilineText().max(TEXT_PARSE_MAX);
    case 'currencies':
      return z.array(text().max(8)).max(20);
    case 'boolean':
      return z.boolean();
    default:
      return z.number();
  }
}

const shapeOf = (section: FactoringSection, optional: boolean) =>
  Object.fromEntries(
    FACTORING_SECTION_FIELDS[section].map((f) => [
      f,
      optional ? valueSchema(f).nullable().optional() : valueSchema(f).nullable(),
    ]),
  );

/** PATCH bodies, one per card: strict (a field of another card, or an unknown one, is refused). */
export const factoringSectionRequests = Object.fromEntries(
  FACTORING_SECTIONS.map((s) => [s, z.strictObject(shapeOf(s, true))]),
) as unknown as { [S in FactoringSection]: z.ZodType<FactoringSectionInput<S>> };

const sectionValues = Object.fromEntries(
  FACTORING_SECTIONS.map((s) => [s, z.strictObject(shapeOf(s, false))]),
) as unknown as {
  [S in FactoringSection]: z.ZodType<FactoringSectionValues<S>>;
};

/** GET .../factoring, and the answer of every PATCH: the three cards as stored. */
export const factoringDetailsResponse = z.object({
  financials: sectionValues.financials,
  invoices: sectionValues.invoices,
  risk_protection: sectionValues.risk_protection,
  /** Asked in the wizard, changed on the financial card: the _abroad twins apply only when true. */
  has_international_customers: z.boolean().nullable(),
  /** The current user may change the cards (and the debtors) now: `debitor` in allowed_updates. */
  is_editable: z.boolean(),
  /** Every field is required when a card is saved (the partner checks the factoring step). */
  is_required: z.boolean(),
});
export type FactoringDetailsResponse = z.infer<typeof factoringDetailsResponse>;

/** The card's shape with every rule: the web's edit modal validates with it, the API with the same rules. */
export function factoringSectionFormSchema<S extends FactoringSection>(section: S, context: FactoringContext) {
  return (factoringSectionRequests[section] as z.ZodType<FactoringSectionInput<S>>).superRefine((value, ctx) => {
    for (const { field, code, values } of factoringIssues(section, value as Record<string, unknown>, context)) {
      ctx.addIssue({ code: 'custom', message: code, path: [field], ...(values ? { params: { values } } : {}) });
    }
  });
}
