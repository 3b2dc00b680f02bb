import type { CaseDetail } from '@finportal/contracts/backoffice';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../model/display';
import { SectionCard } from './facts';
import { ScrollBox } from './scroll-box';

/** Every status change of the case, newest first: from → to, who, when and why. */
export function HistorySection({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice']);
  const language = currentLanguage();
  const label = (status: string) => t(`backoffice:statuses.${status}`, { defaultValue: status });
  const entries = detail.status_history;
  return (
    <SectionCard title={t('backoffice:history.title')}>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backoffice:history.none')}
        </Text>
      ) : (
        <ScrollBox caption={t('backoffice:history.caption', { count: entries.length })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backoffice:history.col_when')}</Table.Th>
              <Table.Th>{t('backoffice:history.col_change')}</Table.Th>
              <Table.Th>{t('backoffice:history.col_who')}</Table.Th>
              <Table.Th>{t('backoffice:history.col_reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry, i) => (
              <Table.Tr key={`${entry.created_at}-${i}`}>
                <Table.Td className="fp-bo-nowrap">
                  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, language)}</time>
                </Table.Td>
                <Table.Td>
                  {entry.from_status ? `${label(entry.from_status)} → ` : ''}
                  {label(entry.to_status)}
                </Table.Td>
                <Table.Td className="fp-bo-wrap">
                  {entry.changed_by
                    ? t(`backoffice:actor.${entry.changed_by.kind}`, { email: entry.changed_by.email })
                    : t('backoffice:actor.system')}
                </Table.Td>
                <Table.Td className="fp-bo-wrap">{entry.reason ?? '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollBox>
      )}
    </SectionCard>
  );
}
