import { coverRequestError } from '@finportal/contracts/debitor-rules';
import type { Debitor } from '@finportal/contracts/debitors';
import type { RuleError } from '@finportal/contracts/rule-error';

/**
 * A debtor's credit-insurance cover on screen (spec 2 sections 3 and 4; ADR 018): every status the
 * insurer answers has its own text and a badge colour (COVER_STATUS_COLOURS of contracts).
 */

/** Why cover cannot be requested for a debtor without one (the insurer does not know it...), or null. */
export function coverBlocker(debitor: Debitor, insurer: string): RuleError | null {
  return coverRequestError(
    {
      external_provider_name: debitor.external_provider_company?.external_provider_name ?? null,
      external_provider_company_id: debitor.external_provider_company?.external_provider_company_id ?? null,
      cover_status: debitor.insurance_cover?.cover_status ?? null,
    },
    insurer,
  );
}

/** The insurer's number of its decision, when its data carry one (to quote when asking the insurer). */
export function coverDecisionId(debitor: Debitor): string | null {
  const id = debitor.insurance_cover?.provider_data?.decision_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}
