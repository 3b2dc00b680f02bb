import { i18n, translateErrorCode } from '../../../../lib/i18n';
import type { DraftIssue } from './draft-form';

/**
 * An issue of the draft in words: the error code's text (`be_error.<code>` with its values), or the
 * console's own wording where the code alone would say too little (a list with nothing chosen,
 * a default that is not offered).
 */
export function draftIssueMessage(issue: Pick<DraftIssue, 'field' | 'values'> & { code: string }): string {
  const { field, code } = issue;
  if (field === 'languages.supported' && code === 'err_too_small') return i18n.t('console:languages.none');
  if (field === 'currencies.supported' && code === 'err_too_small') return i18n.t('console:currencies.none');
  if (field === 'languages.default' && code === 'err_invalid_value') return i18n.t('console:languages.not_offered');
  if (field === 'currencies.default' && code === 'err_invalid_value') return i18n.t('console:currencies.not_offered');
  if (field === 'entitlements' && code === 'err_no_permission') return i18n.t('console:entitlements.refused');
  return translateErrorCode(code, issue.values);
}
