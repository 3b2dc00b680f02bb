import type { CreatedApplication } from '@finportal/contracts/offers';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SupportContact } from '../../../components/support-contact';
import { useConfig } from '../../../lib/config';
import { translateErrorCode } from '../../../lib/i18n';
import { formatMoney, formatMoneyRange, formatPercent, formatRange } from '../../../lib/format';

export const REJECTED = 'Rejected';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Where 'Return to website' leads: the origin of the partner's terms URL, else the portal's home. */
export function partnerWebsite(termsUrl: string): string {
  try {
    const url = new URL(termsUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : '/';
  } catch {
    return '/';
  }
}

/** The created application: an indicative offer, 'received' without pricing, or a rejection. */
export function ResultDetails({ application }: { application: CreatedApplication }) {
  if (application.status === REJECTED) return <Rejection application={application} />;
  return <Offer application={application} />;
}

function Offer({ application: a }: { application: CreatedApplication }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (n: number) => formatMoney(n, a.currency, language);
  const percent = (n: number) => formatPercent(n, language);
  const p = a.pricing;
  // Factoring: the offer is the fee on the limit (pricing stays null); without it, no figures.
  const factoring =
    a.factoring && a.factoring.factoring_fee_rate !== null && a.factoring.annual_factoring_fee !== null
      ? { ...a.factoring, fee_rate: a.factoring.factoring_fee_rate, fee: a.factoring.annual_factoring_fee }
      : null;
  const hasOffer = !!p || !!factoring;
  const years = a.display_duration_unit === 'years';
  const duration =
    a.loanDuration === null
      ? null
      : years
        ? t('wizard:common.years', { count: Math.round((a.loanDuration / 12) * 10) / 10 })
        : t('wizard:common.months', { count: a.loanDuration });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} fz="h3">
          {hasOffer ? t('result:offer_title') : t('result:received_title')}
        </Title>
        <Text>{hasOffer ? t('result:offer_text') : t('result:received_text')}</Text>
        <dl className="fp-figures">
          <Figure label={t('result:offer_id')}>{a.shortApplicationId}</Figure>
          {p && a.loanSize !== null && <Figure label={t('result:loan_amount')}>{money(a.loanSize)}</Figure>}
          {p && duration && <Figure label={t('result:duration')}>{duration}</Figure>}
          {p && (
            <>
              <Figure label={t('result:interest_rate')}>
                {formatRange(percent(p.offer_rate_low), percent(p.offer_rate_high), p.offer_is_range)}
              </Figure>
              <Figure label={t('result:monthly_rate')}>
                {formatMoneyRange(
                  p.offer_representative_monthly_rate_low,
                  p.offer_representative_monthly_rate_high,
                  p.offer_is_range,
                  a.currency,
                  language,
                )}
              </Figure>
              <Figure label={t('result:transaction_fee')}>{money(p.total_transaction_fee)}</Figure>
            </>
          )}
          {factoring && (
            <>
              <Figure label={t('result:factoring_limit')}>{money(factoring.factoring_limit)}</Figure>
              <Figure label={t('result:factoring_fee')}>
                {t('result:factoring_fee_value', {
                  rate: percent(factoring.fee_rate),
                  amount: money(factoring.fee),
                })}
              </Figure>
            </>
          )}
        </dl>
        {hasOffer && (
          <Text size="sm" c="gray.8">
            {p?.is_final_interest_rate && p.is_final_transaction_fee
              ? t('result:final_note')
              : t('result:indicative_note')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button component={Link} to={`/dashboard/applications/${encodeURIComponent(a.applicationId)}`} size="md">
            {t('result:complete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Rejection({ application }: { application: CreatedApplication }) {
  const { t } = useTranslation();
  const { partner } = useConfig();
  const { customer_support_email: email, customer_support_phone: phone, terms_url } = partner.parameters;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} fz="h3">
          {t('result:rejected_title')}
        </Title>
        <Text>{t('result:rejected_text')}</Text>
        {application.rejection_reason && (
          <Alert color="gray" variant="light" title={t('result:rejection_reason')}>
            {translateErrorCode(application.rejection_reason, application.rejection_values ?? undefined)}
          </Alert>
        )}
        <Text size="sm" c="gray.8">
          {t('result:reference', { id: application.shortApplicationId })}
        </Text>
        {email && phone && (
          <Stack gap="xs">
            <Text fw={600}>{t('result:rejected_contact')}</Text>
            <SupportContact />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button component="a" href={partnerWebsite(terms_url)} size="md">
            {t('result:return_to_website')}
          </Button>
        </Group>
        <Text size="sm" ta="right">
          <Anchor component={Link} to="/dashboard/applications">
            {t('result:to_applications')}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
