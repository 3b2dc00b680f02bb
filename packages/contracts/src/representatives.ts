import { z } from 'zod';
import type { AllowedUpdate } from './applications.js';
import { countrySchema } from './company.js';
import { parseDate } from './dynamic-forms.js';
import type { ErrorCode } from './errors.js';
import { SIGNATORY_REQUIRED_FIELDS } from './pending-items.js';
import type { RuleError } from './rule-error.js';
import {
  citySchema,
  emailSchema,
  germanTinError,
  houseNumberSchema,
  isPersonalTaxNumber,
  normalisePhone,
  phoneError,
  postcodeError,
  sameTaxId,
  streetSchema,
} from './validators.js';

/**
 * Representatives (signatories) of an application (spec 2 sections 2, 3, 5, 6 and 7; ADR 014):
 * the wire shapes of GET/POST/PATCH/DELETE /user/applications/{id}/signatories, and the rules,
 * written once for the web form, the list panel, the pending items and the API:
 * - `representativeIssues`: the field rules of one representative ("Representative" of spec 2
 *   section 5);
 * - `representativeListIssues`: the list rules (sole or two signatories, shares, beneficial
 *   owners, guarantors);
 * - the permissions of spec 2 section 6 (`canAddRepresentative`, `editableFieldGroups`,
 *   `forbiddenChanges`...);
 * - `makeMainContact`.
 *
 * `percentage_owned` is a decimal on the wire and in the database (0.25); every rule and every
 * message value is in percent (25), read at 0.01 % (`percentOf`).
 */

// ---------------------------------------------------------------------------------------
// Wire shapes
// ---------------------------------------------------------------------------------------

/** The representative's fields as the client sends them (spec 2 section 3 "Signatory"), in form order. */
export const SIGNATORY_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'telephone',
  'position',
  'nationality',
  'birthdate',
  'taxid',
  'street',
  'street_number',
  'postcode',
  'location',
  'country',
  'is_beneficial_owner',
  'percentage_owned',
  'is_legal_signatory',
  'is_contract_signatory',
  'is_sole_signatory',
  'is_main_contact',
] as const;
export type SignatoryField = (typeof SIGNATORY_FIELDS)[number];

