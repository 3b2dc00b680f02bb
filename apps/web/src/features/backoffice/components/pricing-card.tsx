import type { CaseDetail, StaffProfile } from '@finportal/contracts/backoffice';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { focusField } from '../../../lib/focus-field';
import { formatMoney } from '../../../lib/format';
import { itemMessages, isApiError } from '../../../lib/http';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { useRuleForm } from '../../../lib/use-rule-form';
import { applyServerErrors } from '../../../lib/zod-form';
import { useSetCasePricing } from '../api/set-pricing';
import { formatDateTime, formatExactAmount, formatRate } from '../model/display';
import {
  initialPricing,
  PRICING_FIELDS,
  PRICING_INPUT_FRACTION_DIGITS,
  pricingIssues,
  type PricingValues,
} from '../model/pricing-form';
import { Facts, SectionCard } from './facts';

const same = (values: PricingValues) => values;

/**
 * The final pricing: annual rate in percent and the transaction fee in the application's
 * currency, within the partner's bounds (shown). Editable while the case is in review (display
 * group in_review) by someone with cases.pricing; checked in the browser by the contracts' rules
 * and by the API, whose field errors show on their fields. Says who set it and when.
 */
export function PricingCard({ detail, profile }: { detail: CaseDetail; profile: StaffProfile }) {
  const { t } = useTranslation(['backoffice']);
  const language = currentLanguage();
  const pricing = detail.final_pricing;
  const bounds = detail.pricing_bounds;
  // The server's capability (contracts application/policies.ts pricingOpen); the permission only picks the text.
  const open = detail.capabilities.can_price;
  const allowed = profile.permissions.includes('cases.pricing');
  return (
    <SectionCard title={t('backoffice:pricing.title')}>
      {pricing ? (
        <>
          <Facts
            facts={[
              { label: t('backoffice:pricing.rate'), value: formatRate(pricing.interest_rate, language) },
              {
                label: t('backoffice:pricing.fee'),
                value: formatExactAmount(pricing.transaction_fee, detail.currency, language),
              },
              ...(pricing.monthly_payment === null
                ? []
                : [
                    {
                      label: t('backoffice:pricing.monthly'),
                      value: formatExactAmount(pricing.monthly_payment, detail.currency, language),
                    },
                  ]),
            ]}
          />
          <Text size="xs" c="dimmed" mt="xs" data-testid="pricing-set-by">
            {pricing.set_by.id === profile.id
              ? t('backoffice:pricing.set_by_you', { when: formatDateTime(pricing.set_at, language) })
              : t('backoffice:pricing.set_by', {
                  who: pricing.set_by.email,
                  when: formatDateTime(pricing.set_at, language),
                })}
          </Text>
        </>
      ) : (
        <Text size="sm">{t('backoffice:pricing.none')}</Text>
      )}
      <Text size="sm" c="dimmed" mt="sm">
        {t('backoffice:pricing.bounds', {
          min: formatRate(bounds.interest_rate_min, language),
          max: formatRate(bounds.interest_rate_max, language),
          fee: formatMoney(bounds.transaction_fee_max, detail.currency, language),
        })}
      </Text>
      {open && allowed ? (
        <PricingForm key={pricing?.set_at ?? 'new'} detail={detail} />
      ) : (
        <Text size="sm" mt="sm">
          {allowed ? t('backoffice:pricing.closed') : t('backoffice:pricing.no_permission')}
        </Text>
      )}
    </SectionCard>
  );
}

function PricingForm({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice']);
  const id = useId();
  const bounds = detail.pricing_bounds;
  const judge = useCallback((values: PricingValues) => pricingIssues(values, bounds), [bounds]);
  const [initial] = useState(() => initialPricing(detail.final_pricing));
  const form = useRuleForm(initial, same, judge);
  const save = useSetCasePricing(detail.id);
  const [refused, setRefused] = useState<string | null>(null);
  const fieldId = (field: string) => `${id}-${field}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    const first = form.attemptSubmit();
    if (first) return focusField(fieldId(first));
    const { interest_rate, transaction_fee } = form.values;
    save.mutate(
      { interest_rate: interest_rate as number, transaction_fee: transaction_fee as number },
      {
        onError: (error) => {
          const rest = applyServerErrors({ setFieldError: form.setServerError }, error, PRICING_FIELDS);
          if (rest.length > 0) setRefused(itemMessages(rest).join(' '));
          else if (!isApiError(error) || error.errors.length === 0) setRefused(i18n.t('common:request-failed'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" mt="md">
        <NumberField
          id={fieldId('interest_rate')}
          label={t('backoffice:pricing.rate_input')}
          unit="%"
          unitLabel={t('backoffice:pricing.percent')}
          maximumFractionDigits={PRICING_INPUT_FRACTION_DIGITS}
          required
          value={form.values.interest_rate}
          onChange={(value, change) => form.setValue('interest_rate', change.valid ? value : change.text)}
          onBlur={() => form.touch('interest_rate')}
          error={form.errorOf('interest_rate')}
        />
        <NumberField
          id={fieldId('transaction_fee')}
          label={t('backoffice:pricing.fee_input')}
          unit={detail.currency}
          maximumFractionDigits={PRICING_INPUT_FRACTION_DIGITS}
          required
          value={form.values.transaction_fee}
          onChange={(value, change) => form.setValue('transaction_fee', change.valid ? value : change.text)}
          onBlur={() => form.touch('transaction_fee')}
          error={form.errorOf('transaction_fee')}
        />
        {refused && (
          <Alert color="red" role="alert" title={t('backoffice:pricing.refused')}>
            {refused}
          </Alert>
        )}
        <Button type="submit" loading={save.isPending}>
          {detail.final_pricing ? t('backoffice:pricing.change') : t('backoffice:pricing.save')}
        </Button>
      </Stack>
    </form>
  );
}
