import type { z } from 'zod';
import { countrySchema } from './company.js';
import { parseDate } from './dynamic-forms.js';
import { hasControlCharacters } from './control-characters.js';
import type { ErrorCode } from './errors.js';
import { SIGNATORY_REQUIRED_FIELDS } from './pending-items.js';
import type { RuleError } from './rule-error.js';
import {
  citySchema,
  emailSchema,
  germanTinError,
  houseNumberSchema,
  isPersonalTaxNumber,
  phoneError,
  postcodeError,
  sameTaxId,
  streetSchema,
} from './validators.js';
import {
  representativeInput,
  SIGNATORY_FIELDS,
  SIGNATORY_ROLE_FLAGS,
  type RepresentativeValues,
  type Signatory,
  type SignatoryField,
} from './representative-schemas.js';

/**
 * Representatives (signatories) of an application (spec 2 sections 2, 3, 5, 6 and 7; ADR 014):
 * the field rules (the wire shapes are in `representative-schemas.ts`, the list rules in
 * `representative-list-rules.ts`, the permissions of spec 2 section 6 in
 * `representative-permissions.ts`),
 * written once for the web form, the list panel, the pending items and the API:
 * - `representativeIssues`: the field rules of one representative ("Representative" of spec 2
 *   section 5);
 * - `makeMainContact`.
 *
 * `percentage_owned` is a decimal on the wire and in the database (0.25); every rule and every
 * message value is in percent (25), read at 0.01 % (`percentOf`).
 */

// ---------------------------------------------------------------------------------------
// Field rules (spec 2 section 5 "Representative", "Phone", tax ids; ADR 014)
// ---------------------------------------------------------------------------------------

export const PERSON_NAME_MAX = 100;
export const POSITION_MAX = 100;
export const ADULT_AGE = 18;
/** Birth dates more than this many years ago are not a living person's (err_date_invalid). */
export const BIRTHDATE_MAX_AGE = 120;
/** Spec 2 section 9: ownership 0 to 100, at least 0.01 for a beneficial owner (percent). */
export const SHARE_MIN_PERCENT = 0;
export const BENEFICIAL_OWNER_MIN_PERCENT = 0.01;
export const SHARE_MAX_PERCENT = 100;
/** Spec 2 section 9: a beneficial owner holds at least 25 %; guarantors together more than 50 %. */
export const BENEFICIAL_OWNER_THRESHOLD_PERCENT = 25;
export const GUARANTORS_MIN_PERCENT = 50;

/** A field rule's failure on one field of a representative. */
export interface RepresentativeIssue extends RuleError {
  field: SignatoryField;
}

export interface RepresentativeContext {
  /** The partner's country list (listed first in the selects; nationality and country may be any ISO country). */
  countries: readonly string[];
  /** The company's tax number: a personal tax id must differ from it. */
  companyTaxId?: string | null;
  /** Today for the birth-date rules (tests pass a fixed date). */
  now?: Date;
}

/** Control characters are refused in every text field (control-characters.ts). */
export { hasControlCharacters };

/** The decimal as a percent at 0.01 % (0.25 → 25; 0.123456 → 12.35); floating noise goes. */
export function percentOf(decimal: number): number {
  return Math.round(decimal * 10_000) / 100;
}

/** The percent the UI shows as the decimal the wire carries (25 → 0.25; 33.33 → 0.3333). */
export function decimalOf(percent: number): number {
  return Math.round(percent * 100) / 10_000;
}

/** An unanswered field: missing, null or only spaces. */
export const isEmptyAnswer = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** A person's display name ("Anna Berger"), '' when neither name is given. */
export function representativeName(person: { first_name?: unknown; last_name?: unknown }): string {
  const part = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return [part(person.first_name), part(person.last_name)].filter(Boolean).join(' ');
}

/** The first issue of a zod field schema as a RuleError, with its length limit as a value. */
function schemaError(schema: z.ZodType, value: string): RuleError | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const code = (/^err_[a-z0-9_]+$/.test(issue.message) ? issue.message : 'err_invalid_value') as ErrorCode;
  if (issue.code === 'too_big' && code !== 'err_required') return { code, values: { max: Number(issue.maximum) } };
  return { code };
}

const maxLength = (max: number) => (value: string) =>
  value.length > max ? { code: 'err_too_long' as const, values: { max } } : null;

