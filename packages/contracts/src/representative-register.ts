import { z } from 'zod';
import type { RepresentativeValues } from './representative-schemas.js';
import { BENEFICIAL_OWNER_THRESHOLD_PERCENT, percentOf } from './representatives.js';

/**
 * Beyond the spec (issue 10): the people the company register knows for the application's company
 * (managing directors and authorised officers with their power of representation, shareholders
 * with their shares), offered on the Representatives tab as "Add from the register". Nothing is
 * added without the customer's confirmation: the web app fills the add form with
 * `representativeFromRegister` and the customer completes and saves it.
 */

export const REGISTER_ROLES = ['managing_director', 'authorised_officer', 'shareholder'] as const;
export type RegisterRole = (typeof REGISTER_ROLES)[number];

/** alone: may represent the company alone; jointly: only together with another representative. */
export const REPRESENTATION_KINDS = ['alone', 'jointly'] as const;
export type RepresentationKind = (typeof REPRESENTATION_KINDS)[number];

export const registerPersonSchema = z.object({
  /** The register's id of the person (stable for the company). */
  person_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  roles: z.array(z.enum(REGISTER_ROLES)).min(1),
  /** Power of representation of a director or officer; null for a shareholder only. */
  representation: z.enum(REPRESENTATION_KINDS).nullable(),
  /** YYYY-MM-DD, when the register publishes it. */
  birthdate: z.string().nullable(),
  /** Share as a decimal (0.25 is 25 %); null when not a shareholder. */
  percentage_owned: z.number().nullable(),
  /** A representative with this name (and birth date, when both are known) is already on the list. */
  already_added: z.boolean(),
});
export type RegisterPerson = z.infer<typeof registerPersonSchema>;

/** GET /user/applications/{id}/register_persons: the register's people of the company (none when it is not in a register). */
export const registerPersonsResponse = z.object({
  /** The register's name (e.g. demo_registry); null when the company was not found through one. */
  source: z.string().nullable(),
  persons: z.array(registerPersonSchema),
});
export type RegisterPersonsResponse = z.infer<typeof registerPersonsResponse>;

export const isRegisterRepresentative = (person: Pick<RegisterPerson, 'roles'>): boolean =>
  person.roles.includes('managing_director') || person.roles.includes('authorised_officer');

/**
 * The add form's values taken from a register entry: name, birth date where known, legal
 * signatory for a director or officer, "can sign alone" from the power of representation, and
 * the share (beneficial owner from 25 %). Everything else stays for the customer to fill in.
 */
export function representativeFromRegister(person: RegisterPerson): RepresentativeValues {
  const legal = isRegisterRepresentative(person);
  const share = person.percentage_owned;
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    birthdate: person.birthdate,
    is_legal_signatory: legal,
    is_sole_signatory: legal ? person.representation === 'alone' : null,
    percentage_owned: share,
    is_beneficial_owner: share !== null ? percentOf(share) >= BENEFICIAL_OWNER_THRESHOLD_PERCENT : null,
  };
}
