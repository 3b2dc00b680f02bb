import type {
  Signatory,
  SignatoryResponse,
  UpdateRepresentativeRequest,
} from '@finportal/contracts/representative-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { signatoriesPath } from './get-signatories';
import { representativesSaved } from './query-keys';

export interface RepresentativeUpdate {
  signatoryId: string;
  /** Only the fields that change: the tax id alone, the e-mail, the phone, or the form's changes. */
  body: UpdateRepresentativeRequest;
}

/**
 * PATCH /user/applications/{id}/signatories/{signatoryId}. Silent unless `notify`: the forms put
 * field errors on their fields; 403 err_no_permission when a field outside the allowed groups
 * changes.
 */
export async function updateRepresentative(
  applicationId: string,
  { signatoryId, body }: RepresentativeUpdate,
  notify = false,
): Promise<Signatory> {
  const res = await http.patch<SignatoryResponse>(
    `${signatoriesPath(applicationId)}/${encodeURIComponent(signatoryId)}`,
    body,
    { silent: !notify },
  );
  return res.signatory;
}

/**
 * Saving changes of one representative (the edit form and the e-mail, phone and tax id modals).
 * Success: the card shows the answer at once, then the toast (`message`, by default "changes
 * saved") and `onSaved` while everything the change touches is refetched. Errors are the form's
 * to report (`mutate(update, { onError })`).
 */
export function useUpdateRepresentative(
  applicationId: string,
  { onSaved, message }: { onSaved?: () => void; message?: string } = {},
) {
  const { t } = useTranslation(['representatives']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: RepresentativeUpdate) => updateRepresentative(applicationId, update),
    onSuccess: async (saved) => {
      const refreshed = representativesSaved(queryClient, applicationId, { saved });
      showSuccessToast(message ?? t('representatives:toast.saved'));
      onSaved?.();
      await refreshed;
    },
  });
}

/**
 * "Make main contact": PATCH is_main_contact true; the server moves the flag from the previous
 * main contact (400 err_main_contact_needs_email_and_phone without both). Failures toast.
 */
export function useMakeMainContact(applicationId: string) {
  const { t } = useTranslation(['representatives']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ signatoryId }: { signatoryId: string; name: string }) =>
      updateRepresentative(applicationId, { signatoryId, body: { is_main_contact: true } }, true),
    onSuccess: async (saved, { name }) => {
      const refreshed = representativesSaved(queryClient, applicationId, { saved });
      showSuccessToast(t('representatives:toast.main_contact', { name }));
      await refreshed;
    },
  });
}

/**
 * Marks legal representatives as beneficial owners (GwG section 3 (2): nobody holds 25 % or more),
 * one PATCH each, in turn. A person without a share gets 0 %: the share is required for a
 * beneficial owner, and a legal representative counts as one without holding any. Failures toast;
 * whatever was saved before a failure stays saved and is shown.
 */
export function useMarkBeneficialOwners(applicationId: string) {
  const { t } = useTranslation(['representatives']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (people: readonly Signatory[]) => {
      try {
        for (const person of people) {
          const body: UpdateRepresentativeRequest = { is_beneficial_owner: true };
          if (person.percentage_owned === null) body.percentage_owned = 0;
          await updateRepresentative(applicationId, { signatoryId: person.signatory_id, body }, true);
        }
      } finally {
        await representativesSaved(queryClient, applicationId);
      }
    },
    onSuccess: () => showSuccessToast(t('representatives:toast.marked_owners')),
  });
}