/** The birth date's error, or null: a real YYYY-MM-DD date, before today, 18 years ago or earlier. */
export function birthdateError(value: string, now: Date = new Date()): RuleError | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || parseDate(value) !== value) return { code: 'err_date_invalid' };
  const today = now.toISOString().slice(0, 10);
  if (value >= today) return { code: 'err_birthdate_in_future' };
  const yearsAgo = (years: number) => `${String(now.getUTCFullYear() - years).padStart(4, '0')}${today.slice(4)}`;
  // Of age on the 18th birthday (born 29 February: on 1 March in a common year).
  if (value > yearsAgo(ADULT_AGE)) return { code: 'err_person_not_adult', values: { min: ADULT_AGE } };
  if (value < yearsAgo(BIRTHDATE_MAX_AGE)) return { code: 'err_date_invalid' };
  return null;
}

/**
 * The personal tax id's error, or null (spec 2 section 5, ARCHITECTURE.md): the German TIN rules
 * (11 digits, no leading zero, digit repetition, check digit) for a German national or a resident
 * of Germany, the general personal tax number rule (err_invalid_tax_number) for everyone else.
 */
export function personalTaxIdError(
  value: string,
  person: { nationality?: unknown; country?: unknown },
): RuleError | null {
  const isDe = (v: unknown) => typeof v === 'string' && v.trim().toUpperCase() === 'DE';
  const german = isDe(person.nationality) || isDe(person.country);
  if (german) return germanTinError(value);
  return isPersonalTaxNumber(value) ? null : { code: 'err_invalid_tax_number' };
}

/** Any ISO country (issue 26): a representative of any nationality, living anywhere, can be entered. */
function countryError(value: string): RuleError | null {
  return schemaError(countrySchema, value);
}

/** Each text field's rule on its trimmed, non-empty value (free of control characters). */
type TextRule = (value: string, values: RepresentativeValues, context: RepresentativeContext) => RuleError | null;
const TEXT_RULES: Record<Exclude<SignatoryField, BooleanField | 'percentage_owned'>, TextRule> = {
  first_name: maxLength(PERSON_NAME_MAX),
  last_name: maxLength(PERSON_NAME_MAX),
  email: (v) => schemaError(emailSchema, v),
  telephone: (v) => phoneError(v),
  position: maxLength(POSITION_MAX),
  nationality: (v) => countryError(v),
  birthdate: (v, _, context) => birthdateError(v, context.now),
  taxid: (v, values, context) =>
    personalTaxIdError(v, values) ?? (sameTaxId(v, context.companyTaxId) ? { code: 'err_tax_ids_must_differ' } : null),
  street: (v) => schemaError(streetSchema, v),
  street_number: (v) => schemaError(houseNumberSchema, v),
  postcode: (v, values) => postcodeError(v, typeof values.country === 'string' ? values.country.trim() : null),
  location: (v) => schemaError(citySchema, v),
  country: (v) => countryError(v),
};

const BOOLEAN_FIELDS = [...SIGNATORY_ROLE_FLAGS, 'is_main_contact'] as const;
type BooleanField = (typeof BOOLEAN_FIELDS)[number];

/**
 * The required fields (spec 2 section 5): always those of SIGNATORY_REQUIRED_FIELDS (the tax id is
 * optional), and those the answers given so far require (willing to sign, legal signatory, main
 * contact, beneficial owner).
 */
export function requiredFieldsOf(values: RepresentativeValues): SignatoryField[] {
  const required: SignatoryField[] = [...SIGNATORY_REQUIRED_FIELDS];
  // Willing to sign, or the main contact (ARCHITECTURE.md: both e-mail and phone): e-mail and phone.
  if (values.is_contract_signatory === true || values.is_main_contact === true) required.push('email', 'telephone');
  // A legal signatory answers "willing to sign" and "can sign alone".
  if (values.is_legal_signatory === true) required.push('is_contract_signatory', 'is_sole_signatory');
  // A beneficial owner gives the share.
  if (values.is_beneficial_owner === true) required.push('percentage_owned');
  return [...new Set(required)];
}

/** The percentage_owned error (in percent), or null. */
function shareError(value: unknown, values: RepresentativeValues): RuleError | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { code: 'err_invalid_value' };
  const percent = percentOf(value);
  // A legal signatory may be a beneficial owner without a share (GwG section 3 (2); ADR 014).
  const min =
    values.is_beneficial_owner === true && values.is_legal_signatory !== true
      ? BENEFICIAL_OWNER_MIN_PERCENT
      : SHARE_MIN_PERCENT;
  if (percent < min) return { code: 'err_too_small', values: { min } };
  if (percent > SHARE_MAX_PERCENT) return { code: 'err_too_big', values: { max: SHARE_MAX_PERCENT } };
  return null;
}

