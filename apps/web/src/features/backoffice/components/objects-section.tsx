import type { CaseDetail } from '@finportal/contracts/backoffice';
import type { FinanceObject } from '@finportal/contracts/finance-objects';
import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryName, formatIsoDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatExactAmount } from '../model/display';
import { Facts, SectionCard, useYesNo } from './facts';

/** The objects to be financed, with their merchant, as the borrower entered them. */
export function ObjectsSection({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice', 'objects']);
  const objects = detail.finance_objects?.result ?? [];
  return (
    <SectionCard title={t('objects:title')}>
      {objects.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('objects:empty.text_locked')}
        </Text>
      ) : (
        <Stack gap="md">
          {objects.map((object, i) => (
            <FinanceObjectFacts key={object.finance_object_id} object={object} index={i} currency={detail.currency} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

function FinanceObjectFacts({ object, index, currency }: { object: FinanceObject; index: number; currency: string }) {
  const { t } = useTranslation(['backoffice', 'objects']);
  const language = currentLanguage();
  const yesNo = useYesNo();
  const money = (value: number | null) => (value === null ? null : formatExactAmount(value, currency, language));
  const title = [object.manufacturer, object.type].filter(Boolean).join(' ') || t('objects:card.untitled');
  return (
    <Paper withBorder radius="sm" p="sm" component="article">
      <h3 className="fp-bo-card-subtitle">{`${index + 1}. ${title}`}</h3>
      <Facts
        facts={[
          { label: t('objects:fields.built_at'), value: object.built_at === null ? null : String(object.built_at) },
          {
            label: t('objects:fields.object_count'),
            value: object.object_count === null ? null : String(object.object_count),
          },
          { label: t('objects:fields.detail_desc'), value: object.detail_desc },
          { label: t('objects:fields.net_purchase_price'), value: money(object.net_purchase_price) },
          { label: t('objects:fields.down_payment'), value: money(object.down_payment) },
          { label: t('objects:fields.remaining_value'), value: money(object.remaining_value) },
          {
            label: t('objects:fields.financing_type'),
            value: object.financing_type && t(`objects:financing_types.${object.financing_type}`),
          },
          {
            label: t('objects:fields.rental_state'),
            value: object.rental_state && t(`objects:rental_states.${object.rental_state}`),
          },
          { label: t('objects:fields.is_fixed_interest'), value: yesNo(object.is_fixed_interest) },
          { label: t('objects:fields.expected_delivery_date'), value: formatIsoDate(object.expected_delivery_date) },
          {
            label: t('objects:card.merchant'),
            value: [
              object.merchant_name,
              [object.merchant_street, object.merchant_house_num].filter(Boolean).join(' '),
              [object.merchant_postcode, object.merchant_city].filter(Boolean).join(' '),
              object.merchant_country && countryName(object.merchant_country, language),
            ]
              .filter(Boolean)
              .join(', '),
          },
        ]}
      />
    </Paper>
  );
}
