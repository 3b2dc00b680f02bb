import type { AuditEntry, CaseDetail } from '@finportal/contracts/backoffice';
import { Alert, Button, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { currentLanguage } from '../../../lib/i18n';
import { useAuditTrail } from '../api/get-audit';
import { auditValue, formatDateTime } from '../model/display';
import { SectionCard } from './facts';
import { ScrollBox } from './scroll-box';

/** The changes of one entry: each key that differs, before → after (values as the API masked them). */
function changesOf(entry: AuditEntry): { key: string; before: string; after: string }[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => ({ key, before: auditValue(before[key]), after: auditValue(after[key]) }));
}

/** The case's audit trail, newest first: action, who, when, what changed (IBAN, tax ids, birth dates masked). */
export function AuditSection({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice']);
  const language = currentLanguage();
  const trail = useAuditTrail(detail.id);
  return (
    <SectionCard title={t('backoffice:audit.title')}>
      {trail.isPending ? (
        <LoadingSkeleton>
          <Skeleton height={28} />
          <Skeleton height={28} />
          <Skeleton height={28} />
        </LoadingSkeleton>
      ) : trail.isError ? (
        <Alert color="red" role="alert" title={t('backoffice:audit.failed')}>
          <Button mt="xs" variant="default" size="sm" onClick={() => void trail.refetch()}>
            {t('backoffice:layout.retry')}
          </Button>
        </Alert>
      ) : trail.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backoffice:audit.none')}
        </Text>
      ) : (
        <ScrollBox caption={t('backoffice:audit.caption', { count: trail.data.length })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backoffice:audit.col_when')}</Table.Th>
              <Table.Th>{t('backoffice:audit.col_action')}</Table.Th>
              <Table.Th>{t('backoffice:audit.col_changes')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {trail.data.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td className="fp-bo-nowrap">
                  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, language)}</time>
                </Table.Td>
                <Table.Td className="fp-bo-wrap">
                  <code className="fp-bo-mono">{entry.action}</code>
                  <Text size="xs" c="dimmed" mt={2}>
                    {entry.actor.email
                      ? t(`backoffice:actor.${entry.actor.kind}`, { email: entry.actor.email })
                      : t('backoffice:actor.system')}
                  </Text>
                </Table.Td>
                <Table.Td className="fp-bo-changes-cell">
                  <ul className="fp-bo-changes">
                    {changesOf(entry).map((change) => (
                      <li key={change.key}>
                        <span className="fp-bo-mono">{change.key}</span>: {change.before} → {change.after}
                      </li>
                    ))}
                    {entry.data &&
                      Object.entries(entry.data).map(([key, value]) => (
                        <li key={`data-${key}`} className="fp-bo-muted">
                          <span className="fp-bo-mono">{key}</span>: {auditValue(value)}
                        </li>
                      ))}
                  </ul>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollBox>
      )}
    </SectionCard>
  );
}
