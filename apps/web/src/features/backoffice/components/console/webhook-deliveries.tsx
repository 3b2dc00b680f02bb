import type { WebhookDelivery } from '@finportal/contracts/webhooks';
import { Alert, Badge, Button, Group, Paper, Skeleton, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../../components/loading-skeleton';
import { formatNumber } from '../../../../lib/format';
import { currentLanguage } from '../../../../lib/i18n';
import { useWebhookDeliveries } from '../../api/webhook-deliveries';
import { useReplayWebhookDelivery } from '../../api/webhook-replay';
import { formatDateTime } from '../../model/display';
import { ScrollBox } from '../scroll-box';
import { ConsoleCard } from './console-card';

const STATUS_COLOURS: Record<WebhookDelivery['status'], string> = {
  pending: 'blue',
  succeeded: 'green',
  failed: 'red',
};

/** The start of an answer shown in the attempt log (the API keeps the start of the body). */
const EXCERPT = 200;

/**
 * The latest events sent to the endpoint: event, status, attempts, the next attempt, when; a row
 * opens its attempt log (time, HTTP status or error, the start of the answer, duration) and the
 * event's body. "Send again" (partner.write) queues one more attempt with the same webhook-id.
 */
export function WebhookDeliveries({ canWrite, partnerKey }: { canWrite: boolean; partnerKey: string }) {
  const { t } = useTranslation(['console', 'backoffice']);
  const deliveries = useWebhookDeliveries(partnerKey);
  return (
    <ConsoleCard title={t('console:deliveries.title')}>
      <Group justify="space-between" gap="sm" mb="sm">
        <Text size="sm" c="dimmed">
          {t('console:deliveries.intro')}
        </Text>
        <Button
          size="compact-sm"
          variant="default"
          loading={deliveries.isFetching && !deliveries.isPending}
          onClick={() => void deliveries.refetch()}
        >
          {t('console:deliveries.refresh')}
        </Button>
      </Group>
      {deliveries.isPending ? (
        <LoadingSkeleton>
          <Skeleton height={32} />
          <Skeleton height={32} />
        </LoadingSkeleton>
      ) : deliveries.isError && !deliveries.data ? (
        <Alert color="red" role="alert" title={t('console:deliveries.failed')}>
          <Button mt="xs" variant="default" onClick={() => void deliveries.refetch()}>
            {t('backoffice:layout.retry')}
          </Button>
        </Alert>
      ) : deliveries.data.length === 0 ? (
        <Paper withBorder radius="md" p="lg" ta="center" bg="gray.0">
          <Text fw={600} role="status">
            {t('console:deliveries.empty_title')}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {t('console:deliveries.empty_text')}
          </Text>
        </Paper>
      ) : (
        <DeliveriesTable
          deliveries={deliveries.data}
          canWrite={canWrite}
          partnerKey={partnerKey}
          busy={deliveries.isFetching}
        />
      )}
    </ConsoleCard>
  );
}

function DeliveriesTable({
  deliveries,
  canWrite,
  partnerKey,
  busy,
}: {
  deliveries: WebhookDelivery[];
  canWrite: boolean;
  partnerKey: string;
  busy: boolean;
}) {
  const { t } = useTranslation(['console']);
  const language = currentLanguage();
  const replay = useReplayWebhookDelivery(partnerKey);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const columns = canWrite ? 6 : 5;
  return (
    <ScrollBox caption={t('console:deliveries.caption', { count: deliveries.length })} busy={busy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('console:deliveries.col_event')}</Table.Th>
          <Table.Th scope="col">{t('console:deliveries.col_status')}</Table.Th>
          <Table.Th scope="col" className="fp-bo-num">
            {t('console:deliveries.col_attempts')}
          </Table.Th>
          <Table.Th scope="col">{t('console:deliveries.col_next')}</Table.Th>
          <Table.Th scope="col">{t('console:deliveries.col_created')}</Table.Th>
          {canWrite && <Table.Th scope="col">{t('console:deliveries.col_actions')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deliveries.map((d) => {
          const expanded = open.has(d.id);
          const logId = `fp-console-log-${d.id}`;
          return (
            <Fragment key={d.id}>
              <Table.Tr data-testid="delivery-row">
                <Table.Td>
                  <code className="fp-bo-mono">{d.event_type}</code>
                  <div>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      px={0}
                      aria-expanded={expanded}
                      aria-controls={expanded ? logId : undefined}
                      onClick={() => toggle(d.id)}
                    >
                      {expanded
                        ? t('console:deliveries.hide_log')
                        : t('console:deliveries.show_log', { count: d.attempt_log.length })}
                    </Button>
                  </div>
                </Table.Td>
                <Table.Td className="fp-bo-nowrap">
                  <Badge variant="light" color={STATUS_COLOURS[d.status]} tt="none">
                    {t(`console:deliveries.status_${d.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td className="fp-bo-num">{formatNumber(d.attempts, language)}</Table.Td>
                <Table.Td className="fp-bo-nowrap">
                  {d.next_attempt_at ? formatDateTime(d.next_attempt_at, language) : '–'}
                </Table.Td>
                <Table.Td className="fp-bo-nowrap">{formatDateTime(d.created_at, language)}</Table.Td>
                {canWrite && (
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={replay.isPending && replay.variables === d.id}
                      disabled={replay.isPending && replay.variables !== d.id}
                      onClick={() => replay.mutate(d.id)}
                      aria-label={t('console:deliveries.replay_label', { event: d.event_type })}
                    >
                      {t('console:deliveries.replay')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
              {expanded && (
                <Table.Tr>
                  <Table.Td colSpan={columns} id={logId} className="fp-console-log-cell">
                    <AttemptLog delivery={d} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          );
        })}
      </Table.Tbody>
    </ScrollBox>
  );
}

function AttemptLog({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation(['console']);
  const language = currentLanguage();
  return (
    <div className="fp-console-log">
      {delivery.attempt_log.length === 0 ? (
        <Text size="sm">{t('console:deliveries.no_attempts')}</Text>
      ) : (
        <ol
          className="fp-console-attempts"
          aria-label={t('console:deliveries.log_label', { event: delivery.event_type })}
        >
          {delivery.attempt_log.map((attempt, i) => {
            const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
            return (
              <li key={`${attempt.at}-${i}`} className="fp-console-attempt">
                <Text size="sm" fw={600} span>
                  {formatDateTime(attempt.at, language)}
                </Text>{' '}
                <Badge variant="light" color={ok ? 'green' : 'red'} tt="none" className="fp-console-badge">
                  {attempt.status !== null
                    ? t('console:deliveries.http_status', { status: attempt.status })
                    : t('console:deliveries.no_answer')}
                </Badge>{' '}
                <Text size="sm" span c="dimmed">
                  {t('console:deliveries.duration', { ms: formatNumber(attempt.ms, language) })}
                </Text>
                {attempt.error && (
                  <Text size="sm" mt={2}>
                    {t('console:deliveries.error', { error: attempt.error })}
                  </Text>
                )}
                {attempt.body && (
                  <pre className="fp-console-excerpt">
                    {attempt.body.length > EXCERPT ? `${attempt.body.slice(0, EXCERPT)}…` : attempt.body}
                  </pre>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <details className="fp-console-payload">
        <summary>{t('console:deliveries.payload')}</summary>
        <pre className="fp-console-excerpt">{JSON.stringify(delivery.payload, null, 2)}</pre>
      </details>
    </div>
  );
}
