import type { CaseDetail, StaffProfile } from '@finportal/contracts/backoffice';
import type { DataRequest } from '@finportal/contracts/data-requests';
import { Alert, Badge, Button, Group, Modal, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/text-field';
import { focusField } from '../../../lib/focus-field';
import { currentLanguage } from '../../../lib/i18n';
import { useCreateCaseRequest } from '../api/create-request';
import { useWithdrawCaseRequest } from '../api/withdraw-request';
import { formatDateTime } from '../model/display';
import { focusAfterRender, focusIds } from '../model/focus-after';
import { refusalText, sortOutRefusal } from '../model/refusals';
import {
  documentTypeGroups,
  lengthIssue,
  MESSAGE_LIMITS,
  sortedRequests,
  useDocumentTypeName,
} from '../model/requests';
import { SectionCard } from './facts';

/**
 * "Requests to the customer" (issue 13, ADR 019): every request of the case, open ones first, with
 * what was asked, the customer's answer and the dates; an open one can be withdrawn (after a
 * confirmation). Below, the form to ask for a document of one of the application's types or for
 * information: it becomes a pending item for the customer, who is told by e-mail.
 */
export function RequestsSection({ detail, profile }: { detail: CaseDetail; profile: StaffProfile }) {
  const { t } = useTranslation(['backoffice']);
  const allowed = profile.permissions.includes('cases.request');
  return (
    <Stack gap="md">
      <RequestList detail={detail} canWithdraw={allowed} />
      <SectionCard title={t('backoffice:requests.ask_title')}>
        {!allowed ? (
          <Text size="sm" c="dimmed">
            {t('backoffice:requests.no_permission')}
          </Text>
        ) : detail.capabilities.can_request ? (
          <AskForm detail={detail} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('backoffice:requests.closed')}
          </Text>
        )}
      </SectionCard>
    </Stack>
  );
}

const STATUS_COLOURS = { open: 'orange', fulfilled: 'green', cancelled: 'gray' } as const;

function RequestList({ detail, canWithdraw }: { detail: CaseDetail; canWithdraw: boolean }) {
  const { t } = useTranslation(['backoffice']);
  const [withdrawing, setWithdrawing] = useState<DataRequest | null>(null);
  const requests = sortedRequests(detail.requests);
  const open = requests.filter((r) => r.status === 'open').length;
  return (
    <SectionCard title={t('backoffice:requests.title')}>
      <Text size="sm" mb="sm">
        {t('backoffice:requests.intro')}
      </Text>
      {requests.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backoffice:requests.none')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {t('backoffice:requests.count', { count: requests.length, open })}
          </Text>
          <Stack gap="sm" component="ul" className="fp-bo-list" aria-label={t('backoffice:requests.title')}>
            {requests.map((request) => (
              <RequestItem
                key={request.id}
                detail={detail}
                request={request}
                onWithdraw={canWithdraw && request.status === 'open' ? () => setWithdrawing(request) : undefined}
              />
            ))}
          </Stack>
        </>
      )}
      {withdrawing && <WithdrawDialog detail={detail} request={withdrawing} onClose={() => setWithdrawing(null)} />}
    </SectionCard>
  );
}

/** The request's heading: the document type asked for, or "Information". */
function useRequestTitle(detail: CaseDetail) {
  const { t } = useTranslation(['backoffice']);
  const typeName = useDocumentTypeName(detail);
  return (request: DataRequest) =>
    request.kind === 'document' ? typeName(request.document_type) : t('backoffice:requests.kind_information');
}

