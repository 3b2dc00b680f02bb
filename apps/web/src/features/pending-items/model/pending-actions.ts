import { STEP_TARGET, type PendingAction } from '@finportal/contracts/pending-items';

/**
 * The actions to show: the minimum-data check on signatories is hidden while the
 * signatories-specified check is pending too (spec 1 section 4).
 */
export function visibleActions(actions: readonly PendingAction[]): PendingAction[] {
  const specifiedPending = actions.some((a) => a.action === 'signatories_specified');
  return actions.filter((a) => !(specifiedPending && a.action === 'signatories_minimum_data'));
}

/**
 * The overview's card of the back office's questions (issue 13), as the fragment of the overview
 * URL: the card scrolls to itself and takes the focus when the URL names it.
 */
export const QUESTIONS_FRAGMENT = 'advisor-questions';

/**
 * Where an action is fixed, as the search of the overview URL: another tab (`?tab=documents`),
 * an overview modal (`?tab=overview&modal=bankinfo`) or the questions card on the overview
 * (`?tab=overview#advisor-questions`); null for the settings page.
 */
export function actionSearch(action: PendingAction): string | null {
  const target = STEP_TARGET[action.step];
  if ('page' in target) return null;
  const params = new URLSearchParams({ tab: target.tab });
  if (target.modal) params.set('modal', target.modal);
  return `?${params.toString()}${action.step === 'requests' ? `#${QUESTIONS_FRAGMENT}` : ''}`;
}
