import type { CaseDetail } from '@finportal/contracts/backoffice';
import type { SigningRecord } from '@finportal/contracts/signatures';
import { Alert, Button, Group, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { showErrorToast, showSuccessToast } from '../../../lib/http';
import { currentLanguage } from '../../../lib/i18n';
import { useSigningRecords } from '../api/get-signing-records';
import { formatDateTime } from '../model/display';
import { useDocumentTypeName } from '../model/requests';
import { SectionCard } from './facts';
import { ScrollBox } from './scroll-box';

/** A SHA-256 as read on screen: its first and last 8 hex digits (the whole in the title and the copy). */
export function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash;
}

const newestFirst = (a: SigningRecord, b: SigningRecord) => b.signed_at.localeCompare(a.signed_at);

/**
 * The case's signing records (ADR 020), newest first: which document, who signed it and when,
 * through which provider and method, from which IP, and the document's SHA-256 before and after
 * signing (shortened, the whole value in the title and copied with one click).
 */
export function SigningRecordsSection({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice']);
  const language = currentLanguage();
  const typeName = useDocumentTypeName(detail);
  const records = useSigningRecords(detail.id);
  const fileName = (id: string | null) =>
    id ? (detail.documents.find((doc) => doc.document_id === id)?.document_name ?? null) : null;
  const documentLabel = (record: SigningRecord) => {
    const name = fileName(record.document_id);
    return name ? `${typeName(record.document_type)}: ${name}` : typeName(record.document_type);
  };
  const providerName = (provider: string) =>
    t(`backoffice:signing_records.providers.${provider}`, { defaultValue: provider });

  return (
    <SectionCard title={t('backoffice:signing_records.title')}>
      {records.isPending ? (
        <LoadingSkeleton>
          <Skeleton height={28} />
          <Skeleton height={28} />
        </LoadingSkeleton>
      ) : records.isError ? (
        <Alert color="red" role="alert" title={t('backoffice:signing_records.failed')}>
          <Button mt="xs" variant="default" size="sm" onClick={() => void records.refetch()}>
            {t('backoffice:layout.retry')}
          </Button>
        </Alert>
      ) : records.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backoffice:signing_records.none')}
        </Text>
      ) : (
        <ScrollBox caption={t('backoffice:signing_records.caption', { count: records.data.length })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backoffice:signing_records.col_document')}</Table.Th>
              <Table.Th>{t('backoffice:signing_records.col_signer')}</Table.Th>
              <Table.Th>{t('backoffice:signing_records.col_when')}</Table.Th>
              <Table.Th>{t('backoffice:signing_records.col_provider')}</Table.Th>
              <Table.Th>{t('backoffice:signing_records.col_ip')}</Table.Th>
              <Table.Th>{t('backoffice:signing_records.col_before')}</Table.Th>
              <Table.Th>{t('backoffice:signing_records.col_after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...records.data].sort(newestFirst).map((record) => {
              const document = documentLabel(record);
              const signed = fileName(record.signed_document_id);
              return (
                <Table.Tr key={record.id}>
                  <Table.Td className="fp-bo-wrap">
                    {document}
                    {signed && (
                      <Text size="xs" c="dimmed" mt={2}>
                        {t('backoffice:signing_records.signed_copy', { name: signed })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className="fp-bo-wrap">{record.signer_name}</Table.Td>
                  <Table.Td className="fp-bo-nowrap">
                    <time dateTime={record.signed_at}>{formatDateTime(record.signed_at, language)}</time>
                  </Table.Td>
                  <Table.Td className="fp-bo-wrap">
                    {providerName(record.provider)}
                    <Text size="xs" c="dimmed" mt={2}>
                      {t(`backoffice:signing_records.methods.${record.method}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td className="fp-bo-nowrap">
                    {record.ip ? (
                      <span className="fp-bo-mono">{record.ip}</span>
                    ) : (
                      <Text span size="sm" c="dimmed">
                        {t('backoffice:signing_records.no_ip')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className="fp-bo-nowrap">
                    <Hash
                      value={record.sha256_before}
                      copyLabel={t('backoffice:signing_records.copy_before', {
                        document,
                        signer: record.signer_name,
                      })}
                    />
                  </Table.Td>
                  <Table.Td className="fp-bo-nowrap">
                    {record.sha256_after ? (
                      <Hash
                        value={record.sha256_after}
                        copyLabel={t('backoffice:signing_records.copy_after', {
                          document,
                          signer: record.signer_name,
                        })}
                      />
                    ) : (
                      <Text span size="sm" c="dimmed">
                        {t('backoffice:signing_records.no_after')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ScrollBox>
      )}
    </SectionCard>
  );
}

/** A hash shortened on screen, the whole in its title, and a button that copies the whole. */
function Hash({ value, copyLabel }: { value: string; copyLabel: string }) {
  const { t } = useTranslation(['backoffice']);
  const copy = () => {
    const done = () => showSuccessToast(t('backoffice:signing_records.copied'));
    const failed = () => showErrorToast(t('backoffice:signing_records.copy_failed'));
    if (!navigator.clipboard) return failed();
    navigator.clipboard.writeText(value).then(done, failed);
  };
  return (
    <Group gap={6} wrap="nowrap">
      <code className="fp-bo-mono" title={value}>
        {shortHash(value)}
      </code>
      <Button size="compact-xs" variant="subtle" aria-label={copyLabel} onClick={copy}>
        {t('backoffice:signing_records.copy')}
      </Button>
    </Group>
  );
}
