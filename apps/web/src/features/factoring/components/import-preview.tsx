import type { Debitor, DebitorImportResponse, DebitorImportRow } from '@finportal/contracts/debitors';
import { Badge, List, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryName, formatMoney, formatNumber } from '../../../lib/format';
import { translateErrorCode } from '../../../lib/i18n';
import { ScrollTable } from './scroll-table';

const STATUS_COLOURS: Record<DebitorImportRow['status'], string> = { ok: 'green', duplicate: 'yellow', error: 'red' };

/**
 * The preview of a CSV import (nothing stored yet): the counts, then every row with its line,
 * company, country, id, sales, currency and status (ready, a duplicate of a line or of a stored
 * debtor, or in error with each reason). Scrolls inside its own box on a phone.
 */
export function ImportPreview({ preview, debitors }: { preview: DebitorImportResponse; debitors: readonly Debitor[] }) {
  const { t, i18n } = useTranslation(['factoring']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { summary } = preview;

  const sales = (row: DebitorImportRow) => {
    const value = row.values.annual_sales_previous_year;
    if (value === null) return '–';
    return /^[A-Z]{3}$/.test(row.values.currency)
      ? formatMoney(value, row.values.currency, language)
      : formatNumber(value, language);
  };
  const explanation = (row: DebitorImportRow) => {
    if (row.status === 'error') {
      return (
        <List size="xs" spacing={2}>
          {row.errors.map((error, index) => (
            <List.Item key={index}>
              {t('factoring:import.error_item', {
                field: t(`factoring:import.fields.${error.field}`, { defaultValue: error.field }),
                message: translateErrorCode(error.code, error.values),
              })}
            </List.Item>
          ))}
        </List>
      );
    }
    if (row.status === 'duplicate') {
      const of = row.duplicate_of;
      const stored = of?.debitor_id ? debitors.find((d) => d.debitor_id === of.debitor_id) : undefined;
      return (
        <Text size="xs">
          {of?.line
            ? t('factoring:import.duplicate_line', { line: of.line })
            : t('factoring:import.duplicate_stored', { name: stored?.company.company_name ?? row.values.company_name })}
        </Text>
      );
    }
    return (
      <Text size="xs">
        {row.company
          ? t(`factoring:import.match.${row.company.match}`, { name: row.company.company_name })
          : t('factoring:import.status.ok')}
      </Text>
    );
  };

  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {t('factoring:import.summary', {
          rows: t('factoring:import.summary_rows', { count: preview.rows.length }),
          ok: t('factoring:import.summary_ok', { count: summary.ok }),
          duplicate: t('factoring:import.summary_duplicate', { count: summary.duplicate }),
          error: t('factoring:import.summary_error', { count: summary.error }),
        })}
      </Text>
      <ScrollTable caption={t('factoring:import.table_caption')} verticalSpacing="xs" fz="sm" stacked even>
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            <Table.Th scope="col" role="columnheader">
              {t('factoring:import.col_line')}
            </Table.Th>
            <Table.Th scope="col" role="columnheader">
              {t('factoring:import.fields.company_name')}
            </Table.Th>
            <Table.Th scope="col" role="columnheader">
              {t('factoring:import.fields.country')}
            </Table.Th>
            <Table.Th scope="col" role="columnheader">
              {t('factoring:import.fields.register_id')}
            </Table.Th>
            <Table.Th scope="col" role="columnheader" className="fp-factoring-num">
              {t('factoring:import.fields.annual_sales_previous_year')}
            </Table.Th>
            <Table.Th scope="col" role="columnheader">
              {t('factoring:import.fields.currency')}
            </Table.Th>
            <Table.Th scope="col" role="columnheader">
              {t('factoring:import.col_status')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {preview.rows.map((row) => (
            <Table.Tr key={row.line} role="row" data-status={row.status}>
              <Table.Td
                role="cell"
                className="fp-factoring-full fp-factoring-inline-label"
                data-label={t('factoring:import.col_line')}
              >
                {row.line}
              </Table.Td>
              <Table.Th
                scope="row"
                role="rowheader"
                className="fp-factoring-full fp-factoring-preview-name"
                style={{ overflowWrap: 'anywhere' }}
              >
                {row.values.company_name || '–'}
              </Table.Th>
              <Table.Td role="cell" data-label={t('factoring:import.fields.country')}>
                {/^[A-Z]{2}$/.test(row.values.country)
                  ? countryName(row.values.country, language)
                  : row.values.country || '–'}
              </Table.Td>
              <Table.Td
                role="cell"
                style={{ overflowWrap: 'anywhere' }}
                data-label={t('factoring:import.fields.register_id')}
              >
                {row.values.register_id || '–'}
                {row.values.register_id_type && (
                  <Text size="xs" c="gray.7">
                    {t(`factoring:id_types.${row.values.register_id_type}`)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td
                role="cell"
                className="fp-factoring-num"
                data-label={t('factoring:import.fields.annual_sales_previous_year')}
              >
                {sales(row)}
              </Table.Td>
              <Table.Td role="cell" data-label={t('factoring:import.fields.currency')}>
                {row.values.currency || '–'}
              </Table.Td>
              <Table.Td role="cell" className="fp-factoring-full">
                <Stack gap={4} align="flex-start">
                  <Badge variant="light" color={STATUS_COLOURS[row.status]} tt="none">
                    {t(`factoring:import.status.${row.status}`)}
                  </Badge>
                  {explanation(row)}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
    </Stack>
  );
}
