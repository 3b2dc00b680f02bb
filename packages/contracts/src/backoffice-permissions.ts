/**
 * Who may do what in the back office (issue 13, ADR 019): the staff kinds and partner roles of
 * spec 1 section 6 and the permission matrix, declared once. The API checks every back-office
 * route against it (`requirePermission`); the screens read it only to hide what would be refused.
 * Zod-free, so the back-office screens import it without the schemas.
 */

/** Staff kinds (spec 1 section 6): the operator's back office and a partner's own staff. */
export const STAFF_KINDS = ['bouser', 'puser'] as const;
export type StaffKind = (typeof STAFF_KINDS)[number];

/** Partner roles of a `puser` (spec 1 section 6). */
export const PARTNER_ROLES = ['role_partner_admin', 'role_partner_user'] as const;
export type PartnerRole = (typeof PARTNER_ROLES)[number];

/** A staff member's role for the matrix: a bouser is one role, a puser has its partner role. */
export type StaffRole = 'bouser' | PartnerRole;

export const BACKOFFICE_PERMISSIONS = [
  /** The queue, the case page, the CSV export. */
  'cases.read',
  /** Take a case (assign to me) or hand it back. */
  'cases.assign',
  /** Move a case along the status graph, reject it. */
  'cases.status',
  /** Set the final rate and fee. */
  'cases.pricing',
  /** Approve (Final_Review → Approved): four eyes, never the one who set the pricing. */
  'cases.approve',
  /** Ask the borrower for a document or a piece of data; reject a single document. */
  'cases.request',
  /** Upload or generate the loan and guarantor contracts, make a document client-visible. */
  'cases.documents',
  /** Invite representatives to sign, mark a manual identification done. */
  'cases.signatures',
  /** The audit trail of a case. */
  'audit.read',
  /** The partner console: read the draft, the versions, the webhook deliveries. */
  'partner.read',
  /** Edit the draft, publish, restore a version, manage the webhook endpoint. */
  'partner.write',
] as const;
export type BackofficePermission = (typeof BACKOFFICE_PERMISSIONS)[number];

/**
 * The matrix. A partner user processes its partner's cases but does not approve and has no
 * console; a partner admin does both for its partner; a bouser does everything on every partner
 * (the partner scope is checked apart: `staffSeesPartner`).
 */
export const PERMISSION_MATRIX: Record<StaffRole, readonly BackofficePermission[]> = {
  bouser: BACKOFFICE_PERMISSIONS,
  role_partner_admin: BACKOFFICE_PERMISSIONS,
  role_partner_user: [
    'cases.read',
    'cases.assign',
    'cases.status',
    'cases.pricing',
    'cases.request',
    'cases.documents',
    'cases.signatures',
    'audit.read',
  ],
};

export function staffRoleOf(staff: { kind: StaffKind; role: PartnerRole | null }): StaffRole {
  return staff.kind === 'bouser' ? 'bouser' : (staff.role ?? 'role_partner_user');
}

export function staffCan(
  staff: { kind: StaffKind; role: PartnerRole | null },
  permission: BackofficePermission,
): boolean {
  return PERMISSION_MATRIX[staffRoleOf(staff)].includes(permission);
}

/** A bouser sees every partner; a puser only its own. */
export function staffSeesPartner(staff: { kind: StaffKind; partner_id: string | null }, partnerId: string): boolean {
  return staff.kind === 'bouser' || staff.partner_id === partnerId;
}
