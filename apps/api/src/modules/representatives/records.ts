import {
  KYC_STEPS,
  SIGNATORY_FIELDS,
  signatoryRequirements,
  type RepresentativeValues,
  type Signatory,
  type SignatoryField,
  type SignatoryRequirements,
} from '@finportal/contracts/representative-schemas';
import { decimalOf, isEmptyAnswer, percentOf } from '@finportal/contracts/representatives';
import { normalisePhone } from '@finportal/contracts/validators';
import type { RepresentativeListEntry } from '@finportal/contracts/representative-list-rules';
import type { RepresentativeContext } from '@finportal/contracts/representatives';
import { signatoryCustomFields, type SignatoryCustomField } from '@finportal/contracts/signatory-custom-fields';
import type { signatories } from '../../db/schema.js';
import type { Partner } from '../../platform/tenancy.js';

/**
 * The representatives' records (table signatories) in the wire's terms, shared by the modules that
 * read them (representatives, pending items; later signatures and back office).
 */

/** A representative as stored (table signatories). */
export type SignatoryRow = typeof signatories.$inferSelect;
type Columns = typeof signatories.$inferInsert;

/** The column of each wire field (spec 2 section 3 names → table columns). */
export const COLUMN_OF = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  telephone: 'telephone',
  position: 'position',
  nationality: 'nationality',
  birthdate: 'birthdate',
  taxid: 'taxid',
  street: 'street',
  street_number: 'streetNumber',
  postcode: 'postcode',
  location: 'location',
  country: 'country',
  is_beneficial_owner: 'isBeneficialOwner',
  percentage_owned: 'percentageOwned',
  is_legal_signatory: 'isLegalSignatory',
  is_contract_signatory: 'isContractSignatory',
  is_sole_signatory: 'isSoleSignatory',
  is_main_contact: 'isMainContact',
} as const satisfies Record<SignatoryField, keyof SignatoryRow>;

/** The stored record's values under their wire names (what the rules read). */
export function valuesOf(row: SignatoryRow): RepresentativeValues {
  return Object.fromEntries(SIGNATORY_FIELDS.map((field) => [field, row[COLUMN_OF[field]]]));
}

/**
 * The columns of the fields `values` sends (a field not sent is not touched), in their stored
 * form: texts trimmed (empty → null), the phone as + and digits, country codes in capitals, the
 * share as a decimal at 0.01 % (0.25), the main-contact flag never null.
 */
export function columnsOf(values: RepresentativeValues): Partial<Columns> {
  const columns: Record<string, unknown> = {};
  for (const field of SIGNATORY_FIELDS) {
    if (!(field in values) || values[field] === undefined) continue;
    columns[COLUMN_OF[field]] = storedValue(field, values[field]);
  }
  return columns as Partial<Columns>;
}

function storedValue(field: SignatoryField, value: unknown): unknown {
  if (field === 'is_main_contact') return value === true;
  if (isEmptyAnswer(value)) return null;
  if (field === 'percentage_owned') return decimalOf(percentOf(value as number));
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (field === 'telephone') return normalisePhone(text);
  if (field === 'nationality' || field === 'country') return text.toUpperCase();
  return text;
}

/** requirements as the wire carries them: every key present (defaults where the record lacks one), or null. */
function requirementsOf(row: SignatoryRow): SignatoryRequirements | null {
  if (!row.requirements) return null;
  const parsed = signatoryRequirements.safeParse({
    signature_provider: null,
    signature_status: null,
    digital_signature_url: null,
    guarantor_contract_url: null,
    signature_completed_at: null,
    is_video_id_required: false,
    is_loan_signature_required: false,
    is_ubo_signature_required: false,
    required_other_documents: [],
    ...row.requirements,
  });
  return parsed.success ? parsed.data : null;
}

/**
 * Is this the logged-in user's own card (ADR 021)? A card is linked to an account only by
 * accepting its invitation (`user_id`); then it is that account's alone. Before anyone was
 * invited, the card with the user's e-mail is theirs (the applicant's own card while they fill
 * in the list). An invited card whose e-mail someone changed to their own is not theirs.
 */
