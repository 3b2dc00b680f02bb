import { saveWebhookRequest, WEBHOOK_DISABLE_AFTER_DAYS, type WebhookEndpoint } from '@finportal/contracts/webhooks';
import { Alert, Button, Group, Modal, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../../components/loading-skeleton';
import { focusField } from '../../../../lib/focus-field';
import { errorMessages, isApiError, itemMessages, showErrorToast, showSuccessToast } from '../../../../lib/http';
import { currentLanguage, i18n } from '../../../../lib/i18n';
import { useRuleForm, zodFieldIssues } from '../../../../lib/use-rule-form';
import { applyServerErrors } from '../../../../lib/zod-form';
import { useWebhookEndpoint } from '../../api/webhook-endpoint';
import { useRotateWebhookSecret } from '../../api/webhook-rotate-secret';
import { useSaveWebhookEndpoint } from '../../api/webhook-save';
import { formatDateTime } from '../../model/display';
import { ConsoleCard } from './console-card';
import { WebhookDeliveries } from './webhook-deliveries';

interface EndpointValues {
  url: string;
  enabled: boolean;
}
type EndpointField = 'url' | 'enabled';
const asWire = (values: EndpointValues) => values;
const endpointIssues = (values: EndpointValues) => zodFieldIssues<EndpointField>(saveWebhookRequest, values);

/**
 * The partner's webhooks (issue 13, ADR 019): the endpoint (https URL, on or off, partner.write),
 * its signing secret (hidden until shown, copy, a new one after a confirmation), and the
 * deliveries with every attempt.
 */
export function WebhooksPanel({ canWrite, partnerKey }: { canWrite: boolean; partnerKey: string }) {
  const { t } = useTranslation(['console']);
  return (
    <Stack gap="md">
      <ConsoleCard title={t('console:webhook.title')}>
        {canWrite ? (
          <EndpointSection partnerKey={partnerKey} />
        ) : (
          <Text size="sm">{t('console:webhook.read_only')}</Text>
        )}
      </ConsoleCard>
      <WebhookDeliveries canWrite={canWrite} partnerKey={partnerKey} />
    </Stack>
  );
}

function EndpointSection({ partnerKey }: { partnerKey: string }) {
  const { t } = useTranslation(['console', 'backoffice']);
  const endpoint = useWebhookEndpoint(partnerKey);
  if (endpoint.isPending) {
    return (
      <LoadingSkeleton>
        <Skeleton height={36} />
        <Skeleton height={24} width="40%" />
      </LoadingSkeleton>
    );
  }
  if (endpoint.isError) {
    return (
      <Alert color="red" role="alert" title={t('console:webhook.failed')}>
        <Button mt="xs" variant="default" onClick={() => void endpoint.refetch()}>
          {t('backoffice:layout.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <EndpointState endpoint={endpoint.data} />
      <EndpointForm endpoint={endpoint.data} partnerKey={partnerKey} />
      {endpoint.data && <SecretField endpoint={endpoint.data} partnerKey={partnerKey} />}
    </Stack>
  );
}

/** Failing or switched off: since when, and what happens next. */
function EndpointState({ endpoint }: { endpoint: WebhookEndpoint | null }) {
  const { t } = useTranslation(['console']);
  const language = currentLanguage();
  if (!endpoint) return <Text size="sm">{t('console:webhook.none')}</Text>;
  if (endpoint.disabled_at) {
    return (
      <Alert color="red" title={t('console:webhook.disabled_title')} data-testid="webhook-state">
        {t('console:webhook.disabled_text', {
          when: formatDateTime(endpoint.disabled_at, language),
          count: WEBHOOK_DISABLE_AFTER_DAYS,
        })}
      </Alert>
    );
  }
  if (endpoint.failing_since) {
    return (
      <Alert color="yellow" title={t('console:webhook.failing_title')} data-testid="webhook-state">
        {t('console:webhook.failing_text', {
          when: formatDateTime(endpoint.failing_since, language),
          count: WEBHOOK_DISABLE_AFTER_DAYS,
        })}
      </Alert>
    );
  }
  return null;
}

function EndpointForm({ endpoint, partnerKey }: { endpoint: WebhookEndpoint | null; partnerKey: string }) {
  const { t } = useTranslation(['console']);
  const id = useId();
  const [initial] = useState<EndpointValues>(() => ({ url: endpoint?.url ?? '', enabled: endpoint?.enabled ?? true }));
  const form = useRuleForm(initial, asWire, endpointIssues);
  const save = useSaveWebhookEndpoint(partnerKey);
  const [refused, setRefused] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    const first = form.attemptSubmit();
    if (first) return focusField(`${id}-${first}`);
    save.mutate(
      { url: form.values.url.trim(), enabled: form.values.enabled },
      {
        onError: (error) => {
          if (isApiError(error) && error.status === 401) return;
          const rest = applyServerErrors({ setFieldError: form.setServerError }, error, ['url', 'enabled']);
          if (rest.length > 0) setRefused(itemMessages(rest).join(' '));
          else if (!isApiError(error) || error.errors.length === 0) setRefused(i18n.t('common:request-failed'));
          else focusField(`${id}-url`);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          id={`${id}-url`}
          type="url"
          label={t('console:webhook.url')}
          description={t('console:webhook.url_hint')}
          placeholder="https://"
          required
          autoComplete="off"
          value={form.values.url}
          onChange={(e) => form.setValue('url', e.currentTarget.value)}
          onBlur={() => form.touch('url')}
          error={form.errorOf('url')}
        />
        <Switch
          id={`${id}-enabled`}
          label={t('console:webhook.enabled')}
          description={t('console:webhook.enabled_hint')}
          checked={form.values.enabled}
          onChange={(e) => form.setValue('enabled', e.currentTarget.checked)}
        />
        {refused && (
          <Alert color="red" role="alert" title={t('console:webhook.refused')}>
            {refused}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('console:webhook.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const MASK = '•'.repeat(24);

/** The signing secret: hidden until shown, copied with one click, replaced after a confirmation. */
function SecretField({ endpoint, partnerKey }: { endpoint: WebhookEndpoint; partnerKey: string }) {
  const { t } = useTranslation(['console']);
  const [revealed, setRevealed] = useState(false);
  const [rotating, setRotating] = useState(false);
  const copy = () => {
    const done = () => showSuccessToast(t('console:webhook.copied'));
    const failed = () => showErrorToast(t('console:webhook.copy_failed'));
    if (!navigator.clipboard) return failed();
    navigator.clipboard.writeText(endpoint.secret).then(done, failed);
  };
  return (
    <div>
      <Text size="sm" fw={700}>
        {t('console:webhook.secret')}
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        {t('console:webhook.secret_hint')}
      </Text>
      <code className="fp-console-secret" data-testid="webhook-secret">
        {revealed ? endpoint.secret : `${endpoint.secret.slice(0, 'whsec_'.length)}${MASK}`}
      </code>
      <Group gap="xs" mt="xs">
        <Button size="compact-sm" variant="default" aria-pressed={revealed} onClick={() => setRevealed((r) => !r)}>
          {revealed ? t('console:webhook.hide') : t('console:webhook.show')}
        </Button>
        <Button size="compact-sm" variant="default" onClick={copy}>
          {t('console:webhook.copy')}
        </Button>
        <Button size="compact-sm" variant="default" color="red" onClick={() => setRotating(true)}>
          {t('console:webhook.rotate')}
        </Button>
      </Group>
      <RotateDialog opened={rotating} onClose={() => setRotating(false)} partnerKey={partnerKey} />
    </div>
  );
}

function RotateDialog({ opened, onClose, partnerKey }: { opened: boolean; onClose: () => void; partnerKey: string }) {
  const { t } = useTranslation(['console']);
  const rotate = useRotateWebhookSecret(partnerKey);
  const [refused, setRefused] = useState<string | null>(null);
  const close = () => {
    if (rotate.isPending) return;
    setRefused(null);
    onClose();
  };
  const confirm = () =>
    rotate.mutate(undefined, {
      onSuccess: () => onClose(),
      onError: (error) => {
        if (isApiError(error) && error.status === 401) return;
        setRefused(errorMessages(error).join(' '));
      },
    });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('console:webhook.rotate_title')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      <Stack gap="sm">
        <Text>{t('console:webhook.rotate_text')}</Text>
        {refused && (
          <Alert color="red" role="alert" title={t('console:webhook.rotate_refused')}>
            {refused}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={rotate.isPending}>
            {t('console:cancel')}
          </Button>
          <Button color="red" loading={rotate.isPending} onClick={confirm} data-autofocus>
            {t('console:webhook.rotate_confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
