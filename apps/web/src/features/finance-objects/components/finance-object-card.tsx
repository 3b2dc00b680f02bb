import type { FinanceObject } from '@finportal/contracts/finance-objects';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, formatIsoDate, formatMoney, formatNumber } from '../../../lib/format';
import { merchantAddress, objectTitle } from '../model/display';

/**
 * One finance object (spec 2 section 2 "Finance objects"): manufacturer and type as the title,
 * then its facts (amounts in the application's currency in the interface language, the delivery
 * date as DD.MM.YYYY) and the merchant; edit and delete while the objects may be changed.
 */
export function FinanceObjectCard({
  object,
  currency,
  editable,
  onEdit,
  onDelete,
}: {
  object: FinanceObject;
  currency: string;
  editable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation(['objects']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  const title = objectTitle(object) || t('objects:card.untitled');
  const money = (value: number | null) => (value === null ? '–' : formatMoney(value, currency, language));
  const yesNo = (value: boolean | null) =>
    value === null ? '–' : value ? t('objects:form.yes') : t('objects:form.no');
  const facts: Array<[string, ReactNode]> = [
    [t('objects:fields.built_at'), object.built_at ?? '–'],
    [
      t('objects:fields.object_count'),
      object.object_count === null ? '–' : formatNumber(object.object_count, language),
    ],
    [t('objects:fields.net_purchase_price'), money(object.net_purchase_price)],
    [t('objects:fields.down_payment'), money(object.down_payment)],
    [t('objects:fields.remaining_value'), money(object.remaining_value)],
    [
      t('objects:fields.financing_type'),
      object.financing_type ? t(`objects:financing_types.${object.financing_type}`) : '–',
    ],
    [t('objects:fields.rental_state'), object.rental_state ? t(`objects:rental_states.${object.rental_state}`) : '–'],
    [t('objects:fields.is_fixed_interest'), yesNo(object.is_fixed_interest)],
    [t('objects:fields.expected_delivery_date'), formatIsoDate(object.expected_delivery_date) || '–'],
  ];
  const country = object.merchant_country ? countryName(object.merchant_country, language) : '';

  return (
    <li>
      <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId} h="100%">
        <Stack gap="sm">
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
          {object.detail_desc && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {object.detail_desc}
            </Text>
          )}
          <dl className="fp-objects-facts">
            {facts.map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <Text size="sm" fw={600}>
              {t('objects:card.merchant')}
            </Text>
            <Text size="sm">{object.merchant_name ?? '–'}</Text>
            <Text size="sm">{merchantAddress(object, country)}</Text>
          </div>
          {editable && (
            <Group gap="sm" mt="auto">
              <Button variant="outline" size="sm" onClick={onEdit} aria-label={t('objects:card.edit', { name: title })}>
                {t('objects:card.edit_short')}
              </Button>
              <Button
                variant="subtle"
                color="red.9"
                size="sm"
                onClick={onDelete}
                aria-label={t('objects:card.delete', { name: title })}
              >
                {t('objects:card.delete_short')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </li>
  );
}