export const INVITE_STATUSES = ['not_invited', 'not_accepted', 'expired', 'accepted'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** The kyc_status steps of spec 2 section 3, each with is_required and is_completed. */
export const KYC_STEPS = [
  'tax_id_specified',
  'ident_completed',
  'guarantor_contract_uploaded',
  'guarantor_contract_exist',
  'loan_signature',
  'legal_signature_accepted',
  'sepa_mandate_accepted',
] as const;
export type KycStep = (typeof KYC_STEPS)[number];

export const SIGNATURE_STATUSES = ['NotCompleted', 'InProgress', 'Completed', 'Failed'] as const;
export const CREDIT_REPORT_PROVIDERS = ['credit_reform_de', 'credit_reform_ch', 'north_data', 'schufa'] as const;
export type CreditReportProvider = (typeof CREDIT_REPORT_PROVIDERS)[number];

const optionalText = z.string().nullable().optional();
const optionalFlag = z.boolean().nullable().optional();

/**
 * One representative as POST and PATCH send it. The shape only (types); the rules are
 * `representativeIssues`, and `representativeSchema(context)` is this shape with them. Every field
 * may be missing or null: a PATCH sends what changes (the tax id alone, or the form), and the
 * form keeps unanswered yes/no questions as null. `birthdate` is YYYY-MM-DD; `percentage_owned` a
 * decimal (0.25 for 25 %).
 */
export const representativeInput = z.object({
  first_name: optionalText,
  last_name: optionalText,
  email: optionalText,
  telephone: optionalText,
  position: optionalText,
  nationality: optionalText,
  birthdate: optionalText,
  taxid: optionalText,
  street: optionalText,
  street_number: optionalText,
  postcode: optionalText,
  location: optionalText,
  country: optionalText,
  is_beneficial_owner: optionalFlag,
  percentage_owned: z.number().nullable().optional(),
  is_legal_signatory: optionalFlag,
  /** Willing to sign. */
  is_contract_signatory: optionalFlag,
  /** Can sign alone. */
  is_sole_signatory: optionalFlag,
  is_main_contact: optionalFlag,
});
export type RepresentativeInput = z.input<typeof representativeInput>;

/** What the rules read: the wire names; a form may hold '' for an empty text. */
export type RepresentativeValues = Partial<Record<SignatoryField, unknown>>;

/** POST /user/applications/{id}/signatories: `data`, a list of one representative (spec 2 section 7). */
export const addRepresentativeRequest = z.object({ data: z.array(representativeInput).length(1) });
export type AddRepresentativeRequest = z.input<typeof addRepresentativeRequest>;

/** PATCH /user/applications/{id}/signatories/{signatoryId}: the tax id alone, or fields with flags and contact. */
export const updateRepresentativeRequest = representativeInput;
export type UpdateRepresentativeRequest = z.input<typeof updateRepresentativeRequest>;

export const signatoryParams = z.object({ id: z.string().max(64), signatoryId: z.string().max(64) });

const kycStepState = z.object({ is_required: z.boolean(), is_completed: z.boolean() });

/** requirements of spec 2 section 3; the provider stays a string (an unknown one shows provider_error). */
export const signatoryRequirements = z.object({
  signature_provider: z.string().nullable(),
  signature_status: z.enum(SIGNATURE_STATUSES).nullable(),
  digital_signature_url: z.string().nullable(),
  guarantor_contract_url: z.string().nullable(),
  /** ISO 8601, UTC. */
  signature_completed_at: z.string().nullable(),
  is_video_id_required: z.boolean(),
  is_loan_signature_required: z.boolean(),
  is_ubo_signature_required: z.boolean(),
  required_other_documents: z.array(
    z.object({
      document_id: z.string(),
      document_type: z.string(),
      signing_method: z.enum(['online', 'offline']),
      is_signed: z.boolean(),
    }),
  ),
});
export type SignatoryRequirements = z.infer<typeof signatoryRequirements>;

/** A credit-report provider's score of the person (shown on the card, never required). */
export const creditScoreSchema = z.object({ provider: z.enum(CREDIT_REPORT_PROVIDERS), score: z.number() });
export type CreditScore = z.infer<typeof creditScoreSchema>;

/** A representative as GET answers it (spec 2 section 3 "Signatory"). */
export const signatorySchema = z.object({
  signatory_id: z.string(),
  application_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  position: z.string().nullable(),
  nationality: z.string().nullable(),
  /** YYYY-MM-DD. */
  birthdate: z.string().nullable(),
  taxid: z.string().nullable(),
  street: z.string().nullable(),
  street_number: z.string().nullable(),
  postcode: z.string().nullable(),
  location: z.string().nullable(),
  country: z.string().nullable(),
  is_beneficial_owner: z.boolean().nullable(),
  /** A decimal: 0.25 is 25 %. */
  percentage_owned: z.number().nullable(),
  is_legal_signatory: z.boolean().nullable(),
  is_contract_signatory: z.boolean().nullable(),
  is_sole_signatory: z.boolean().nullable(),
  is_main_contact: z.boolean(),
  /** True for the signatory whose e-mail is the logged-in user's. */
  is_current_actor: z.boolean(),
  invite_status: z.enum(INVITE_STATUSES),
  kyc_status: z.partialRecord(z.enum(KYC_STEPS), kycStepState),
  requirements: signatoryRequirements.nullable(),
  credit_score: creditScoreSchema.nullable().optional(),
});
export type Signatory = z.infer<typeof signatorySchema>;

/** GET /user/applications/{id}/signatories (spec 1 section 7). */
export const signatoriesResponse = z.object({ signatories: z.array(signatorySchema) });
export type SignatoriesResponse = z.infer<typeof signatoriesResponse>;

export const signatoryResponse = z.object({ signatory: signatorySchema });
export type SignatoryResponse = z.infer<typeof signatoryResponse>;

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
  /** The partner's country list: nationality and country are among them (ISO 3166 alpha-2). */
  countries: readonly string[];
  /** The company's tax number: a personal tax id must differ from it. */
  companyTaxId?: string | null;
  /** Today for the birth-date rules (tests pass a fixed date). */
  now?: Date;
}

/**
 * Characters refused in every text field: C0 and C1 controls (tab, newline, NUL, ESC...) and the
 * bidirectional embeddings, overrides and isolates that make a text display other than it reads.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

/** The decimal as a percent at 0.01 % (0.25 → 25; 0.123456 → 12.35); floating noise goes. */
export function percentOf(decimal: number): number {
  return Math.round(decimal * 10_000) / 100;
}

