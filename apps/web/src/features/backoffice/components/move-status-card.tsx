import {
  changeStatusRequest,
  type CaseDetail,
  type ChangeStatusRequest,
  type StaffProfile,
} from '@finportal/contracts/backoffice';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/text-field';
import { formatList } from '../../../lib/format';
import { currentLanguage, translateErrorCode } from '../../../lib/i18n';
import { errorMessages } from '../../../lib/http';
import { focusField } from '../../../lib/focus-field';
import { zodErrors } from '../../../lib/zod-form';
import { useChangeCaseStatus } from '../api/change-status';
import { SectionCard } from './facts';

const REASON_MAX = 1000;
const FOUR_EYES = 'err_approve_require_different_user';

/** The server's moves for this person that wait for something, by what blocks them (code → statuses). */
export function blockedMoves(detail: CaseDetail): Map<string, string[]> {
  const blocked = new Map<string, string[]>();
  for (const move of detail.transitions) {
    if (move.blocked_by && move.blocked_by !== FOUR_EYES) {
      blocked.set(move.blocked_by, [...(blocked.get(move.blocked_by) ?? []), move.to]);
    }
  }
  return blocked;
}

/**
 * "Move status": the moves the workflow gives this person from the current status, as the server
 * sends them (`transitions`, each with what blocks it; issue 24): the open ones to choose, the
 * blocked ones shown but not choosable, with why (the final pricing, the signatures). Whoever wrote
 * the pricing is told that a colleague approves (four eyes, judged by the server). A required
 * reason (kept in the status history) and a confirmation before the move; a refused move is
 * explained in the card and the reason typed stays.
 */
export function MoveStatusCard({ detail, profile }: { detail: CaseDetail; profile: StaffProfile }) {
  const { t } = useTranslation(['backoffice']);
  const fourEyes = detail.transitions.some((m) => m.blocked_by === FOUR_EYES);
  const options = detail.transitions.filter((m) => m.blocked_by !== FOUR_EYES);
  return (
    <SectionCard title={t('backoffice:move.title')}>
      {fourEyes && (
        <Alert color="blue" mb="sm" title={t('backoffice:move.four_eyes_title')} data-testid="four-eyes">
          {t('backoffice:move.four_eyes_text')}
        </Alert>
      )}
      {options.length === 0 ? (
        <Text size="sm" c="dimmed">
          {detail.capabilities.can_move ? t('backoffice:move.none') : t('backoffice:move.no_permission')}
        </Text>
      ) : (
        // A new status starts a new form (the move succeeded); a refused move keeps what was typed.
        <MoveStatusForm key={detail.status} detail={detail} profile={profile} />
      )}
    </SectionCard>
  );
}

function MoveStatusForm({ detail }: { detail: CaseDetail; profile: StaffProfile }) {
  const { t } = useTranslation(['backoffice']);
  const id = useId();
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ status?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const move = useChangeCaseStatus(detail.id, { onMoved: () => setConfirming(false) });
  const label = (status: string) => t(`backoffice:statuses.${status}`, { defaultValue: status });
  const options = detail.transitions.filter((m) => m.blocked_by !== FOUR_EYES);
  const blocked = blockedMoves(detail);
  const hints = [...blocked.entries()].map(([code, statuses]) =>
    t('backoffice:move.blocked_hint', {
      statuses: formatList(statuses.map(label), currentLanguage()),
      reason: translateErrorCode(code),
    }),
  );

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
          description={hints.length > 0 ? hints.join(' ') : undefined}
          required
          value={target}
          error={errors.status}
          data={[
            { value: '', label: t('backoffice:move.choose') },
            ...options.map((m) =>
              m.blocked_by
                ? { value: m.to, label: t('backoffice:move.option_blocked', { status: label(m.to) }), disabled: true }
                : { value: m.to, label: label(m.to) },
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
