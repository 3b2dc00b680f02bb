import {
  FACTORING_ABROAD_FIELDS,
  FACTORING_BASE_FIELDS,
  FACTORING_COMMENT_FIELDS,
  FACTORING_FIELD_KINDS,
  FACTORING_SECTION_FIELDS,
  FACTORING_SECTIONS,
  factoringIssues,
  type FactoringBaseField,
  type FactoringContext,
  type FactoringField,
  type FactoringFieldKind,
  type FactoringSection,
  type FactoringValues,
} from '@finportal/contracts/factoring-rules';
import type { FactoringDetailsResponse, FactoringSectionInput } from '@finportal/contracts/factoring';

/**
 * The card forms' values and their conversion to and from the wire (spec 2 sections 3 and 5; ADR
 * 018): texts as typed, amounts and whole numbers as read (a string is text that could not be
 * read, kept for the rules to refuse), currencies as a list, yes/no as a boolean (null: not
 * answered). The _abroad twins count only with customers abroad: without them they are sent empty.
 */

export type FactoringFormValue = string | number | boolean | string[] | null;
export type FactoringFormValues = Partial<Record<FactoringField, FactoringFormValue>>;

/** A field of a card with its twin abroad and its comment, as the form and the card show them. */
export interface FactoringFieldGroup {
  field: FactoringBaseField;
  kind: FactoringFieldKind;
  abroad: FactoringField | null;
  comment: FactoringField | null;
}

const ABROAD = new Set<string>(FACTORING_ABROAD_FIELDS);
const COMMENTED = new Set<string>(FACTORING_COMMENT_FIELDS);

/** The fields of a card in the spec's order, each with its twin and comment. */
export function fieldGroups(section: FactoringSection): FactoringFieldGroup[] {
  return FACTORING_BASE_FIELDS[section].map((field) => ({
    field,
    kind: FACTORING_FIELD_KINDS[field],
    abroad: ABROAD.has(field) ? (`${field}_abroad` as FactoringField) : null,
    comment: COMMENTED.has(field) ? (`${field}_comment` as FactoringField) : null,
  }));
}

export const kindOf = (field: FactoringField): FactoringFieldKind | 'comment' =>
  field.endsWith('_comment') ? 'comment' : FACTORING_FIELD_KINDS[field.replace(/_abroad$/, '') as FactoringBaseField];

/** The stored values of all three cards as one set (the rules read the other cards' values). */
export function storedValues(details: FactoringDetailsResponse): FactoringValues {
  const values: FactoringValues = {};
  for (const section of FACTORING_SECTIONS) Object.assign(values, details[section]);
  values.has_international_customers ??= details.has_international_customers;
  return values;
}

/** Form values of a card from its stored values. */
export function toFormValues(section: FactoringSection, stored: FactoringValues): FactoringFormValues {
  const values: FactoringFormValues = {};
  for (const field of FACTORING_SECTION_FIELDS[section]) {
    const value = stored[field] as FactoringFormValue | undefined;
    const kind = kindOf(field);
    if (kind === 'comment' || kind === 'portfolio') values[field] = typeof value === 'string' ? value : '';
    else if (kind === 'currencies') values[field] = Array.isArray(value) ? value : [];
    else values[field] = value ?? null;
  }
  return values;
}

/** The card's values judge the _abroad twins: the financial card by its own answer, the others by the stored one. */
export function isInternational(
  section: FactoringSection,
  values: FactoringValues,
  context: FactoringContext,
): boolean {
  return section === 'financials'
    ? values.has_international_customers === true
    : context.hasInternationalCustomers === true;
}

/**
 * What the rules judge and the wire carries: texts trimmed (empty: null), unreadable numbers as
 * typed (for the rules to refuse), no currency as null, and the _abroad twins null without
 * customers abroad (they are hidden then, and the server would refuse them).
 */
export function toWireValues(
  section: FactoringSection,
  values: FactoringFormValues,
  context: FactoringContext,
): FactoringValues {
  const international = isInternational(section, values, context);
  const wire: FactoringValues = {};
  for (const field of FACTORING_SECTION_FIELDS[section]) {
    const value = values[field] ?? null;
    if (field.endsWith('_abroad') && !international) wire[field] = null;
    else if (typeof value === 'string') wire[field] = value.trim() === '' ? null : value.trim();
    else if (Array.isArray(value)) wire[field] = value.length ? value : null;
    else wire[field] = value;
  }
  return wire;
}

/** The wire values as the PATCH body: every field of the card (one left out would be cleared anyway). */
export function toRequestBody<S extends FactoringSection>(section: S, wire: FactoringValues): FactoringSectionInput<S> {
  const body: Record<string, unknown> = {};
  for (const field of FACTORING_SECTION_FIELDS[section]) body[field] = wire[field] ?? null;
  return body as FactoringSectionInput<S>;
}

/**
 * The fields the rules require in this card now (the rules asked with every field empty): all of
 * them when the details are required, else what the wizard asked; the twins only with customers
 * abroad; never the comments.
 */
export function requiredFields(
  section: FactoringSection,
  international: boolean,
  context: FactoringContext,
): ReadonlySet<FactoringField> {
  const probeContext = { ...context, hasInternationalCustomers: international, stored: {} };
  const requiredIn = (probe: FactoringValues) =>
    factoringIssues(section, probe, probeContext)
      .filter((issue) => issue.code === 'err_required')
      .map((issue) => issue.field);
  // The financial card's own answer decides its twins: ask once unanswered, once with it.
  const probes: FactoringValues[] =
    section === 'financials' && international ? [{}, { has_international_customers: true }] : [{}];
  return new Set(probes.flatMap(requiredIn));
}

/** The fields of a stored card that the rules would refuse now (the card says how many are open). */
export function openFields(section: FactoringSection, stored: FactoringValues, context: FactoringContext): number {
  return factoringIssues(section, stored, context).length;
}
