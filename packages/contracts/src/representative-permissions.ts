import type { AllowedUpdate } from './applications.js';
import { SIGNATORY_FIELDS, type RepresentativeValues, type SignatoryField } from './representative-schemas.js';
import { isEmptyAnswer, percentOf } from './representatives.js';
import { normalisePhone, sameTaxId } from './validators.js';

/**
 * Who may add, edit and delete representatives, and which fields (spec 2 section 6; ADR 014):
 * the field groups named after the `allowed_updates` entries, the shortcuts, and the changes the
 * API refuses with 403.
 */

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
  if (isEmptyAnswer(a) || isEmptyAnswer(b)) return isEmptyAnswer(a) && isEmptyAnswer(b);
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
