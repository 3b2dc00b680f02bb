import type { CaseDetail } from '@finportal/contracts/backoffice';
import {
  FACTORING_FIELD_KINDS,
  FACTORING_SECTION_FIELDS,
  FACTORING_SECTIONS,
  type FactoringBaseField,
  type FactoringField,
} from '@finportal/contracts/factoring-rules';
import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryName, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatExactAmount } from '../model/display';
import { Facts, SectionCard, useYesNo } from './facts';
import { ScrollBox } from './scroll-box';

/** The factoring details (three cards, with the _abroad and _comment fields) and the debtors. */
export function FactoringSection({ detail }: { detail: CaseDetail }) {
  return (
    <Stack gap="md">
      <FactoringDetails detail={detail} />
      <Debitors detail={detail} />
    </Stack>
  );
}

function FactoringDetails({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice', 'factoring']);
  const language = currentLanguage();
  const yesNo = useYesNo();
  const details = detail.factoring;
  if (!details) {
    return (
      <SectionCard title={t('factoring:details.title')}>
        <Text size="sm" c="dimmed">
          {t('backoffice:factoring.none')}
        </Text>
      </SectionCard>
    );
  }
  const label = (field: FactoringField) => {
    if (field.endsWith('_comment')) {
      const base = field.slice(0, -'_comment'.length);
      return t('factoring:form.comment_label', { label: t(`factoring:fields.${base}`) });
    }
    if (field.endsWith('_abroad')) return t(`factoring:fields_abroad.${field.slice(0, -'_abroad'.length)}`);
    return t(`factoring:fields.${field}`);
  };
  const text = (field: FactoringField, value: unknown): string | null => {
    if (value === null || value === undefined || value === '') return null;
    if (field.endsWith('_comment')) return String(value);
    const kind = FACTORING_FIELD_KINDS[field.replace(/_abroad$/, '') as FactoringBaseField];
    switch (kind) {
      case 'amount':
        return formatExactAmount(Number(value), detail.currency, language);
      case 'count':
        return formatNumber(Number(value), language);
      case 'days':
        return t('factoring:form.days_value', { count: Number(value) });
      case 'currencies':
        return Array.isArray(value) ? value.join(', ') : String(value);
      case 'boolean':
        return yesNo(value as boolean);
      default:
        return String(value);
    }
  };
  return (
    <SectionCard title={t('factoring:details.title')}>
      <Stack gap="sm">
        {FACTORING_SECTIONS.map((section) => {
          const values = details[section] as Record<string, unknown>;
          return (
            <div key={section}>
              <h3 className="fp-bo-card-subtitle">{t(`factoring:sections.${section}`)}</h3>
              <Facts
                facts={FACTORING_SECTION_FIELDS[section]
                  // Comments and the abroad figures only where the borrower gave them.
                  .filter((f) => !(f.endsWith('_comment') || f.endsWith('_abroad')) || values[f] !== null)
                  .map((field) => ({ label: label(field), value: text(field, values[field]) }))}
              />
            </div>
          );
        })}
      </Stack>
    </SectionCard>
  );
}

function Debitors({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice', 'factoring']);
  const language = currentLanguage();
  const debitors = detail.debitors?.result ?? [];
  return (
    <SectionCard title={t('factoring:debitors.title')}>
      {debitors.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('factoring:debitors.empty_text_locked')}
        </Text>
      ) : (
        <ScrollBox caption={t('factoring:debitors.table_caption', { count: debitors.length })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('factoring:debitors.col_company')}</Table.Th>
              <Table.Th>{t('backoffice:factoring.col_country')}</Table.Th>
              <Table.Th className="fp-bo-num">{t('factoring:debitors.col_sales')}</Table.Th>
              <Table.Th>{t('factoring:debitors.col_cover')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {debitors.map((d) => (
              <Table.Tr key={d.debitor_id}>
                <Table.Td className="fp-bo-wrap">{d.company.company_name}</Table.Td>
                <Table.Td>{countryName(d.company.company_country, language)}</Table.Td>
                <Table.Td className="fp-bo-num">
                  {formatExactAmount(d.annual_sales_previous_year, d.currency, language)}
                </Table.Td>
                <Table.Td>
                  {d.insurance_cover
                    ? t(`factoring:cover.status.${d.insurance_cover.cover_status}`)
                    : t('factoring:cover.none')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollBox>
      )}
    </SectionCard>
  );
}
