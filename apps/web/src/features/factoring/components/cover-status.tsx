import { COVER_STATUS_COLOURS } from '@finportal/contracts/debitor-rules';
import type { Debitor } from '@finportal/contracts/debitors';
import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { coverBlocker, coverDecisionId } from '../model/cover';

/**
 * A debtor's credit-insurance cover (spec 2 sections 3 and 4): the insurer's status as a badge
 * with its own text (never colour alone), the amount covered and its currency, and the request
 * button when cover may be requested now (again after an Error). Without cover and without the
 * button, it says why (the insurer does not know the company).
 */
export function CoverStatus({
  debitor,
  insurer,
  editable,
  requesting,
  onRequest,
}: {
  debitor: Debitor;
  insurer: string;
  editable: boolean;
  requesting: boolean;
  onRequest: () => void;
}) {
  const { t, i18n } = useTranslation(['factoring']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const cover = debitor.insurance_cover;
  const name = debitor.company.company_name;
  const blocker = editable && !debitor.can_request_cover ? coverBlocker(debitor, insurer) : null;
  const decision = coverDecisionId(debitor);

  const request = debitor.can_request_cover && (
    <Button
      size="xs"
      variant="outline"
      loading={requesting}
      onClick={onRequest}
      aria-label={t(cover ? 'factoring:cover.request_again_label' : 'factoring:cover.request_label', { name })}
    >
      {cover ? t('factoring:cover.request_again') : t('factoring:cover.request')}
    </Button>
  );

  if (!cover) {
    return (
      <Stack gap={6} align="flex-start">
        <Text size="sm">{t('factoring:cover.none')}</Text>
        {request}
        {blocker && blocker.code !== 'err_cover_exists' && (
          <Text size="xs" c="gray.7">
            {t('factoring:cover.not_available')}
          </Text>
        )}
      </Stack>
    );
  }

  const status = cover.cover_status;
  return (
    <Stack gap={6} align="flex-start">
      <Group gap={6} wrap="nowrap">
        {status === 'Pending' && <Loader size={14} aria-hidden="true" />}
        <Badge variant="light" color={COVER_STATUS_COLOURS[status]} tt="none" data-cover-status={status}>
          {t(`factoring:cover.status.${status}`)}
        </Badge>
      </Group>
      <Text size="xs">{t(`factoring:cover.text.${status}`)}</Text>
      {cover.cover_amount !== null && cover.cover_currency && (
        <Text size="sm" fw={600}>
          {t('factoring:cover.amount', {
            amount: formatMoney(cover.cover_amount, cover.cover_currency, language),
          })}
        </Text>
      )}
      {decision && (
        <Text size="xs" c="gray.7">
          {t('factoring:cover.decision', { id: decision })}
        </Text>
      )}
      {request}
    </Stack>
  );
}
