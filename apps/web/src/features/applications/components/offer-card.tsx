import type { Application, FinalOffer } from '@finportal/contracts/applications';
import { isClosedStatus } from '@finportal/contracts/statuses';
import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateUtc, formatMoney, formatMoneyRange, formatPercent, formatRange } from '../../../lib/format';
import { useUpdateApplicationStatus } from '../api/update-status';

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
  // The final offer supersedes the indicative one once the back office made it (Offer_Available on).
  if (a.final_offer) return <FinalOfferCard application={a} offer={a.final_offer} />;

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

/**
 * The final offer (issue 24): the back office's final pricing from Offer_Available on, marked
 * final (the pricing's is_final_* flags), with the accept button while the borrower may accept
 * (their `accept_offer` action, judged by the server) and a confirmation naming the figures.
 * Accepting moves the application to Offer_Accepted and returns to the overview with
 * `result=success` (spec 2 section 2), where the frame says what happens next. Once accepted, the
 * card says when.
 */
function FinalOfferCard({ application: a, offer }: { application: Application; offer: FinalOffer }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [, setSearchParams] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const accept = a.actions.find((action) => action.action === 'accept_offer');
  const mutation = useUpdateApplicationStatus(a.applicationId, {
    onDone: () => setConfirming(false),
    successText: t('overview:frame.result.offer_accepted_title'),
    failureText: t('overview:offer.accept_failed'),
    onSuccess: () =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('tab', 'overview');
          next.set('result', 'success');
          return next;
        },
        { replace: true },
      ),
  });
  const money = (n: number) => formatMoney(n, a.currency, language);
  const rate = formatPercent(offer.interest_rate, language);
  const isFactoring = offer.annual_factoring_fee !== null;
  const summary = isFactoring
    ? t('overview:offer.summary_factoring', {
        rate,
        amount: money(offer.annual_factoring_fee!),
        fee: money(offer.transaction_fee),
      })
    : t('overview:offer.summary_loan', {
        rate,
        monthly: offer.monthly_payment === null ? '–' : money(offer.monthly_payment),
        fee: money(offer.transaction_fee),
      });
  const duration =
    a.loanDuration === null
      ? null
      : a.display_duration_unit === 'years'
        ? t('overview:offer.years', { count: Math.round((a.loanDuration / 12) * 10) / 10 })
        : t('overview:offer.months', { count: a.loanDuration });
  const limit = a.factoring?.factoring_limit ?? null;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid="final-offer-card"
    >
      <Title order={2} size="h4" mb="xs" id={headingId}>
        {t('overview:offer.final_title')}
      </Title>
      <Text size="sm" mb="md">
        {t('overview:offer.final_text', { id: a.shortApplicationId })}
      </Text>
      <dl className="fp-offer-figures">
        {!isFactoring && a.loanSize !== null && (
          <Figure label={t('overview:offer.loan_amount')}>{money(a.loanSize)}</Figure>
        )}
        {!isFactoring && duration && <Figure label={t('overview:offer.duration')}>{duration}</Figure>}
        {isFactoring && limit !== null && <Figure label={t('overview:offer.factoring_limit')}>{money(limit)}</Figure>}
        <Figure label={t('overview:offer.final_interest_rate')}>{rate}</Figure>
        {!isFactoring && offer.monthly_payment !== null && (
          <Figure label={t('overview:offer.final_monthly_rate')}>{money(offer.monthly_payment)}</Figure>
        )}
        {isFactoring && (
          <Figure label={t('overview:offer.final_factoring_fee')}>{money(offer.annual_factoring_fee!)}</Figure>
        )}
        <Figure label={t('overview:offer.final_fee')}>{money(offer.transaction_fee)}</Figure>
      </dl>
      <Text size="sm" c="dimmed" mt="md">
        {offer.is_final_interest_rate && offer.is_final_transaction_fee
          ? t('overview:offer.final_note')
          : t('overview:offer.indicative_note')}
      </Text>
      {offer.accepted_at ? (
        <Alert color="green" variant="light" mt="md" role="status" data-testid="offer-accepted">
          {t('overview:offer.accepted_on', { date: formatDateUtc(offer.accepted_at) })}
        </Alert>
      ) : (
        accept && (
          <Group mt="md">
            <Button
              onClick={() => setConfirming(true)}
              disabled={accept.blocked_by !== null}
              loading={mutation.isPending}
            >
              {t('overview:offer.accept')}
            </Button>
          </Group>
        )
      )}
      <Modal
        opened={confirming}
        onClose={() => !mutation.isPending && setConfirming(false)}
        title={t('overview:offer.accept_confirm_title')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
        centered
      >
        <Stack gap="md">
          <Text>{t('overview:offer.accept_confirm_text', { id: a.shortApplicationId, summary })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={mutation.isPending}>
              {t('overview:offer.accept_cancel')}
            </Button>
            <Button
              data-autofocus
              loading={mutation.isPending}
              onClick={() => accept && mutation.mutate(accept.status)}
            >
              {t('overview:offer.accept_confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