/** The percent the UI shows as the decimal the wire carries (25 → 0.25; 33.33 → 0.3333). */
export function decimalOf(percent: number): number {
  return Math.round(percent * 100) / 10_000;
}

const isEmpty = (value: unknown) =>
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

function countryError(value: string, countries: readonly string[]): RuleError | null {
  return schemaError(countrySchema, value) ?? (countries.includes(value) ? null : { code: 'err_invalid_value' });
}

/** Each text field's rule on its trimmed, non-empty value (free of control characters). */
type TextRule = (value: string, values: RepresentativeValues, context: RepresentativeContext) => RuleError | null;
const TEXT_RULES: Record<Exclude<SignatoryField, BooleanField | 'percentage_owned'>, TextRule> = {
  first_name: maxLength(PERSON_NAME_MAX),
  last_name: maxLength(PERSON_NAME_MAX),
  email: (v) => schemaError(emailSchema, v),
  telephone: (v) => phoneError(v),
  position: maxLength(POSITION_MAX),
  nationality: (v, _, context) => countryError(v, context.countries),
  birthdate: (v, _, context) => birthdateError(v, context.now),
  taxid: (v, values, context) =>
    personalTaxIdError(v, values) ?? (sameTaxId(v, context.companyTaxId) ? { code: 'err_tax_ids_must_differ' } : null),
  street: (v) => schemaError(streetSchema, v),
  street_number: (v) => schemaError(houseNumberSchema, v),
  postcode: (v, values) => postcodeError(v, typeof values.country === 'string' ? values.country.trim() : null),
  location: (v) => schemaError(citySchema, v),
  country: (v, _, context) => countryError(v, context.countries),
};

const BOOLEAN_FIELDS = [
  'is_beneficial_owner',
  'is_legal_signatory',
  'is_contract_signatory',
  'is_sole_signatory',
  'is_main_contact',
] as const;
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
  if (isEmpty(value)) return required ? { code: 'err_required' } : null;
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
// List rules (spec 2 section 5 "List rules"; ADR 014)
// ---------------------------------------------------------------------------------------

/** What the list rules read of each representative. */
export type RepresentativeListEntry = Pick<
  Signatory,
  | 'signatory_id'
  | 'first_name'
  | 'last_name'
  | 'percentage_owned'
  | 'is_beneficial_owner'
  | 'is_legal_signatory'
  | 'is_contract_signatory'
  | 'is_sole_signatory'
>;

/**
 * `limit`: the list breaks a hard limit (shares above 100 %): the API refuses the write that
 * causes it with 400 and stores nothing. `incomplete`: the list is allowed but not ready; it is a
 * pending item until fixed.
 */
export type ListIssueKind = 'limit' | 'incomplete';

export interface RepresentativeListIssue extends RuleError {
  kind: ListIssueKind;
  /** The representatives whose data can fix it (see each rule). */
  signatoryIds: string[];
}

export interface RepresentativeListContext {
  /** The partner's product requires guarantees: the guarantor rule applies. */
  guaranteesRequired?: boolean;
}

/** The share in hundredths of a percent (integers add up without floating noise); 0 when not given. */
const hundredths = (entry: RepresentativeListEntry) =>
  typeof entry.percentage_owned === 'number' && Number.isFinite(entry.percentage_owned)
    ? Math.round(entry.percentage_owned * 10_000)
    : 0;

/** A signatory of the list rule: a legal signatory who is willing to sign (ADR 014). */
export const isSigner = (entry: RepresentativeListEntry): boolean =>
  entry.is_legal_signatory === true && entry.is_contract_signatory === true;

/** A guarantor: a shareholder (share above 0) who is willing to sign (ADR 014). */
export const isGuarantor = (entry: RepresentativeListEntry): boolean =>
  entry.is_contract_signatory === true && hundredths(entry) > 0;

/**
 * The list rules, in this order:
 * - `err_no_signatories` (incomplete): nobody added yet; the other rules wait for a first person.
 * - `err_application_signatories_sole_or_atleast_2` (incomplete): no signer who can sign alone and
 *   fewer than two signers (a signer: legal signatory and willing to sign). Ids: the legal
 *   signatories (mark one willing to sign and able to sign alone, or a second one willing to sign).
 * - `err_share_percentage_greater_then_100` (limit): the shares add up to more than 100 %.
 *   Values: total, max. Ids: everyone holding a share.
 * - `err_beneficial_owner_share_too_small` (incomplete), one per person: a beneficial owner
 *   holding less than 25 %, unless a legal signatory while nobody holds 25 % or more (the legal
 *   representatives are then the beneficial owners, GwG section 3 (2)). Values: name (when
 *   given), percent, min. Ids: that person.
 * - `err_guarantors_share_too_small` (incomplete), only with guaranteesRequired: the guarantors
 *   hold 50 % or less together. Values: total, min. Ids: the shareholders who do not sign yet.
 */
