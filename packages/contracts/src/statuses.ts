/** Raw application statuses (wire spelling, in main-path order), display groups and colours (spec 1 section 4). */
export const RAW_STATUSES = [
  'Open',
  'Submitted',
  'PreCheck',
  'Screening',
  'Sales_PreCheck',
  'Sales_PreCheck_Done',
  'Internal_Review',
  'Internal_Review_Second',
  'Internal_Pricing',
  'External_Pricing',
  'Pricing',
  'Bank_Submitted',
  'Offer_Available',
  'Offer_Accepted',
  'Final_Sales_Check',
  'Signature',
  'Final_Review',
  'Approved',
  'Awaiting_Payout',
  'Gifts_Entry',
  'Limit_Active',
  'Paid_Out',
  'Rejected',
] as const;
export type RawStatus = (typeof RAW_STATUSES)[number];

export type DisplayGroup =
  | 'not_completed'
  | 'in_review'
  | 'waiting_for_signatures'
  | 'in_review_after_signature'
  | 'signed'
  | 'paid_out'
  | 'closed'
  | 'pre_kyc'
  | 'unknown';

const GROUPS: Record<RawStatus, DisplayGroup> = {
  Open: 'not_completed',
  PreCheck: 'in_review',
  Submitted: 'in_review',
  Screening: 'in_review',
  Sales_PreCheck: 'in_review',
  Sales_PreCheck_Done: 'in_review',
  Internal_Review: 'in_review',
  Internal_Review_Second: 'in_review',
  Internal_Pricing: 'in_review',
  External_Pricing: 'in_review',
  Pricing: 'in_review',
  Bank_Submitted: 'in_review',
  Offer_Available: 'in_review',
  Offer_Accepted: 'in_review',
  Final_Sales_Check: 'in_review',
  Signature: 'waiting_for_signatures',
  Final_Review: 'in_review_after_signature',
  Approved: 'in_review_after_signature',
  Awaiting_Payout: 'in_review_after_signature',
  Gifts_Entry: 'signed',
  Limit_Active: 'signed',
  Paid_Out: 'paid_out',
  Rejected: 'closed',
};

export function displayGroup(status: string): DisplayGroup {
  return (GROUPS as Record<string, DisplayGroup>)[status] ?? 'unknown';
}

export type StatusColour = 'default' | 'error' | 'processing' | 'success';
export const GROUP_COLOURS: Record<DisplayGroup, StatusColour> = {
  closed: 'default',
  unknown: 'default',
  pre_kyc: 'default',
  not_completed: 'error',
  waiting_for_signatures: 'error',
  in_review: 'processing',
  in_review_after_signature: 'processing',
  paid_out: 'success',
  signed: 'success',
};

/** Display groups counted as "in review" (the overview frame shows an info alert). */
export const IN_REVIEW_GROUPS: readonly DisplayGroup[] = ['in_review', 'in_review_after_signature'];

/**
 * Display groups of a closed application (ARCHITECTURE.md, status model: Rejected). Nothing is
 * left for the borrower to do: no pending items, no appointment offer, no data requests; the
 * overview shows why it closed.
 */
export const CLOSED_GROUPS: readonly DisplayGroup[] = ['closed'];

/** True when the application is closed (its display group is in CLOSED_GROUPS). */
export function isClosedStatus(status: string): boolean {
  return CLOSED_GROUPS.includes(displayGroup(status));
}

/** Statuses whose applications appear in the "Action required" card of the list. */
export const ACTION_REQUIRED_STATUSES: readonly RawStatus[] = ['Open', 'Signature'];

/** Main-path order of the raw statuses (RAW_STATUSES is in that order; Rejected is off the path). */
const MAIN_PATH: readonly string[] = RAW_STATUSES.filter((s) => s !== 'Rejected');

/** True when `status` is `reference` or a later status of the main path (Rejected and unknowns: false). */
export function isAtOrAfter(status: string, reference: RawStatus): boolean {
  const at = MAIN_PATH.indexOf(status);
  return at >= 0 && at >= MAIN_PATH.indexOf(reference);
}

/**
 * `status_flow` of an application: the stages of its main path as the borrower sees them
 * (a progress indicator reads it). Factoring ends with an active limit, loans with the payout.
 */
export function statusFlowFor(productType: string): RawStatus[] {
  return ['Open', 'Submitted', 'Signature', 'Final_Review', productType === 'factoring' ? 'Limit_Active' : 'Paid_Out'];
}
