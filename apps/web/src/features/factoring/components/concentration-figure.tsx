import type { DebitorsResponse } from '@finportal/contracts/debitors';
import { Card, Progress, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../../lib/format';

/**
 * How concentrated the receivables are (issue 12): the largest debtor's share of the listed annual
 * sales in the application's currency; debtors in other currencies are left out and counted.
 */
export function ConcentrationFigure({ list }: { list: DebitorsResponse }) {
  const { t, i18n } = useTranslation(['factoring']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  const figure = list.concentration;
  if (!figure) return null;
  const largest = list.result.find((d) => d.debitor_id === figure.largest_debitor_id);
  const money = (value: number) => formatMoney(value, figure.currency, language);
  const share = formatPercent(figure.largest_share * 100, language);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {t('factoring:concentration.title')}
        </Title>
        <Text size="xl" fw={700}>
          {share}
        </Text>
        <Progress value={figure.largest_share * 100} aria-hidden="true" />
        <Text size="sm">
          {t('factoring:concentration.text', {
            name: largest?.company.company_name ?? '',
            share,
            largest: money(figure.largest_sales),
            total: money(figure.total_sales),
            count: figure.debitor_count,
          })}
        </Text>
        {figure.excluded_count > 0 && (
          <Text size="sm" c="gray.7">
            {t('factoring:concentration.excluded', { count: figure.excluded_count, currency: figure.currency })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