function RequestItem({
  detail,
  request,
  onWithdraw,
}: {
  detail: CaseDetail;
  request: DataRequest;
  onWithdraw?: () => void;
}) {
  const { t } = useTranslation(['backoffice']);
  const language = currentLanguage();
  const title = useRequestTitle(detail)(request);
  const status =
    request.status === 'fulfilled'
      ? t(`backoffice:requests.status_fulfilled_${request.kind}`)
      : t(`backoffice:requests.status_${request.status}`);
  const closed =
    request.closed_at &&
    t(
      request.status === 'cancelled'
        ? 'backoffice:requests.withdrawn_on'
        : request.kind === 'document'
          ? 'backoffice:requests.received_on'
          : 'backoffice:requests.answered_on',
      { date: formatDateTime(request.closed_at, language) },
    );
  return (
    <Paper component="li" withBorder radius="sm" p="sm" data-status={request.status} className="fp-bo-request">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <div className="fp-bo-request-head">
          <h3 className="fp-bo-card-subtitle fp-bo-focus-target" id={focusIds.request(request.id)} tabIndex={-1}>
            {title}
          </h3>
          <Text size="xs" c="dimmed" className="fp-bo-request-meta">
            {[
              request.kind === 'document' && t('backoffice:requests.kind_document'),
              t('backoffice:requests.asked_on', { date: formatDateTime(request.created_at, language) }),
              closed,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Badge color={STATUS_COLOURS[request.status]} variant="light" tt="none">
            {status}
          </Badge>
          {onWithdraw && (
            <Button
              size="compact-sm"
              variant="default"
              aria-label={t('backoffice:requests.withdraw_label', { title })}
              onClick={onWithdraw}
            >
              {t('backoffice:requests.withdraw')}
            </Button>
          )}
        </Group>
      </Group>
      {request.rejected_document_id && (
        <Text size="sm" mt="xs">
          {t('backoffice:requests.from_rejection')}
        </Text>
      )}
      <Text size="sm" fw={600} mt="xs">
        {request.rejected_document_id ? t('backoffice:requests.reason') : t('backoffice:requests.message')}
      </Text>
      <blockquote className="fp-bo-quote">{request.message}</blockquote>
      {request.kind === 'information' && request.answer !== null && (
        <>
          <Text size="sm" fw={600} mt="xs">
            {t('backoffice:requests.answer')}
          </Text>
          <blockquote className="fp-bo-quote fp-bo-answer">{request.answer}</blockquote>
        </>
      )}
    </Paper>
  );
}

function WithdrawDialog({
  detail,
  request,
  onClose,
}: {
  detail: CaseDetail;
  request: DataRequest;
  onClose: () => void;
}) {
  const { t } = useTranslation(['backoffice']);
  const title = useRequestTitle(detail)(request);
  const withdraw = useWithdrawCaseRequest(detail.id);
  const [refused, setRefused] = useState<string | null>(null);
  const confirm = () =>
    withdraw.mutate(request.id, {
      onSuccess: () => {
        onClose();
        focusAfterRender(focusIds.request(request.id));
      },
      onError: (error) => setRefused(refusalText(error)),
    });
  return (
    <Modal
      opened
      onClose={() => !withdraw.isPending && onClose()}
      title={t('backoffice:requests.withdraw_title')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">{t('backoffice:requests.withdraw_text', { title })}</Text>
        <blockquote className="fp-bo-quote">{request.message}</blockquote>
        {refused && (
          <Alert color="red" role="alert" title={t('backoffice:requests.withdraw_failed')}>
            {refused}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={withdraw.isPending}>
            {t('backoffice:move.cancel')}
          </Button>
          <Button color="red.9" loading={withdraw.isPending} onClick={confirm} data-autofocus>
            {t('backoffice:requests.withdraw_confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type AskField = 'kind' | 'document_type' | 'message';
const ASK_FIELDS: readonly AskField[] = ['kind', 'document_type', 'message'];

function AskForm({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice', 'overview']);
  const id = useId();
  const language = currentLanguage();
  const groups = documentTypeGroups(detail, language);
  const [kind, setKind] = useState<'document' | 'information'>(groups.length > 0 ? 'document' : 'information');
  const [type, setType] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<AskField, string>>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const ask = useCreateCaseRequest(detail.id);
  const fieldId = (field: AskField) => `${id}-${field}`;

  const check = (values: { kind: string; type: string; message: string }) => ({
    document_type: values.kind === 'document' && !values.type ? t('backoffice:requests.type_required') : undefined,
    message: lengthIssue(values.message, MESSAGE_LIMITS),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    const found = check({ kind, type, message });
    setErrors(found);
    const first = ASK_FIELDS.find((f) => found[f as keyof typeof found]);
    if (first) return focusField(fieldId(first));
    ask.mutate(
      { kind, document_type: kind === 'document' ? type : null, message: message.trim() },
      {
        onSuccess: () => {
          setType('');
          setMessage('');
          setErrors({});
        },
        onError: (error) => {
          const refusal = sortOutRefusal(error, ASK_FIELDS, {
            err_update_not_allowed: t('backoffice:requests.closed'),
          });
          setErrors(refusal.fields);
          setRefused(refusal.rest);
          const first = ASK_FIELDS.find((f) => refusal.fields[f]);
          if (first) focusField(fieldId(first));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('backoffice:requests.ask_intro')}</Text>
        <NativeSelect
          id={fieldId('kind')}
          label={t('backoffice:requests.kind')}
          value={kind}
          error={errors.kind}
          data={[
            { value: 'document', label: t('backoffice:requests.kind_document'), disabled: groups.length === 0 },
            { value: 'information', label: t('backoffice:requests.kind_information') },
          ]}
          onChange={(e) => {
            setKind(e.currentTarget.value as 'document' | 'information');
            setErrors((prev) => ({ ...prev, kind: undefined, document_type: undefined }));
          }}
        />
        {kind === 'document' && (
          <NativeSelect
            id={fieldId('document_type')}
            label={t('backoffice:requests.document_type')}
            required
            value={type}
            error={errors.document_type}
            data={[
              { value: '', label: t('backoffice:move.choose') },
              ...groups.map((group) => ({
                group: t(`overview:document_categories.${group.category}`, { defaultValue: group.category }),
                items: group.types,
              })),
            ]}
            onChange={(e) => {
              setType(e.currentTarget.value);
              if (errors.document_type) setErrors((prev) => ({ ...prev, document_type: undefined }));
            }}
          />
        )}
        <TextAreaField
          id={fieldId('message')}
          label={t('backoffice:requests.message_input')}
          description={t('backoffice:requests.message_hint')}
          required
          rows={4}
          maxLength={MESSAGE_LIMITS.max}
          value={message}
          error={errors.message}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setMessage(value);
            if (errors.message)
              setErrors((prev) => ({ ...prev, message: check({ kind, type, message: value }).message }));
          }}
          onBlur={() => message && setErrors((prev) => ({ ...prev, message: check({ kind, type, message }).message }))}
        />
        {refused && (
          <Alert color="red" role="alert" title={t('backoffice:requests.refused')}>
            {refused}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={ask.isPending}>
            {t('backoffice:requests.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
