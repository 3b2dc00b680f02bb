import { isApiError } from '../../../lib/http';
import { i18n, translateErrorCode } from '../../../lib/i18n';

/**
 * A refused write as the case page shows it: the errors on fields of the form beside their field,
 * the rest as one message. `special` words a code for this action where the general text would
 * not say enough (err_no_signatories means another thing for a contract than for the customer).
 */
export interface Refusal<F extends string> {
  fields: Partial<Record<F, string>>;
  /** What belongs to no field (a network failure: the general "try again"), or null. */
  rest: string | null;
}

export function sortOutRefusal<F extends string>(
  error: unknown,
  fields: readonly F[],
  special: Partial<Record<string, string>> = {},
): Refusal<F> {
  if (!isApiError(error) || error.errors.length === 0) return { fields: {}, rest: i18n.t('common:request-failed') };
  const found: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  for (const item of error.errors) {
    const text = special[item.code] ?? translateErrorCode(item.code, item.values);
    const field = fields.find((f) => f === item.field);
    if (field && !found[field]) found[field] = text;
    else if (!field && !rest.includes(text)) rest.push(text);
  }
  return { fields: found, rest: rest.length ? rest.join(' ') : null };
}

/** The whole refusal as one message (a dialog or card without fields). */
export function refusalText(error: unknown, special: Partial<Record<string, string>> = {}): string {
  const { rest } = sortOutRefusal(error, [], special);
  return rest ?? i18n.t('common:request-failed');
}
