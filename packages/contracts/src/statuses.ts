/** Raw application statuses (wire spelling), display groups and colours (spec 1 section 4). */
export const RAW_STATUSES = [
  'Open',
  'PreCheck',
  'Submitted',
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