export function representativeListIssues(
  list: readonly RepresentativeListEntry[],
  context: RepresentativeListContext = {},
): RepresentativeListIssue[] {
  if (list.length === 0) return [{ code: 'err_no_signatories', kind: 'incomplete', signatoryIds: [] }];
  const issues: RepresentativeListIssue[] = [];
  const ids = (entries: readonly RepresentativeListEntry[]) => entries.map((e) => e.signatory_id);

  const signers = list.filter(isSigner);
  if (!signers.some((s) => s.is_sole_signatory === true) && signers.length < 2) {
    issues.push({
      code: 'err_application_signatories_sole_or_atleast_2',
      kind: 'incomplete',
      signatoryIds: ids(list.filter((e) => e.is_legal_signatory === true)),
      values: { count: signers.length },
    });
  }

  const shareholders = list.filter((e) => hundredths(e) > 0);
  const total = shareholders.reduce((sum, e) => sum + hundredths(e), 0);
  if (total > SHARE_MAX_PERCENT * 100) {
    issues.push({
      code: 'err_share_percentage_greater_then_100',
      kind: 'limit',
      signatoryIds: ids(shareholders),
      values: { total: total / 100, max: SHARE_MAX_PERCENT },
    });
  }

  const threshold = BENEFICIAL_OWNER_THRESHOLD_PERCENT * 100;
  const qualifyingOwnerExists = list.some((e) => hundredths(e) >= threshold);
  for (const owner of list.filter((e) => e.is_beneficial_owner === true && hundredths(e) < threshold)) {
    if (owner.is_legal_signatory === true && !qualifyingOwnerExists) continue;
    const name = representativeName(owner);
    issues.push({
      code: 'err_beneficial_owner_share_too_small',
      kind: 'incomplete',
      signatoryIds: [owner.signatory_id],
      values: { ...(name ? { name } : {}), percent: hundredths(owner) / 100, min: BENEFICIAL_OWNER_THRESHOLD_PERCENT },
    });
  }

  if (context.guaranteesRequired) {
    const guaranteed = list.filter(isGuarantor).reduce((sum, e) => sum + hundredths(e), 0);
    if (guaranteed <= GUARANTORS_MIN_PERCENT * 100) {
      issues.push({
        code: 'err_guarantors_share_too_small',
        kind: 'incomplete',
        signatoryIds: ids(shareholders.filter((e) => !isGuarantor(e))),
        values: { total: guaranteed / 100, min: GUARANTORS_MIN_PERCENT },
      });
    }
  }
  return issues;
}

/** The issues that make the API refuse a write (400, nothing stored). */
export const listLimitIssues = (issues: readonly RepresentativeListIssue[]): RepresentativeListIssue[] =>
  issues.filter((issue) => issue.kind === 'limit');

// ---------------------------------------------------------------------------------------
// Permissions (spec 2 section 6; ADR 014)
// ---------------------------------------------------------------------------------------

/** The field groups of the edit form, named after the allowed_updates entry that opens each. */
export const FIELD_GROUPS = [
  'signatory',
  'signatory_flags',
  'signatory_tin',
  'signatory_contact',
] as const satisfies readonly AllowedUpdate[];
export type FieldGroup = (typeof FIELD_GROUPS)[number];

export const FIELD_GROUP_FIELDS: Readonly<Record<FieldGroup, readonly SignatoryField[]>> = {
  signatory: [
    'first_name',
    'last_name',
    'position',
    'nationality',
    'birthdate',
    'street',
    'street_number',
    'postcode',
    'location',
    'country',
  ],
  signatory_flags: [
    'is_beneficial_owner',
    'percentage_owned',
    'is_legal_signatory',
    'is_contract_signatory',
    'is_sole_signatory',
  ],
  signatory_tin: ['taxid'],
  signatory_contact: ['email', 'telephone', 'is_main_contact'],
};

