import type { Document } from '@finportal/contracts/documents';
import type { RequirementsResponse } from '@finportal/contracts/signatures';
import { Alert, Badge, Button, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { itemMessages, showSuccessToast } from '../../../lib/http';
import { documentsQuery } from '../../documents/api/get-documents';
import { useDownloadDocument } from '../api/download-document';
import { signatureKeys } from '../api/query-keys';
import { OfflineSigningError, useSignOffline } from '../api/sign-offline';
import {
  GUARANTOR_CONTRACT_SIGNED_TYPE,
  GUARANTOR_CONTRACT_TYPE,
  offlineGuarantorContract,
  otherDocuments,
  SCAN_EXTENSIONS,
  SCAN_MIME_TYPES,
} from '../model/signature-screen';
import type { StepProps } from './person-signing';

/**
 * Step 3, other agreements: the guarantor contract signed on paper (spec 2 section 4: download,
 * sign by hand, upload the scan, which links it to the unsigned contract) and the other documents
 * to sign, each with its state. A contract that cannot be had shows
 * error_getting_guarantor_agreement; a failed upload file_upload_fail (or the upload's reason).
 */
export function AgreementsStep({ application, requirements, onProgress }: StepProps) {
  const { t } = useTranslation(['signatures']);
  const others = otherDocuments(requirements);
  return (
    <Stack gap="lg">
      {offlineGuarantorContract(requirements) && (
        <GuarantorContract
          applicationId={application.applicationId}
          requirements={requirements}
          onProgress={onProgress}
        />
      )}
      {others.length > 0 && (
        <Stack gap="sm">
          <Title order={4} size="h5">
            {t('signatures:agreements.other_title')}
          </Title>
          <ul className="fp-signature-documents">
            {others.map((doc) => {
              const name = t(`overview:document_types.${doc.document_type}`, { defaultValue: doc.document_type });
              return (
                <li key={doc.document_id}>
                  <Stack gap={6}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} size="sm">
                        {name}
                      </Text>
                      <Badge variant="light" color={doc.is_signed ? 'green' : 'gray'} tt="none" radius="sm">
                        {doc.is_signed
                          ? t('signatures:agreements.other_signed')
                          : t('signatures:agreements.other_unsigned')}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {doc.signing_method === 'online'
                        ? t('signatures:agreements.other_online')
                        : t('signatures:agreements.other_offline')}
                    </Text>
                    {doc.signing_method === 'offline' && !doc.is_signed && (
                      <DocumentDownload
                        applicationId={application.applicationId}
                        documentId={doc.document_id}
                        name={name}
                      />
                    )}
                    {doc.signing_method === 'offline' && !doc.is_signed && (
                      <ScanUpload
                        applicationId={application.applicationId}
                        signatoryId={requirements.signatory_id}
                        unsignedDocumentId={doc.document_id}
                        documentType={doc.document_type}
                        label={t('signatures:agreements.other_file_label', { name })}
                        button={t('signatures:agreements.other_upload')}
                        onDone={onProgress}
                      />
                    )}
                  </Stack>
                </li>
              );
            })}
          </ul>
        </Stack>
      )}
    </Stack>
  );
}

function DocumentDownload({
  applicationId,
  documentId,
  name,
}: {
  applicationId: string;
  documentId: string;
  name: string;
}) {
  const { t } = useTranslation(['signatures']);
  const download = useDownloadDocument(applicationId);
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="outline" size="xs" onClick={() => download.mutate(documentId)} loading={download.isPending}>
        {t('signatures:agreements.other_download', { name })}
      </Button>
      {download.isError && (
        <Text size="sm" c="red.8" role="alert">
          {t('signatures:errors.something_went_wrong')}
        </Text>
      )}
    </Stack>
  );
}

/** How often the step looks whether the signed copy's virus check is done. */
const COPY_CHECK_POLL_MS = 2000;

/**
 * A signed guarantee copy uploaded and not counted yet: still being checked for viruses, or just
 * linked by this page (until the step says done) unless its check refused it.
 */
function copyBeingChecked(files: readonly Document[] | undefined, linked: boolean): boolean {
  const copies = (files ?? []).filter(
    (d) => d.document_type === GUARANTOR_CONTRACT_SIGNED_TYPE && d.upload_status === 'success' && !d.rejected_at,
  );
  if (copies.some((d) => d.virus_scan_status === 'scanning')) return true;
  const newest = copies.reduce<Document | undefined>((a, d) => (!a || d.created_at > a.created_at ? d : a), undefined);
  return linked && !!newest && !['infected', 'scan_failed'].includes(newest.virus_scan_status);
}

