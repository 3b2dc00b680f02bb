import type { QueueItem, QueueSort, StaffProfile } from '@finportal/contracts/backoffice';
import { Anchor, Button, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { formatAmount } from '../../../lib/format';
import { useAssignCase } from '../api/assign-case';
import { formatAge } from '../model/display';
import type { CaseLinkState } from '../model/queue-link';
import { ariaSortOf, nextSort, type QueueFilters, type SortColumn } from '../model/queue-filters';
import { CaseStatusTag } from './case-status-tag';
import { ScrollBox } from './scroll-box';

/**
 * One page of the queue. Sortable columns are buttons in their headers, which say the sort
 * (`aria-sort`); the short id links to the case (carrying the queue's filters back).
 */
export function QueueTable({
  items,
  total,
  filters,
  profile,
  busy,
  onSort,
}: {
  items: QueueItem[];
  total: number;
  filters: QueueFilters;
  profile: StaffProfile;
  busy: boolean;
  onSort: (sort: QueueSort) => void;
}) {
  const { t } = useTranslation(['backoffice']);
  const { search } = useLocation();
  const language = currentLanguage();
  const assign = useAssignCase();
  const showPartner = profile.partners.length > 1;
  const canAssign = profile.permissions.includes('cases.assign');
  const partnerName = (key: string) => profile.partners.find((p) => p.key === key)?.display_name ?? key;
  const linkState: CaseLinkState = { queue: search };
  const header = (column: SortColumn, label: string, numeric = false) => (
    <Table.Th aria-sort={ariaSortOf(column, filters.sort)} className={numeric ? 'fp-bo-num' : undefined}>
      <UnstyledButton className="fp-bo-sort" onClick={() => onSort(nextSort(column, filters.sort))}>
        {label}
        <SortMark direction={ariaSortOf(column, filters.sort)} />
      </UnstyledButton>
    </Table.Th>
  );

  return (
    <ScrollBox caption={t('backoffice:queue.caption', { count: total })} busy={busy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('backoffice:queue.col_id')}</Table.Th>
          {header('company', t('backoffice:queue.col_company'))}
          {showPartner && <Table.Th>{t('backoffice:queue.col_partner')}</Table.Th>}
          <Table.Th>{t('backoffice:queue.col_product')}</Table.Th>
          {header('amount', t('backoffice:queue.col_amount'), true)}
          <Table.Th>{t('backoffice:queue.col_status')}</Table.Th>
          {header('age', t('backoffice:queue.col_age'))}
          <Table.Th>{t('backoffice:queue.col_assignee')}</Table.Th>
          {canAssign && (
            <Table.Th>
              <span className="fp-visually-hidden">{t('backoffice:queue.col_actions')}</span>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => {
          const mine = item.assignee?.id === profile.id;
          return (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Anchor component={Link} to={`/backoffice/applications/${item.id}`} state={linkState} fw={600}>
                  {item.short_id}
                </Anchor>
              </Table.Td>
              <Table.Td className="fp-bo-wrap">{item.company_name}</Table.Td>
              {showPartner && <Table.Td>{partnerName(item.partner_id)}</Table.Td>}
              <Table.Td>{t(`backoffice:products.${item.product_type}`, { defaultValue: item.product_type })}</Table.Td>
              <Table.Td className="fp-bo-num">{formatAmount(item.amount, item.currency, language)}</Table.Td>
              <Table.Td className="fp-bo-nowrap">
                <CaseStatusTag status={item.status} />
              </Table.Td>
              <Table.Td>
                <time dateTime={item.status_since}>
                  {formatAge(item.status_since, language, t('backoffice:queue.age_under_hour'))}
                </time>
              </Table.Td>
              <Table.Td className="fp-bo-wrap">
                {item.assignee ? (
                  mine ? (
                    t('backoffice:assign.you')
                  ) : (
                    item.assignee.email
                  )
                ) : (
                  <Text span size="sm" c="dimmed">
                    {t('backoffice:assign.nobody')}
                  </Text>
                )}
              </Table.Td>
              {canAssign && (
                <Table.Td>
                  {!mine && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={t('backoffice:assign.take_label', { id: item.short_id })}
                      loading={assign.isPending && assign.variables?.id === item.id}
                      onClick={() => assign.mutate({ id: item.id, assignee: 'me' })}
                    >
                      {t('backoffice:assign.take')}
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ScrollBox>
  );
}

/** ▲ ▼ or ↕ beside a sortable header (the header's aria-sort says it to screen readers). */
function SortMark({ direction }: { direction: 'ascending' | 'descending' | 'none' }) {
  const mark = direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕';
  return (
    <span aria-hidden="true" className="fp-bo-sort-mark" data-active={direction !== 'none' || undefined}>
      {mark}
    </span>
  );
}
