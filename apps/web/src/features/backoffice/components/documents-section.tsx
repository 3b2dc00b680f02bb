import type { CaseDetail, StaffProfile } from '@finportal/contracts/backoffice';
import type { Document } from '@finportal/contracts/documents';
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/text-field';
import { fileState, isAvailable } from '../../../lib/document-state';
import { focusField } from '../../../lib/focus-field';
import { formatIsoDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useDownloadCaseDocument } from '../api/download-document';
import { useRejectCaseDocument } from '../api/reject-document';
import { useSetCaseDocumentVisibility } from '../api/set-document-visibility';
import { CONTRACT_KIND_LIST } from '../model/contracts';
import { formatDateTime } from '../model/display';
import { focusAfterRender, focusIds } from '../model/focus-after';
import { sortOutRefusal } from '../model/refusals';
import { lengthIssue, REJECT_REASON_LIMITS, useDocumentTypeName } from '../model/requests';
import { ContractsCard } from './contracts-card';
import { SectionCard } from './facts';
import { ScrollBox } from './scroll-box';

/**
 * The Documents tab: every document of the case, also those the customer does not see, each
 * downloadable through a short-lived link, shown to the customer or hidden by a switch, and
 * rejectable with a reason the customer reads (a rejected document says when and why); then the
 * contracts, generated or uploaded.
 */
export function DocumentsSection({ detail, profile }: { detail: CaseDetail; profile: StaffProfile }) {
  return (
    <Stack gap="md">
      <DocumentList detail={detail} profile={profile} />
      <ContractsCard detail={detail} profile={profile} />
    </Stack>
  );
}

