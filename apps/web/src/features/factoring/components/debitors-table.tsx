import type { Debitor, DebitorsResponse } from '@finportal/contracts/debitors';
import { Anchor, Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName, formatMoney } from '../../../lib/format';
import { CoverStatus } from './cover-status';
import { ScrollTable } from './scroll-table';

/**
 * The debtors table (spec 2 section 2 "Factoring"): company and country, last year's sales, the
 * insurance cover, and edit and delete while the debtors may be changed. Below 48em each debtor is
 * stacked as a block of its own (name and sales, then the cover, then the actions): the table
 * never needs scrolling sideways on a phone.
 *
 * The company name links to the company route (`/dashboard/companies/:companyId`) when the
 * partner asks for it (`company_link`); it is plain text otherwise.
 */
export function DebitorsTable({
  list,
  requestingId,
  onEdit,
  onDelete,
  onRequestCover,
}: {
  list: DebitorsResponse;
  requestingId: string | null;
  onEdit: (debitor: Debitor) => void;
  onDelete: (debitor: Debitor) => void;
  onRequestCover: (debitor: Debitor) => void;
}) {
  const { t, i18n } = useTranslation(['factoring']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const editable = list.is_editable;
  return (
    <ScrollTable
      caption={t('factoring:debitors.table_caption', { count: list.result.length })}
      verticalSpacing="sm"
      stacked
    >
      <Table.Thead role="rowgroup">
        <Table.Tr role="row">
          <Table.Th scope="col" role="columnheader">
            {t('factoring:debitors.col_company')}
          </Table.Th>
          <Table.Th scope="col" role="columnheader" className="fp-factoring-num">
            {t('factoring:debitors.col_sales')}
          </Table.Th>
          <Table.Th scope="col" role="columnheader">
            {t('factoring:debitors.col_cover')}
          </Table.Th>
          {editable && (
            <Table.Th scope="col" role="columnheader">
              {t('factoring:debitors.col_actions')}
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody role="rowgroup">
        {list.result.map((debitor) => {
          const name = debitor.company.company_name;
          return (
            <Table.Tr key={debitor.debitor_id} role="row">
              <Table.Th scope="row" role="rowheader" fw={400}>
                {list.company_link ? (
                  <Anchor
                    component={Link}
                    to={`/dashboard/companies/${encodeURIComponent(debitor.company.company_id)}`}
                    size="sm"
                    fw={600}
                    display="block"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {name}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                )}
                <Text size="xs" c="gray.7">
                  {countryName(debitor.company.company_country, language)}
                </Text>
              </Table.Th>
              <Table.Td role="cell" className="fp-factoring-num" data-label={t('factoring:debitors.col_sales')}>
                {formatMoney(debitor.annual_sales_previous_year, debitor.currency, language)}
              </Table.Td>
              <Table.Td role="cell" className="fp-factoring-full" data-label={t('factoring:debitors.col_cover')}>
                <CoverStatus
                  debitor={debitor}
                  insurer={list.credit_insurer}
                  editable={editable}
                  requesting={requestingId === debitor.debitor_id}
                  onRequest={() => onRequestCover(debitor)}
                />
              </Table.Td>
              {editable && (
                <Table.Td role="cell" className="fp-factoring-full fp-factoring-actions-cell">
                  <div className="fp-factoring-actions">
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => onEdit(debitor)}
                      aria-label={t('factoring:debitors.edit', { name })}
                    >
                      {t('factoring:debitors.edit_short')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red.9"
                      onClick={() => onDelete(debitor)}
                      aria-label={t('factoring:debitors.delete', { name })}
                    >
                      {t('factoring:debitors.delete_short')}
                    </Button>
                  </div>
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ScrollTable>
  );
}