export function isCurrentActor(
  row: Pick<SignatoryRow, 'email' | 'userId' | 'inviteStatus'>,
  user: { id: string; email: string },
) {
  if (row.userId !== null) return row.userId === user.id;
  if (row.inviteStatus !== 'not_invited') return false;
  return row.email !== null && row.email.trim().toLowerCase() === user.email.trim().toLowerCase();
}

/** The invitation to sign as the wire shows it (first and newest sent, newest expiry), or null. */
export type InvitationSummary = Signatory['invitation'];

/** A representative's signing steps and requirements computed from stored data (signing-states.ts loadSigning). */
export interface ComputedSigning {
  steps: Signatory['kyc_status'];
  requirements: SignatoryRequirements | null;
  /** A guarantor signer (the one rule, contracts isGuarantor). */
  facts: { isGuarantor: boolean };
}

/**
 * The wire shape of a stored representative (spec 2 section 3 "Signatory"). kyc_status and
 * requirements are `signing`'s, computed from real data (issue 14, ADR 020); without it (a caller
 * that has not loaded them) the stored values.
 */
export function signatoryOf(
  row: SignatoryRow,
  user: { id: string; email: string },
  signing?: ComputedSigning,
  invitation: InvitationSummary = null,
): Signatory {
  const kyc = signing
    ? signing.steps
    : Object.fromEntries(
        KYC_STEPS.filter((step) => row.kycStatus[step]).map((step) => [
          step,
          { is_required: !!row.kycStatus[step]!.is_required, is_completed: !!row.kycStatus[step]!.is_completed },
        ]),
      );
  return {
    signatory_id: row.id,
    application_id: row.applicationId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    telephone: row.telephone,
    position: row.position,
    nationality: row.nationality,
    birthdate: row.birthdate,
    taxid: row.taxid,
    street: row.street,
    street_number: row.streetNumber,
    postcode: row.postcode,
    location: row.location,
    country: row.country,
    is_beneficial_owner: row.isBeneficialOwner,
    percentage_owned: row.percentageOwned === null ? null : Number(row.percentageOwned),
    is_legal_signatory: row.isLegalSignatory,
    is_contract_signatory: row.isContractSignatory,
    is_sole_signatory: row.isSoleSignatory,
    is_main_contact: row.isMainContact,
    is_current_actor: isCurrentActor(row, user),
    invite_status: row.inviteStatus,
    invitation,
    is_guarantor: signing?.facts.isGuarantor ?? false,
    kyc_status: kyc,
    requirements: signing ? signing.requirements : requirementsOf(row),
    credit_score: row.creditScore ?? null,
    custom_fields_list: row.customFields,
  };
}

/** Audit data of a representative's values: the tax id and the birth date masked (issue 10). */
export function auditValues(values: RepresentativeValues): Record<string, unknown> {
  const masked: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (field === 'taxid' && typeof value === 'string' && value) masked[field] = `***${value.trim().slice(-2)}`;
    else if (field === 'birthdate' && typeof value === 'string' && value) masked[field] = `${value.slice(0, 4)}-**-**`;
    else masked[field] = value;
  }
  return masked;
}

/** The products of the partner whose loans need guarantees (the guarantor list rule; ADR 014). */
export function guaranteesRequired(partner: Partner, productType: string): boolean {
  return (partner.representatives.guarantees_required as readonly string[]).includes(productType);
}

/** The field rules' context of an application: the partner's countries and the company's tax number. */
export function representativeContext(partner: Partner, companyTaxId: string | null): RepresentativeContext {
  return { countries: partner.countries, companyTaxId };
}

/** The custom fields a representative answers on an application of this loan type (the partner's signatory form). */
export function signatoryCustomFieldsOf(partner: Partner, loanType: string): SignatoryCustomField[] {
  return signatoryCustomFields(partner.signatory_form, loanType);
}

/** What the list rules read of a stored representative. */
export function listEntryOf(row: SignatoryRow): RepresentativeListEntry {
  return {
    signatory_id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    percentage_owned: row.percentageOwned === null ? null : Number(row.percentageOwned),
    is_beneficial_owner: row.isBeneficialOwner,
    is_legal_signatory: row.isLegalSignatory,
    is_contract_signatory: row.isContractSignatory,
    is_sole_signatory: row.isSoleSignatory,
  };
}