function DocumentList({ detail }: { detail: CaseDetail; profile: StaffProfile }) {
  const { t } = useTranslation(['backoffice', 'documents']);
  const language = currentLanguage();
  const typeName = useDocumentTypeName(detail);
  const download = useDownloadCaseDocument(detail.id);
  const visibility = useSetCaseDocumentVisibility(detail.id);
  const [rejecting, setRejecting] = useState<Document | null>(null);
  const canShow = detail.capabilities.can_change_visibility;
  const canReject = detail.capabilities.can_request;
  const rejectable = (doc: Document) =>
    canReject &&
    !doc.rejected_at &&
    doc.upload_status === 'success' &&
    !(CONTRACT_KIND_LIST as readonly string[]).includes(doc.document_type);
  const documents = detail.documents;
  return (
    <SectionCard title={t('documents:title')}>
      {documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backoffice:documents.none')}
        </Text>
      ) : (
        <ScrollBox caption={t('backoffice:documents.caption', { count: documents.length })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backoffice:documents.col_type')}</Table.Th>
              <Table.Th>{t('backoffice:documents.col_name')}</Table.Th>
              <Table.Th>{t('backoffice:documents.col_uploaded')}</Table.Th>
              <Table.Th>{t('backoffice:documents.col_state')}</Table.Th>
              <Table.Th>{t('backoffice:documents.col_visible')}</Table.Th>
              <Table.Th>
                <span className="fp-visually-hidden">{t('backoffice:documents.col_actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((doc) => {
              const pending = visibility.isPending && visibility.variables?.documentId === doc.document_id;
              const visible = pending ? visibility.variables!.visible : doc.is_client_visible;
              return (
                <Table.Tr key={doc.document_id} data-rejected={doc.rejected_at ? true : undefined}>
                  <Table.Td className="fp-bo-wrap">{typeName(doc.document_type)}</Table.Td>
                  <Table.Td className="fp-bo-wrap">
                    <span id={focusIds.document(doc.document_id)} tabIndex={-1} className="fp-bo-focus-target">
                      {doc.document_name}
                    </span>
                    {doc.as_of_date && (
                      <Text size="xs" c="dimmed">
                        {t('backoffice:documents.dated', { date: formatIsoDate(doc.as_of_date) })}
                      </Text>
                    )}
                    {doc.rejected_at && <Rejection doc={doc} />}
                  </Table.Td>
                  <Table.Td>{formatDateTime(doc.created_at, language)}</Table.Td>
                  <Table.Td className="fp-bo-state">{t(`documents:state.${fileState(doc)}`)}</Table.Td>
                  <Table.Td>
                    {canShow ? (
                      // A native switch: Mantine's Switch would become a chunk shared with the borrower's settings page.
                      <span className="fp-bo-switch-field">
                        <input
                          type="checkbox"
                          role="switch"
                          className="fp-bo-switch"
                          checked={visible}
                          disabled={pending}
                          aria-busy={pending || undefined}
                          aria-label={t('backoffice:documents.visible_label', { name: doc.document_name })}
                          onChange={(e) =>
                            visibility.mutate({
                              documentId: doc.document_id,
                              name: doc.document_name,
                              visible: e.currentTarget.checked,
                            })
                          }
                        />
                        <span aria-hidden="true">{visible ? t('backoffice:case.yes') : t('backoffice:case.no')}</span>
                      </span>
                    ) : doc.is_client_visible ? (
                      t('backoffice:case.yes')
                    ) : (
                      t('backoffice:case.no')
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={6} align="flex-start">
                      {isAvailable(doc) && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          aria-label={t('documents:file.download_label', { name: doc.document_name })}
                          loading={download.isPending && download.variables === doc.document_id}
                          onClick={() => download.mutate(doc.document_id)}
                        >
                          {t('documents:file.download')}
                        </Button>
                      )}
                      {rejectable(doc) && (
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={t('backoffice:documents.reject_label', { name: doc.document_name })}
                          onClick={() => setRejecting(doc)}
                        >
                          {t('backoffice:documents.reject')}
                        </Button>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ScrollBox>
      )}
      {rejecting && (
        <RejectDialog
          detail={detail}
          doc={rejecting}
          typeName={typeName(rejecting.document_type)}
          onClose={() => setRejecting(null)}
        />
      )}
    </SectionCard>
  );
}

/** "Rejected on …" and the reason the customer reads. */
function Rejection({ doc }: { doc: Document }) {
  const { t } = useTranslation(['backoffice']);
  const language = currentLanguage();
  return (
    <div className="fp-bo-rejection">
      <Badge color="red" variant="light" tt="none" mt={4}>
        {t('backoffice:documents.rejected')}
      </Badge>
      <Text size="xs" mt={2}>
        {t('backoffice:documents.rejected_on', { date: formatDateTime(doc.rejected_at!, language) })}
      </Text>
      {doc.rejection_reason && (
        <blockquote className="fp-bo-quote fp-bo-quote-small">{doc.rejection_reason}</blockquote>
      )}
    </div>
  );
}

/**
 * Rejecting a document: the reason (5 to 1,000 characters) the customer reads on their Documents
 * tab and in the e-mail; the document's slot opens again as a request of its type. A refusal stays
 * in the dialog with the reason typed.
 */
function RejectDialog({
  detail,
  doc,
  typeName,
  onClose,
}: {
  detail: CaseDetail;
  doc: Document;
  typeName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['backoffice']);
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refused, setRefused] = useState<string | null>(null);
  const reject = useRejectCaseDocument(detail.id);
  const check = (value: string) => lengthIssue(value, REJECT_REASON_LIMITS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    const found = check(reason);
    setError(found);
    if (found) return focusField(`${id}-reason`);
    reject.mutate(
      { documentId: doc.document_id, reason: reason.trim() },
      {
        onSuccess: () => {
          onClose();
          focusAfterRender(focusIds.document(doc.document_id));
        },
        onError: (failure) => {
          const refusal = sortOutRefusal(failure, ['reason'], {
            err_update_not_allowed: t('backoffice:documents.reject_closed'),
          });
          setError(refusal.fields.reason);
          setRefused(refusal.rest);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={() => !reject.isPending && onClose()}
      title={t('backoffice:documents.reject_title')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" fw={600} className="fp-bo-wrap">
            {typeName}: {doc.document_name}
          </Text>
          <Text size="sm">{t('backoffice:documents.reject_text')}</Text>
          <TextAreaField
            id={`${id}-reason`}
            label={t('backoffice:documents.reject_reason')}
            description={t('backoffice:documents.reject_reason_hint')}
            required
            rows={4}
            maxLength={REJECT_REASON_LIMITS.max}
            value={reason}
            error={error}
            data-autofocus
            onChange={(e) => {
              const value = e.currentTarget.value;
              setReason(value);
              if (error) setError(check(value));
            }}
            onBlur={() => reason && setError(check(reason))}
          />
          {refused && (
            <Alert color="red" role="alert" title={t('backoffice:documents.reject_failed')}>
              {refused}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={reject.isPending}>
              {t('backoffice:move.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={reject.isPending}>
              {t('backoffice:documents.reject_confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
