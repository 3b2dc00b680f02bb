import type { Application } from '@finportal/contracts/applications';
import { hasSignaturesTab } from '@finportal/contracts/signature-steps';

/** The dashboard tabs of an application (spec 2 section 2), in display order. */
export const APPLICATION_TABS = [
  'overview',
  'representatives',
  'documents',
  'objects',
  'factoring',
  'signatures',
] as const;
export type ApplicationTab = (typeof APPLICATION_TABS)[number];

/** The query parameter that holds the selected tab (`?tab=documents`; absent: overview). */
export const TAB_PARAM = 'tab';
/** The query parameter that opens an overview modal (`?tab=overview&modal=tax_id`). */
export const MODAL_PARAM = 'modal';

export function isFactoring(application: Application): boolean {
  return application.allBanksLoanPurpose === 'factoring' || application.product.product_id === 'factoring';
}

/** Overview, Representatives and Documents always; Objects, Factoring and Signatures by their rules. */
export function visibleTabs(application: Application): ApplicationTab[] {
  return APPLICATION_TABS.filter((tab) => {
    switch (tab) {
      case 'objects':
        return application.product.product_id === 'object_financing';
      case 'factoring':
        return isFactoring(application);
      case 'signatures':
        return hasSignaturesTab(application);
      default:
        return true;
    }
  });
}

/** The tab named in the query, or overview when it is absent or not offered for this application. */
export function selectedTab(param: string | null, tabs: readonly ApplicationTab[]): ApplicationTab {
  return tabs.find((tab) => tab === param) ?? 'overview';
}
