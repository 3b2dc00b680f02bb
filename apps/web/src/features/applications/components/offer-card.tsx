import type { Application } from '@finportal/contracts/applications';
import { isClosedStatus } from '@finportal/contracts/statuses';
import { Card, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatMoneyRange, formatPercent, formatRange } from '../../../lib/format';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The indicative offer on the overview (spec 1 section 3 "Offer / created application"): the
 * figures the result page showed, so that they stay visible after the customer has left it.
 * A loan: amount, duration, interest rate, monthly rate and transaction fee; factoring: the limit
 * and the annual fee. Nothing when the partner shows no indicative offer (the API sends no
 * pricing then) or the application is closed.
 */
export function OfferCard({ application: a }: { application: Application }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (isClosedStatus(a.status)) return null;

  const p = a.pricing;
  const f = a.factoring;
  const fee =
    f && f.factoring_limit !== null && f.factoring_fee_rate !== null && f.annual_factoring_fee !== null
      ? { limit: f.factoring_limit, rate: f.factoring_fee_rate, amount: f.annual_factoring_fee }
      : null;
  if (!p && !fee) return null;

  // The one cents rule of every view (lib/format), as on the result page.
  const money = (n: number) => formatMoney(n, a.currency, language);
  const percent = (n: number) => formatPercent(n, language);
  const duration =
    a.loanDuration === null
      ? null
      : a.display_duration_unit === 'years'
        ? t('overview:offer.years', { count: Math.round((a.loanDuration / 12) * 10) / 10 })
        : t('overview:offer.months', { count: a.loanDuration });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} data-testid="offer-card">
      <Title order={2} size="h4" mb="xs" id={headingId}>
        {t('overview:offer.title')}
      </Title>
      <Text size="sm" mb="md">
        {t('overview:offer.text', { id: a.shortApplicationId })}
      </Text>
      <dl className="fp-offer-figures">
        {p && a.loanSize !== null && <Figure label={t('overview:offer.loan_amount')}>{money(a.loanSize)}</Figure>}
        {p && duration && <Figure label={t('overview:offer.duration')}>{duration}</Figure>}
        {p && (
          <>
            <Figure label={t('overview:offer.interest_rate')}>
              {formatRange(percent(p.offer_rate_low), percent(p.offer_rate_high), p.offer_is_range)}
            </Figure>
            <Figure label={t('overview:offer.monthly_rate')}>
              {formatMoneyRange(
                p.offer_representative_monthly_rate_low,
                p.offer_representative_monthly_rate_high,
                p.offer_is_range,
                a.currency,
                language,
              )}
            </Figure>
            <Figure label={t('overview:offer.transaction_fee')}>{money(p.total_transaction_fee)}</Figure>
          </>
        )}
        {fee && (
          <>
            <Figure label={t('overview:offer.factoring_limit')}>{money(fee.limit)}</Figure>
            <Figure label={t('overview:offer.factoring_fee')}>
              {t('overview:offer.factoring_fee_value', { rate: percent(fee.rate), amount: money(fee.amount) })}
            </Figure>
          </>
        )}
      </dl>
      <Text size="sm" c="dimmed" mt="md">
        {p?.is_final_interest_rate && p.is_final_transaction_fee
          ? t('overview:offer.final_note')
          : t('overview:offer.indicative_note')}
      </Text>
    </Card>
  );
}
