import type { CaseDetail } from '@finportal/contracts/backoffice';
import { Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fileState, isAvailable } from '../../../lib/document-state';
import { formatIsoDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useDownloadCaseDocument } from '../api/download-document';
import { formatDateTime } from '../model/display';
import { SectionCard } from './facts';
import { ScrollBox } from './scroll-box';

/** Every document of the case, also those the borrower does not see, each downloadable through a short-lived link. */
export function DocumentsSection({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice', 'documents', 'overview']);
  const language = currentLanguage();
  const download = useDownloadCaseDocument(detail.id);
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
              <Table.Th>{t('backoffice:documents.col_as_of')}</Table.Th>
              <Table.Th>{t('backoffice:documents.col_uploaded')}</Table.Th>
              <Table.Th>{t('backoffice:documents.col_state')}</Table.Th>
              <Table.Th>{t('backoffice:documents.col_visible')}</Table.Th>
              <Table.Th>
                <span className="fp-visually-hidden">{t('backoffice:documents.col_actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((doc) => (
              <Table.Tr key={doc.document_id}>
                <Table.Td>
                  {t(`overview:document_types.${doc.document_type}`, { defaultValue: doc.document_type })}
                </Table.Td>
                <Table.Td className="fp-bo-wrap">{doc.document_name}</Table.Td>
                <Table.Td className="fp-bo-nowrap">{formatIsoDate(doc.as_of_date) || '–'}</Table.Td>
                <Table.Td>{formatDateTime(doc.created_at, language)}</Table.Td>
                <Table.Td className="fp-bo-state">{t(`documents:state.${fileState(doc)}`)}</Table.Td>
                <Table.Td>{doc.is_client_visible ? t('backoffice:case.yes') : t('backoffice:case.no')}</Table.Td>
                <Table.Td>
                  {isAvailable(fileState(doc)) && (
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
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollBox>
      )}
    </SectionCard>
  );
}
