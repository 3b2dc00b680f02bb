import type { RuleError } from './rule-error.js';
import type { Signatory } from './representative-schemas.js';
import {
  BENEFICIAL_OWNER_THRESHOLD_PERCENT,
  GUARANTORS_MIN_PERCENT,
  representativeName,
  SHARE_MAX_PERCENT,
} from './representatives.js';

/**
 * The list rules of an application's representatives (spec 2 section 5 "List rules"; ADR 014):
 * computed once for the panel above the cards, the pending items and the API's 400.
 */

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
const hundredths = (entry: Pick<RepresentativeListEntry, 'percentage_owned'>) =>
  typeof entry.percentage_owned === 'number' && Number.isFinite(entry.percentage_owned)
    ? Math.round(entry.percentage_owned * 10_000)
    : 0;

/** A signatory of the list rule: a legal signatory who is willing to sign (ADR 014). */
export const isSigner = (entry: RepresentativeListEntry): boolean =>
  entry.is_legal_signatory === true && entry.is_contract_signatory === true;

/**
 * A guarantor (ADR 021, the one definition): where the partner's product requires guarantees, a
 * shareholder (share above 0) who is willing to sign. The same people count towards "guarantors
 * together hold more than 50 %", sign the guarantee agreement (signing steps), are identified,
 * upload a signed copy, are named in the generated agreement and are shown as guarantors in the
 * back office. Without the product's guarantees nobody is a guarantor.
 */
export const isGuarantor = (entry: GuarantorEntry, guaranteesRequired: boolean): boolean =>
  guaranteesRequired && entry.is_contract_signatory === true && hundredths(entry) > 0;

/** What the guarantor rule reads of a representative. */
export type GuarantorEntry = Pick<RepresentativeListEntry, 'is_contract_signatory' | 'percentage_owned'>;

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
    const guaranteed = list.filter((e) => isGuarantor(e, true)).reduce((sum, e) => sum + hundredths(e), 0);
    if (guaranteed <= GUARANTORS_MIN_PERCENT * 100) {
      issues.push({
        code: 'err_guarantors_share_too_small',
        kind: 'incomplete',
        signatoryIds: ids(shareholders.filter((e) => !isGuarantor(e, true))),
        values: { total: guaranteed / 100, min: GUARANTORS_MIN_PERCENT },
      });
    }
  }
  return issues;
}

/** The issues that make the API refuse a write (400, nothing stored). */
export const listLimitIssues = (issues: readonly RepresentativeListIssue[]): RepresentativeListIssue[] =>
  issues.filter((issue) => issue.kind === 'limit');