function GuarantorContract({
  applicationId,
  requirements,
  onProgress,
}: {
  applicationId: string;
  requirements: RequirementsResponse;
  onProgress: () => void;
}) {
  const { t } = useTranslation(['signatures']);
  const uploaded = requirements.kyc_status.guarantor_contract_uploaded?.is_completed === true;
  const provided = requirements.kyc_status.guarantor_contract_exist?.is_completed === true;
  const url = requirements.requirements.guarantor_contract_url;
  // The unsigned contract the signed copy is linked to: listed with the documents to sign, else
  // the newest guarantor contract of the application's documents.
  const listed = requirements.requirements.required_other_documents.find(
    (d) => d.document_type === GUARANTOR_CONTRACT_TYPE,
  );
  // The signed copy counts once its virus check found it clean (the one rule for available files):
  // from the upload until then the step says so and looks again every COPY_CHECK_POLL_MS.
  const [linked, setLinked] = useState(false);
  const documents = useQuery({ ...documentsQuery(applicationId), enabled: !uploaded && provided });
  const checking = !uploaded && copyBeingChecked(documents.data?.result, linked);
  const { refetch } = documents;
  const queryClient = useQueryClient();
  const signatoryId = requirements.signatory_id;
  // While the copy is checked: the files and the person's steps are read again; and once more when
  // the check ends (the link may have been made while this form was already gone).
  const readAgain = useCallback(() => {
    void refetch();
    void queryClient.invalidateQueries({ queryKey: signatureKeys.requirements(applicationId, signatoryId) });
  }, [refetch, queryClient, applicationId, signatoryId]);
  const wasChecking = useRef(false);
  useEffect(() => {
    if (wasChecking.current && !checking) readAgain();
    wasChecking.current = checking;
    if (!checking) return;
    const timer = setInterval(readAgain, COPY_CHECK_POLL_MS);
    return () => clearInterval(timer);
  }, [checking, readAgain]);
  const unsignedId =
    listed?.document_id ??
    documents.data?.result.find(
      (d) => d.document_type === GUARANTOR_CONTRACT_TYPE && d.upload_status === 'success' && !d.rejected_at,
    )?.document_id;

  let body;
  if (uploaded) {
    body = <Text size="sm">{t('signatures:agreements.uploaded')}</Text>;
  } else if (!provided || !url || (!listed && (documents.isError || (documents.isSuccess && !unsignedId)))) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {t('signatures:errors.error_getting_guarantor_agreement')}
      </Alert>
    );
  } else {
    body = (
      <>
        <Text size="sm">{t('signatures:agreements.guarantor_text')}</Text>
        <Group>
          <Button component="a" href={url} target="_blank" rel="noopener" variant="outline">
            {t('signatures:agreements.download')}
          </Button>
        </Group>
        {checking && (
          <Text size="sm" role="status">
            {t('signatures:agreements.checking')}
          </Text>
        )}
        {/* Hidden, not removed, while the copy is checked: an upload still finishing keeps its state. */}
        <div hidden={checking}>
          {unsignedId && (
            <ScanUpload
              applicationId={applicationId}
              signatoryId={requirements.signatory_id}
              unsignedDocumentId={unsignedId}
              documentType={GUARANTOR_CONTRACT_SIGNED_TYPE}
              label={t('signatures:agreements.file_label')}
              button={t('signatures:agreements.upload')}
              onDone={() => {
                setLinked(true);
                onProgress();
                readAgain();
              }}
            />
          )}
        </div>
      </>
    );
  }
  return (
    <Stack gap="sm">
      <Title order={4} size="h5">
        {t('signatures:agreements.guarantor_title')}
      </Title>
      {body}
    </Stack>
  );
}

const isScan = (file: File) => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (SCAN_EXTENSIONS as readonly string[]).includes(extension);
};

/** Choose the signed scan (PDF or image) and upload it; the choice stays when the upload fails. */
function ScanUpload({
  applicationId,
  signatoryId,
  unsignedDocumentId,
  documentType,
  label,
  button,
  onDone,
}: {
  applicationId: string;
  signatoryId: string;
  unsignedDocumentId: string;
  documentType: string;
  label: string;
  button: string;
  onDone: () => void;
}) {
  const { t } = useTranslation(['signatures']);
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sign = useSignOffline(applicationId, signatoryId);

  // A failed upload: file_upload_fail, with the server's reason when it gave one (type, size, virus...).
  const reasons = sign.uploadErrors.length
    ? sign.uploadErrors
    : sign.error instanceof OfflineSigningError
      ? sign.error.errors
      : [];
  const specific = itemMessages(reasons.filter((r) => r.code !== 'file_upload_fail'));
  const failure = sign.isError ? [t('signatures:errors.file_upload_fail'), ...specific].join(' ') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    sign.reset();
    const problem = !file
      ? t('signatures:agreements.file_required')
      : !isScan(file)
        ? t('signatures:agreements.file_type')
        : null;
    setError(problem);
    if (problem || !file) {
      document.getElementById(id)?.focus();
      return;
    }
    sign.mutate(
      { file, unsignedDocumentId, documentType },
      {
        onSuccess: () => {
          showSuccessToast(t('signatures:agreements.uploaded_toast'));
          onDone();
        },
        onError: () => document.getElementById(id)?.focus(),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <FileInput
          id={id}
          label={label}
          description={t('signatures:agreements.file_hint')}
          placeholder={t('signatures:agreements.file_placeholder')}
          accept={[...SCAN_MIME_TYPES, ...SCAN_EXTENSIONS.map((e) => `.${e}`)].join(',')}
          value={file}
          onChange={(next) => {
            setFile(next);
            setError(null);
            sign.reset();
          }}
          error={error ?? failure}
          required
          clearable
          maw={420}
        />
        <Group>
          <Button type="submit" loading={sign.isPending}>
            {button}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
