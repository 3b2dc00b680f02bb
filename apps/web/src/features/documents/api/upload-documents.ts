import type { ApiErrorItem } from '@finportal/contracts/errors';
import type { CreateDocumentResponse, Document, DocumentTypeSettings } from '@finportal/contracts/documents';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError, http } from '../../../lib/http';
import { sha256Of } from '../model/documents';
import { documentsPath } from './get-documents';
import { documentsChanged } from './query-keys';

/** One file on its way: its progress (0 to 1), then done, or its errors. */
export interface UploadProgress {
  key: string;
  documentType: string;
  fileName: string;
  progress: number;
  state: 'uploading' | 'failed';
  errors: ApiErrorItem[];
  /** The document the server created for it (its failed row is shown here, with the reason). */
  documentId?: string;
}

/**
 * PUT the file to its upload URL, reporting progress; a refusal rejects with the server's errors.
 * The content type is the server's for the file (an S3 upload URL has it signed: the browser's own
 * guess, e.g. `application/x-zip-compressed`, would not match).
 */
function putFile(
  url: string,
  file: File,
  contentType: string | null,
  onProgress: (share: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType || file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve();
        return;
      }
      let errors: ApiErrorItem[] = [];
      try {
        errors = (JSON.parse(xhr.responseText) as { errors?: ApiErrorItem[] }).errors ?? [];
      } catch {
        /* no JSON body */
      }
      reject(new ApiError({ kind: 'http', status: xhr.status, errors, method: 'PUT', path: new URL(url).pathname }));
    };
    xhr.onerror = () =>
      reject(new ApiError({ kind: 'network', status: null, errors: [], method: 'PUT', path: new URL(url).pathname }));
    xhr.send(file);
  });
}

const errorsOf = (error: unknown): ApiErrorItem[] =>
  error instanceof ApiError && error.errors.length ? error.errors : [{ code: 'file_upload_fail' }];

/**
 * Uploads (spec 2 section 7): for each file, POST .../documents (the type's rules, the duplicate
 * check), PUT to its upload URL with a progress bar, then upload_success; a failed PUT is
 * reported as unsuccessful. Every file goes on its own; the list is read again after each.
 */
export function useUploadDocuments(applicationId: string) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const update = (key: string, change: Partial<UploadProgress>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const uploadOne = useCallback(
    async (file: File, settings: DocumentTypeSettings, asOfDate: string | null): Promise<Document | null> => {
      const key = `${settings.document_type}:${file.name}:${Date.now()}:${Math.random()}`;
      setUploads((list) => [
        ...list,
        { key, documentType: settings.document_type, fileName: file.name, progress: 0, state: 'uploading', errors: [] },
      ]);
      let documentId: string | null = null;
      try {
        const sha256 = await sha256Of(file);
        const created = await http.post<CreateDocumentResponse>(
          documentsPath(applicationId),
          {
            file_name: file.name,
            document_type: settings.document_type,
            as_of_date: asOfDate,
            size_bytes: file.size,
            ...(sha256 ? { sha256 } : {}),
          },
          { silent: true },
        );
        documentId = created.document_id;
        update(key, { documentId });
        await putFile(created.upload_url, file, created.document.content_type, (progress) => update(key, { progress }));
        const done = await http.patch<{ document: Document }>(
          `${documentsPath(applicationId)}/${encodeURIComponent(documentId)}/upload_success`,
          { is_upload_successful: true },
          { silent: true },
        );
        setUploads((list) => list.filter((u) => u.key !== key));
        return done.document;
      } catch (error) {
        update(key, { state: 'failed', errors: errorsOf(error) });
        if (documentId) {
          await http
            .patch(
              `${documentsPath(applicationId)}/${encodeURIComponent(documentId)}/upload_success`,
              { is_upload_successful: false },
              { silent: true },
            )
            .catch(() => undefined);
        }
        return null;
      } finally {
        await documentsChanged(queryClient, applicationId);
      }
    },
    [applicationId, queryClient],
  );

  return {
    uploads,
    upload: (files: readonly File[], settings: DocumentTypeSettings, asOfDate: string | null) =>
      Promise.all(files.map((file) => uploadOne(file, settings, asOfDate))),
    dismiss: (key: string) => setUploads((list) => list.filter((u) => u.key !== key)),
  };
}