/**
 * Every field rule of one representative (spec 2 section 5), at most one issue per field, in
 * form order. Texts are judged trimmed; an empty text, null and a missing field are "not given".
 * A field not given is an issue only when it is required (`requiredFieldsOf`).
 */
export function representativeIssues(
  values: RepresentativeValues,
  context: RepresentativeContext,
): RepresentativeIssue[] {
  const required = new Set(requiredFieldsOf(values));
  const issues: RepresentativeIssue[] = [];
  for (const field of SIGNATORY_FIELDS) {
    const value = values[field];
    const error = fieldError(field, value, values, context, required.has(field));
    if (error) issues.push({ field, ...error });
  }
  return issues;
}

function fieldError(
  field: SignatoryField,
  value: unknown,
  values: RepresentativeValues,
  context: RepresentativeContext,
  required: boolean,
): RuleError | null {
  if (isEmptyAnswer(value)) return required ? { code: 'err_required' } : null;
  if (field === 'percentage_owned') return shareError(value, values);
  if ((BOOLEAN_FIELDS as readonly string[]).includes(field)) {
    return typeof value === 'boolean' ? null : { code: 'err_invalid_value' };
  }
  if (typeof value !== 'string') return { code: 'err_invalid_value' };
  if (hasControlCharacters(value)) return { code: 'err_invalid_characters' };
  const rule = TEXT_RULES[field as keyof typeof TEXT_RULES];
  return rule(value.trim(), values, context);
}

/** The zod issue of a representative issue (message = code; length and size bounds as zod's own). */
function addRepresentativeIssue(
  ctx: z.core.$RefinementCtx<z.infer<typeof representativeInput>>,
  issue: RepresentativeIssue,
): void {
  const { field, code, values } = issue;
  const path = [field];
  if (values?.max !== undefined && (code === 'err_too_long' || code === 'err_too_big')) {
    const origin = code === 'err_too_long' ? 'string' : 'number';
    ctx.addIssue({ code: 'too_big', origin, maximum: Number(values.max), inclusive: true, message: code, path });
  } else if (values?.min !== undefined && (code === 'err_too_short' || code === 'err_too_small')) {
    ctx.addIssue({
      code: 'too_small',
      origin: code === 'err_too_short' ? 'string' : 'number',
      minimum: Number(values.min),
      inclusive: true,
      message: code,
      path,
    });
  } else {
    ctx.addIssue({ code: 'custom', message: code, path, ...(values ? { params: { values } } : {}) });
  }
}

/** The representative's shape with every field rule: the API validates POST with it, the form too. */
export function representativeSchema(context: RepresentativeContext) {
  return representativeInput.superRefine((value, ctx) => {
    for (const issue of representativeIssues(value, context)) addRepresentativeIssue(ctx, issue);
  });
}

// ---------------------------------------------------------------------------------------
// Main contact (spec 2 section 2; ARCHITECTURE.md: e-mail and phone)
// ---------------------------------------------------------------------------------------

export type MainContactEntry = Pick<Signatory, 'signatory_id' | 'email' | 'telephone' | 'is_main_contact'>;

/** The person can be the main contact: a valid e-mail and a valid phone (the action is disabled otherwise). */
export function hasContactData(entry: Pick<Signatory, 'email' | 'telephone'>): boolean {
  return (
    !isEmptyAnswer(entry.email) &&
    emailSchema.safeParse(entry.email).success &&
    !isEmptyAnswer(entry.telephone) &&
    phoneError(entry.telephone ?? '') === null
  );
}

export type MakeMainContactResult =
  | { ok: true; flags: { signatory_id: string; is_main_contact: boolean }[]; changed: string[] }
  | { ok: false; issue: RepresentativeIssue };

/**
 * Makes `signatoryId` the one main contact: every representative's new flag, and the ids whose
 * flag changes (the new one, the previous one). Refused when the person lacks a valid e-mail or
 * phone (`err_main_contact_needs_email_and_phone`) or is not in the list (`err_entity_not_found`).
 */
export function makeMainContact(list: readonly MainContactEntry[], signatoryId: string): MakeMainContactResult {
  const person = list.find((entry) => entry.signatory_id === signatoryId);
  if (!person) return { ok: false, issue: { field: 'is_main_contact', code: 'err_entity_not_found' } };
  if (!hasContactData(person)) {
    return { ok: false, issue: { field: 'is_main_contact', code: 'err_main_contact_needs_email_and_phone' } };
  }
  const flags = list.map((entry) => ({ signatory_id: entry.signatory_id, is_main_contact: entry === person }));
  const changed = list
    .filter((entry) => (entry.is_main_contact === true) !== (entry === person))
    .map((e) => e.signatory_id);
  return { ok: true, flags, changed };
}
