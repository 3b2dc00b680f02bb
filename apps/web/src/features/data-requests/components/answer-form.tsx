import type { DataRequest } from '@finportal/contracts/data-requests';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/text-field';
import { focusField } from '../../../lib/focus-field';
import { formatDateUtc, formatNumber } from '../../../lib/format';
import { isApiError } from '../../../lib/http';
import { translateErrorCode } from '../../../lib/i18n';
import { useRuleForm } from '../../../lib/use-rule-form';
import { reportFormError } from '../../../lib/zod-form';
import { useAnswerDataRequest } from '../api/answer-data-request';
import { ANSWER_MAX_LENGTH, answerIssues, answerWire } from '../model/data-requests';

const INITIAL = { answer: '' };

/**
 * One question of the back office and the borrower's answer (issue 13): the question is the
 * field's description (read out with it), the answer required and at most 2,000 characters (a
 * longer text stays in the field, which says so). A failed send keeps the text; a question closed
 * meanwhile (409 err_request_closed, or closed while typing) keeps it too, read-only, with why it
 * can no longer be sent and a way to drop it.
 */
export function AnswerForm({
  applicationId,
  request,
  onDraft,
  onAnswered,
  onDiscard,
}: {
  applicationId: string;
  request: DataRequest;
  /** The text as typed (the card keeps a question closed meanwhile while it holds text). */
  onDraft: (text: string) => void;
  onAnswered: () => void;
  onDiscard: () => void;
}) {
  const { t, i18n } = useTranslation();
  const fieldId = `${useId()}-answer`;
  const form = useRuleForm(INITIAL, answerWire, answerIssues);
  const send = useAnswerDataRequest(applicationId, { onAnswered });
  const closed = request.status !== 'open';
  const length = form.values.answer.trim().length;
  const discard = useRef<HTMLButtonElement>(null);

  // Closed while the send button had the focus (it is gone now): the focus goes to the way out.
  useEffect(() => {
    if (closed && document.activeElement === document.body) discard.current?.focus();
  }, [closed]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (closed || send.isPending) return;
    if (form.attemptSubmit()) {
      focusField(fieldId);
      return;
    }
    send.mutate(
      { requestId: request.id, answer: form.wire.answer },
      {
        onError: (error) => {
          if (isApiError(error) && error.hasCode('err_request_closed')) {
            form.setServerError('answer', translateErrorCode('err_request_closed'));
            return;
          }
          reportFormError(
            { setFieldError: form.setServerError },
            error,
            ['answer'],
            t('overview:requests.answer.failed'),
          );
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="fp-request">
      <Text size="xs" c="dimmed">
        {t('overview:requests.asked_on', { date: formatDateUtc(request.created_at) })}
      </Text>
      <TextAreaField
        id={fieldId}
        label={t('overview:requests.answer.label')}
        description={request.message}
        inputWrapperOrder={['description', 'label', 'input', 'error']}
        classNames={{ description: 'fp-request-question' }}
        required
        rows={4}
        maxLength={ANSWER_MAX_LENGTH}
        value={form.values.answer}
        readOnly={closed}
        onChange={(event) => {
          form.setValue('answer', event.currentTarget.value);
          onDraft(event.currentTarget.value);
        }}
        onBlur={() => form.touch('answer')}
        error={closed ? undefined : form.errorOf('answer')}
      />
      {closed ? (
        <Alert color="yellow" variant="light" role="status" title={t('overview:requests.closed_meanwhile.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('overview:requests.closed_meanwhile.text')}</Text>
            <Button ref={discard} size="xs" variant="outline" onClick={onDiscard}>
              {t('overview:requests.closed_meanwhile.discard')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Text size="xs" c={length > ANSWER_MAX_LENGTH ? 'red.8' : 'dimmed'}>
            {t('overview:requests.answer.length', {
              length: formatNumber(length, i18n.resolvedLanguage ?? i18n.language),
              max: formatNumber(ANSWER_MAX_LENGTH, i18n.resolvedLanguage ?? i18n.language),
            })}
          </Text>
          <Button type="submit" loading={send.isPending}>
            {t('overview:requests.answer.submit')}
          </Button>
        </Group>
      )}
    </form>
  );
}