const GROUP_OF = new Map<SignatoryField, FieldGroup>(
  FIELD_GROUPS.flatMap((group) => FIELD_GROUP_FIELDS[group].map((field) => [field, group] as const)),
);

export function fieldGroupOf(field: SignatoryField): FieldGroup {
  return GROUP_OF.get(field)!;
}

/** Adding a representative needs `signatory`. */
export function canAddRepresentative(allowed: readonly AllowedUpdate[]): boolean {
  return allowed.includes('signatory');
}

/**
 * The groups whose fields this user may change on this representative: none unless it is the
 * user's own record (current actor) or `signatory_other` is allowed; then every group with
 * `signatory` ("add and edit all fields"), else each group whose own entry is allowed.
 */
export function editableFieldGroups(allowed: readonly AllowedUpdate[], isCurrentActor: boolean): FieldGroup[] {
  if (!isCurrentActor && !allowed.includes('signatory_other')) return [];
  if (allowed.includes('signatory')) return [...FIELD_GROUPS];
  return FIELD_GROUPS.filter((group) => allowed.includes(group));
}

/** The edit action is offered: current actor or `signatory_other`, and at least one group editable. */
export function canEditRepresentative(allowed: readonly AllowedUpdate[], isCurrentActor: boolean): boolean {
  return editableFieldGroups(allowed, isCurrentActor).length > 0;
}

/** The whole card is editable (and deletable): `signatory` plus `signatory_other` or being the current actor. */
export function canDeleteRepresentative(allowed: readonly AllowedUpdate[], isCurrentActor: boolean): boolean {
  return allowed.includes('signatory') && (isCurrentActor || allowed.includes('signatory_other'));
}

export type ShortcutKind = 'tin' | 'phone' | 'email';
const SHORTCUT_FIELD: Record<ShortcutKind, SignatoryField> = { tin: 'taxid', phone: 'telephone', email: 'email' };

/** The tax id, phone and e-mail modals: the field's group editable (signatory_tin / signatory_contact). */
export function canUseShortcut(
  kind: ShortcutKind,
  allowed: readonly AllowedUpdate[],
  isCurrentActor: boolean,
): boolean {
  return editableFieldGroups(allowed, isCurrentActor).includes(fieldGroupOf(SHORTCUT_FIELD[kind]));
}

/** Two values of a field as stored: texts trimmed, e-mail case, phone and tax id notation, percent at 0.01. */
function sameValue(field: SignatoryField, a: unknown, b: unknown): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  if (typeof a === 'string' && typeof b === 'string') {
    const x = a.trim();
    const y = b.trim();
    if (field === 'email') return x.toLowerCase() === y.toLowerCase();
    if (field === 'telephone') return normalisePhone(x) === normalisePhone(y);
    if (field === 'taxid') return sameTaxId(x, y);
    return x === y;
  }
  if (field === 'percentage_owned' && typeof a === 'number' && typeof b === 'number') {
    return percentOf(a) === percentOf(b);
  }
  return a === b;
}

/**
 * The fields that `after` (a PATCH body: what is sent) changes outside the groups this user may
 * edit; the API answers 403 err_no_permission when the list is not empty and changes nothing. A
 * field that is not sent, or sent with its stored value (the full form sends disabled fields
 * too), is no change.
 */
export function forbiddenChanges(
  before: RepresentativeValues,
  after: RepresentativeValues,
  allowed: readonly AllowedUpdate[],
  isCurrentActor: boolean,
): SignatoryField[] {
  const editable = new Set(editableFieldGroups(allowed, isCurrentActor));
  return SIGNATORY_FIELDS.filter(
    (field) =>
      after[field] !== undefined &&
      !sameValue(field, before[field], after[field]) &&
      !editable.has(fieldGroupOf(field)),
  );
}

// ---------------------------------------------------------------------------------------
// Main contact (spec 2 section 2; ARCHITECTURE.md: e-mail and phone)
// ---------------------------------------------------------------------------------------

export type MainContactEntry = Pick<Signatory, 'signatory_id' | 'email' | 'telephone' | 'is_main_contact'>;

/** The person can be the main contact: a valid e-mail and a valid phone (the action is disabled otherwise). */
export function hasContactData(entry: Pick<Signatory, 'email' | 'telephone'>): boolean {
  return (
    !isEmpty(entry.email) &&
    emailSchema.safeParse(entry.email).success &&
    !isEmpty(entry.telephone) &&
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
