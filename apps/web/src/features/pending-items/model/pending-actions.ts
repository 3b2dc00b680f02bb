import { STEP_TARGET, type PendingAction } from '@finportal/contracts/pending-items';
import { hasSignaturesTab } from '@finportal/contracts/signature-steps';

type SignaturesTabFacts = Parameters<typeof hasSignaturesTab>[0];

/**
 * The tab a pending item leads to: the signature steps are on the Signatures tab of the person who
 * signs; everyone else (the applicant who does not sign) sees who still has to sign on the
 * representatives' cards.
 */
function linkedTab(tab: string, application: SignaturesTabFacts | undefined): string {
  return tab === 'signatures' && application && !hasSignaturesTab(application) ? 'representatives' : tab;
}

/** Which link text an action gets: the step's, or the Representatives tab's where that is where it leads. */
export function actionLinkKey(action: PendingAction, application?: SignaturesTabFacts): string {
  const target = STEP_TARGET[action.step];
  return 'tab' in target && linkedTab(target.tab, application) === 'representatives' && action.step === 'signature'
    ? 'representatives'
    : action.step;
}

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
export function actionSearch(action: PendingAction, application?: SignaturesTabFacts): string | null {
  const target = STEP_TARGET[action.step];
  if ('page' in target) return null;
  const params = new URLSearchParams({ tab: linkedTab(target.tab, application) });
  if (target.modal) params.set('modal', target.modal);
  return `?${params.toString()}${action.step === 'requests' ? `#${QUESTIONS_FRAGMENT}` : ''}`;
}
