import type { Signatory } from '@finportal/contracts/representative-schemas';
import { isAtOrAfter } from '@finportal/contracts/statuses';
import { useQuery } from '@tanstack/react-query';
import { applicationQuery } from '../../applications/api/get-application';
import { useSignaturesOverview } from './get-signatures-overview';

export type SignerStatus = {
  signatureStatus: 'NotCompleted' | 'InProgress' | 'Completed' | 'Failed';
  signedAt: string | null;
  /** When the open invitation expires (null: none open or not known). */
  invitationExpiresAt: string | null;
  /** The applicant may send a new invitation (not accepted or expired, at Signature). */
  canResend: boolean;
};

/**
 * A representative's signing as the applicant sees it on their card (Representatives tab): only for
 * a person who signs, on an application at or after Signature, to its owner. The application is
 * the one the page shows (read from the cache, never fetched here); the overview (GET
 * .../signatures) adds the invitation's expiry and the signature state. Null: nothing to show.
 */
export function useSignerStatus(signatory: Signatory): SignerStatus | null {
  const application = useQuery({ ...applicationQuery(signatory.application_id), enabled: false }).data;
  const relevant =
    !!application &&
    application.is_owner &&
    signatory.is_contract_signatory === true &&
    isAtOrAfter(application.status, 'Signature');
  const overview = useSignaturesOverview(signatory.application_id, relevant);
  if (!relevant) return null;
  const row = overview.data?.signers.find((s) => s.signatory_id === signatory.signatory_id);
  const invite = row?.invite_status ?? signatory.invite_status;
  return {
    signatureStatus: row?.signature_status ?? signatory.requirements?.signature_status ?? 'NotCompleted',
    signedAt: row?.signature_completed_at ?? signatory.requirements?.signature_completed_at ?? null,
    invitationExpiresAt: invite === 'not_accepted' ? (row?.invitation_expires_at ?? null) : null,
    canResend:
      application.status === 'Signature' &&
      !signatory.is_current_actor &&
      !(row?.is_applicant ?? false) &&
      (invite === 'not_accepted' || invite === 'expired'),
  };
}
