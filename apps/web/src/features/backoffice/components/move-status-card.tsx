import {
  changeStatusRequest,
  type CaseDetail,
  type ChangeStatusRequest,
  type StaffProfile,
} from '@finportal/contracts/backoffice';
import { STATUSES_NEEDING_FINAL_PRICING } from '@finportal/contracts/pricing-rules';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/text-field';
import { formatList } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessages } from '../../../lib/http';
import { focusField } from '../../../lib/focus-field';
import { zodErrors } from '../../../lib/zod-form';
import { useChangeCaseStatus } from '../api/change-status';
import { SectionCard } from './facts';

const REASON_MAX = 1000;

/** The staff member set the final pricing: they may not approve (four eyes, contracts backoffice-permissions). */
export function approvalBlocked(detail: CaseDetail, profile: StaffProfile): boolean {
  return detail.allowed_transitions.includes('Approved') && detail.final_pricing?.set_by.id === profile.id;
}

/** The moves that wait for the final pricing (shown, but not to be chosen, while it is missing). */
export function movesNeedingPricing(detail: CaseDetail, options: readonly string[]): string[] {
  return detail.final_pricing ? [] : options.filter((s) => STATUSES_NEEDING_FINAL_PRICING.includes(s));
}

/**
 * "Move status": only the moves the API allows this person now (`allowed_transitions`), a
 * required reason (kept in the status history), and a confirmation before the move. Whoever set
 * the final pricing is not offered "Approved": a colleague must approve (four eyes). A move that
 * needs the final pricing is shown but cannot be chosen while there is none, with the hint why. A
 * refused move is explained in the card; the reason typed stays.
 */
export function MoveStatusCard({ detail, profile }: { detail: CaseDetail; profile: StaffProfile }) {
  const { t } = useTranslation(['backoffice']);
  const fourEyes = approvalBlocked(detail, profile);
  const options = detail.allowed_transitions.filter((s) => !(fourEyes && s === 'Approved'));
  return (
    <SectionCard title={t('backoffice:move.title')}>
      {fourEyes && (
        <Alert color="blue" mb="sm" title={t('backoffice:move.four_eyes_title')} data-testid="four-eyes">
          {t('backoffice:move.four_eyes_text')}
        </Alert>
      )}
      {options.length === 0 ? (
        <Text size="sm" c="dimmed">
          {profile.permissions.includes('cases.status')
            ? t('backoffice:move.none')
            : t('backoffice:move.no_permission')}
        </Text>
      ) : (
        // A new status starts a new form (the move succeeded); a refused move keeps what was typed.
        <MoveStatusForm key={detail.status} detail={detail} options={options} />
      )}
    </SectionCard>
  );
}

function MoveStatusForm({ detail, options }: { detail: CaseDetail; options: string[] }) {
  const { t } = useTranslation(['backoffice']);
  const id = useId();
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ status?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const move = useChangeCaseStatus(detail.id, { onMoved: () => setConfirming(false) });
  const label = (status: string) => t(`backoffice:statuses.${status}`, { defaultValue: status });
  const waiting = movesNeedingPricing(detail, options);

  const check = (values: { status: string; reason: string }) => {
    const found = zodErrors(changeStatusRequest, values);
    return { status: values.status ? undefined : t('backoffice:move.choose_required'), reason: found.reason as string };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check({ status: target, reason });
    setErrors(found);
    if (found.status) return focusField(`${id}-status`);
    if (found.reason) return focusField(`${id}-reason`);
    setRefused(null);
    setConfirming(true);
  };

  const confirm = () =>
    move.mutate(
      { status: target as ChangeStatusRequest['status'], reason: reason.trim() },
      {
        onError: (error) => {
          setConfirming(false);
          setRefused(errorMessages(error).join(' '));
        },
      },
    );

  const rejecting = target === 'Rejected';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          id={`${id}-status`}
          label={t('backoffice:move.to')}
          description={
            waiting.length > 0
              ? t('backoffice:move.needs_pricing', {
                  statuses: formatList(waiting.map(label), currentLanguage()),
                  count: waiting.length,
                })
              : undefined
          }
          required
          value={target}
          error={errors.status}
          data={[
            { value: '', label: t('backoffice:move.choose') },
            ...options.map((s) =>
              waiting.includes(s)
                ? { value: s, label: t('backoffice:move.option_needs_pricing', { status: label(s) }), disabled: true }
                : { value: s, label: label(s) },
            ),
          ]}
          onChange={(e) => {
            setTarget(e.currentTarget.value);
            setRefused(null);
            if (errors.status) setErrors((prev) => ({ ...prev, status: undefined }));
          }}
        />
        <TextAreaField
          id={`${id}-reason`}
          label={t('backoffice:move.reason')}
          description={t('backoffice:move.reason_hint')}
          required
          rows={3}
          maxLength={REASON_MAX}
          value={reason}
          error={errors.reason}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setReason(value);
            if (errors.reason)
              setErrors((prev) => ({ ...prev, reason: check({ status: target, reason: value }).reason }));
          }}
          onBlur={() => reason && setErrors((prev) => ({ ...prev, reason: check({ status: target, reason }).reason }))}
        />
        {refused && (
          <Alert color="red" role="alert" title={t('backoffice:move.refused')}>
            {refused}
          </Alert>
        )}
        <Button type="submit" color={rejecting ? 'red.9' : undefined}>
          {t('backoffice:move.submit')}
        </Button>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => !move.isPending && setConfirming(false)}
        title={t('backoffice:move.confirm_title', { id: detail.short_id })}
        closeButtonProps={{ 'aria-label': t('common:close') }}
        centered
      >
        <Stack gap="sm">
          <Text>{t('backoffice:move.confirm_text', { from: label(detail.status), to: label(target) })}</Text>
          <Text size="sm" c="dimmed">
            {t('backoffice:move.confirm_reason')}
          </Text>
          <blockquote className="fp-bo-quote">{reason.trim()}</blockquote>
          {rejecting && <Text size="sm">{t('backoffice:move.confirm_rejected')}</Text>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={move.isPending}>
              {t('backoffice:move.cancel')}
            </Button>
            <Button color={rejecting ? 'red.9' : undefined} loading={move.isPending} onClick={confirm} data-autofocus>
              {t('backoffice:move.confirm', { status: label(target) })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
