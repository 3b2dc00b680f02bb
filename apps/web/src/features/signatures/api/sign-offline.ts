import type { DocumentType, DocumentTypeSettings } from '@finportal/contracts/documents';
import type { ApiErrorItem } from '@finportal/contracts/errors';
import type { SignedDocumentRequest } from '@finportal/contracts/signatures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError, http } from '../../../lib/http';
import { useUploadDocuments } from '../../documents/api/upload-documents';
import { SCAN_EXTENSIONS } from '../model/signature-screen';
import { signatoryPath, signaturesChanged } from './query-keys';

/** The upload failed or the link was refused: the codes to show (file_upload_fail when none came). */
export class OfflineSigningError extends Error {
  constructor(readonly errors: ApiErrorItem[]) {
    super(errors[0]?.code ?? 'file_upload_fail');
    this.name = 'OfflineSigningError';
  }
}

/** The settings the documents' upload flow needs for the signed scan (only its type is read there). */
function scanSettings(documentType: string): DocumentTypeSettings {
  return {
    document_type: documentType as DocumentType,
    name: {},
    description: {},
    tooltip_description: {},
    template_url: null,
    is_required: false,
    is_as_of_date_required: false,
    weight: 0,
    allowed_extensions: [...SCAN_EXTENSIONS],
    max_size_bytes: 0,
    max_age_days: null,
  };
}

/**
 * The offline signature (spec 2 section 4, ADR 020): the signed scan goes through the documents'
 * upload flow (create the document, upload the file, mark success or failure), then PATCH
 * .../signatories/{signatoryId}/signed_document links it to the unsigned document. A failed
 * upload rejects with its codes (file_upload_fail when the server gave none).
 */
export function useSignOffline(applicationId: string, signatoryId: string) {
  const queryClient = useQueryClient();
  const uploads = useUploadDocuments(applicationId);
  const mutation = useMutation({
    mutationFn: async ({
      file,
      unsignedDocumentId,
      documentType,
    }: {
      file: File;
      unsignedDocumentId: string;
      documentType: string;
    }) => {
      for (const earlier of uploads.uploads) uploads.dismiss(earlier.key);
      const [uploaded] = await uploads.upload([file], scanSettings(documentType), null);
      if (!uploaded) throw new OfflineSigningError([{ code: 'file_upload_fail' }]);
      try {
        await http.patch<unknown>(
          `${signatoryPath(applicationId, signatoryId)}/signed_document`,
          { unsigned_doc_id: unsignedDocumentId, signed_doc_id: uploaded.document_id } satisfies SignedDocumentRequest,
          { silent: true },
        );
      } catch (error) {
        throw new OfflineSigningError(isApiError(error) && error.errors.length ? error.errors : []);
      }
      return uploaded;
    },
    onSettled: () => signaturesChanged(queryClient, applicationId),
  });
  /** The upload's own reasons (the type, the size, a virus...) when it failed. */
  const failure = uploads.uploads.find((u) => u.state === 'failed');
  return { ...mutation, uploadErrors: failure?.errors ?? [], uploadProgress: uploads.uploads[0]?.progress ?? null };
}
