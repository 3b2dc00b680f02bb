import type { Application } from '@finportal/contracts/applications';
import type { DataRequest } from '@finportal/contracts/data-requests';
import { isClosedStatus } from '@finportal/contracts/statuses';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { formatDateUtc } from '../../../lib/format';
import { useNextStatus } from '../../pending-items/api/get-next-status';
import { useCanAnswerDataRequests, useDataRequests } from '../api/get-data-requests';
import { informationRequests } from '../model/data-requests';
import { AnswerForm } from './answer-form';
import './data-requests.css';

/** The card's fragment in the overview URL: the pending item of the questions links to it. */
const FRAGMENT = 'advisor-questions';

/**
 * The back office's questions on the overview (issue 13): each open information request with the
 * advisor's message and an answer form; the answered and withdrawn ones collapsed below as
 * history. Shown once there is a question (a placeholder while they load if the pending items
 * announce one; a failed load says so and offers to try again); nothing for a closed application.
 * A link to `#advisor-questions` scrolls to the card and moves the focus to its heading.
 */
export function DataRequestsCard({ application }: { application: Application }) {
  if (isClosedStatus(application.status)) return null;
  return <DataRequestsBody applicationId={application.applicationId} />;
}

function DataRequestsBody({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const requests = useDataRequests(applicationId);
  const canAnswer = useCanAnswerDataRequests(applicationId).data ?? false;
  const nextStatus = useNextStatus(applicationId);
  // The typed answers: a question closed while its answer holds text stays, so that nothing typed is lost.
  const [drafts, setDrafts] = useState<Readonly<Record<string, string>>>({});
  const setDraft = (id: string, text: string) => setDrafts((prev) => ({ ...prev, [id]: text }));

  const list = requests.data;
  const { forms, history, open } = informationRequests(list ?? [], (r) => (drafts[r.id] ?? '').trim() !== '');
  const announced = !!nextStatus.data?.pending_actions.some((a) => a.action === 'requested_information');
  const shown = list ? forms.length + history.length > 0 : requests.isError || announced;

  useEffect(() => {
    if (!shown || location.hash !== `#${FRAGMENT}`) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [shown, location.hash, location.key]);

  if (!shown) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} id={FRAGMENT}>
      <Title order={2} size="h4" mb="sm" id={headingId} ref={heading} tabIndex={-1} className="fp-requests-heading">
        {t('overview:requests.title')}
      </Title>
      {!list ? (
        requests.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('overview:requests.load_failed')}</Text>
              <Button size="xs" variant="outline" onClick={() => void requests.refetch()} loading={requests.isFetching}>
                {t('overview:requests.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="xs" aria-hidden="true">
            <Skeleton height={16} width="70%" />
            <Skeleton height={80} />
          </Stack>
        )
      ) : (
        <Stack gap="md">
          <Text size="sm">
            {open > 0 ? t('overview:requests.intro', { count: open }) : t('overview:requests.none_open')}
          </Text>
          {forms.length > 0 && !canAnswer && (
            <>
              <Text size="sm" c="dimmed" data-testid="requests-applicant-answers">
                {t('overview:requests.applicant_answers')}
              </Text>
              <ul className="fp-requests-list">
                {forms.map((request) => (
                  <li key={request.id}>
                    <Text size="sm" className="fp-request-text">
                      {request.message}
                    </Text>
                  </li>
                ))}
              </ul>
            </>
          )}
          {forms.length > 0 && canAnswer && (
            <ul className="fp-requests-list">
              {forms.map((request) => (
                <li key={request.id}>
                  <AnswerForm
                    applicationId={applicationId}
                    request={request}
                    onDraft={(text) => setDraft(request.id, text)}
                    onAnswered={() => {
                      setDraft(request.id, '');
                      heading.current?.focus();
                    }}
                    onDiscard={() => setDraft(request.id, '')}
                  />
                </li>
              ))}
            </ul>
          )}
          {history.length > 0 && (
            <details className="fp-requests-history">
              <summary>{t('overview:requests.history', { count: history.length })}</summary>
              <ul>
                {history.map((request) => (
                  <HistoryItem key={request.id} request={request} />
                ))}
              </ul>
            </details>
          )}
        </Stack>
      )}
    </Card>
  );
}

/** An answered or withdrawn question: when, what was asked and what was answered. */
function HistoryItem({ request }: { request: DataRequest }) {
  const { t } = useTranslation();
  const answered = request.status === 'fulfilled';
  const dates = { asked: formatDateUtc(request.created_at), closed: formatDateUtc(request.closed_at) };
  return (
    <li>
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" color={answered ? 'green' : 'gray'} radius="sm" tt="none">
          {answered ? t('overview:requests.status.fulfilled') : t('overview:requests.status.cancelled')}
        </Badge>
        <Text size="xs" c="dimmed">
          {answered ? t('overview:requests.dates_fulfilled', dates) : t('overview:requests.dates_cancelled', dates)}
        </Text>
      </Group>
      <Text size="sm" mt={6} className="fp-request-text">
        {request.message}
      </Text>
      {request.answer && (
        <div className="fp-request-answer">
          <Text size="xs" fw={600}>
            {t('overview:requests.your_answer')}
          </Text>
          <Text size="sm" className="fp-request-text">
            {request.answer}
          </Text>
        </div>
      )}
    </li>
  );
}
