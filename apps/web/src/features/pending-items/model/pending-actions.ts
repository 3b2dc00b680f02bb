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
 * Where an action is fixed, as the search of the overview URL: another tab (`?tab=documents`)
 * or an overview modal (`?tab=overview&modal=bankinfo`); null for the settings page.
 */
export function actionSearch(action: PendingAction): string | null {
  const target = STEP_TARGET[action.step];
  if ('page' in target) return null;
  const params = new URLSearchParams({ tab: target.tab });
  if (target.modal) params.set('modal', target.modal);
  return `?${params.toString()}`;
}
