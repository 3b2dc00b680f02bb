/**
 * Identification and e-signing providers (issue 14, ADR 020; spec 2 section 3), zod-free: the
 * names, kinds and statuses of the spec, and each real provider's own status names mapped onto
 * ours, so that a real adapter later needs only the interface. No real provider is reachable from
 * here: the demo provider serves idnow, swiss_sign and postident.
 */
export const IDENT_PROVIDERS = ['idnow', 'swiss_sign', 'postident', 'manual'] as const;
export type IdentProvider = (typeof IDENT_PROVIDERS)[number];

export const IDENT_KINDS = ['ident', 'esign'] as const;
export type IdentKind = (typeof IDENT_KINDS)[number];

export const IDENT_STATUSES = [
  'not_started',
  'in_progress',
  'completed',
  'under_review',
  'canceled',
  'failed',
  'expired',
] as const;
export type IdentStatus = (typeof IDENT_STATUSES)[number];

/** Statuses a session can still leave; the others are final. */
export const OPEN_IDENT_STATUSES: readonly IdentStatus[] = ['not_started', 'in_progress', 'under_review'];

export const isIdentProvider = (name: string | null | undefined): name is IdentProvider =>
  (IDENT_PROVIDERS as readonly string[]).includes(name ?? '');

/**
 * The providers' own result names (as their callbacks and status calls send them) onto ours.
 * IDnow (video ident and eSign): SUCCESS, SUCCESS_DATA_CHANGED, FRAUD_SUSPICION_PENDING, REVIEW_PENDING,
 * CANCELED, ABORTED, FRAUD_SUSPICION_CONFIRMED, ... SwissSign (signing service): created, pending,
 * signed, declined, expired, failed. Deutsche Post Postident: the case status names.
 */
export const PROVIDER_STATUS_MAP: Record<Exclude<IdentProvider, 'manual'>, Record<string, IdentStatus>> = {
  idnow: {
    CREATED: 'not_started',
    IN_PROGRESS: 'in_progress',
    SUCCESS: 'completed',
    SUCCESS_DATA_CHANGED: 'completed',
    REVIEW_PENDING: 'under_review',
    FRAUD_SUSPICION_PENDING: 'under_review',
    CANCELED: 'canceled',
    ABORTED: 'canceled',
    FRAUD_SUSPICION_CONFIRMED: 'failed',
    FAILED: 'failed',
    EXPIRED: 'expired',
  },
  swiss_sign: {
    created: 'not_started',
    pending: 'in_progress',
    signed: 'completed',
    in_review: 'under_review',
    declined: 'canceled',
    failed: 'failed',
    expired: 'expired',
  },
  postident: {
    new: 'not_started',
    in_progress: 'in_progress',
    in_review: 'under_review',
    closed_successful: 'completed',
    closed_unsuccessful: 'failed',
    cancelled: 'canceled',
    expired: 'expired',
  },
};

/** A provider's own status name as ours; an unknown name keeps the session as it is (null). */
export function identStatusOf(provider: IdentProvider, providerStatus: string): IdentStatus | null {
  if (provider === 'manual') return null;
  return PROVIDER_STATUS_MAP[provider][providerStatus] ?? null;
}

/** The signature status of spec 2 section 2 for a person's newest session (none: NotCompleted). */
export type SignatureStatus = 'NotCompleted' | 'InProgress' | 'Completed' | 'Failed';
export function signatureStatusOf(session: IdentStatus | null): SignatureStatus {
  if (!session || session === 'not_started') return 'NotCompleted';
  if (session === 'completed') return 'Completed';
  if (session === 'in_progress' || session === 'under_review') return 'InProgress';
  return 'Failed';
}

/** The demo provider's callback: how old a signed callback may be, in seconds. */
export const DEMO_CALLBACK_TOLERANCE_S = 300;
