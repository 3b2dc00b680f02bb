import type { Application } from '@finportal/contracts/applications';
import type { RequirementsResponse } from '@finportal/contracts/signatures';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { formatDateUtc } from '../../../lib/format';
import { useRequirements } from '../api/get-requirements';
import { screenSteps, signingComplete, type ScreenStep, type StepState } from '../model/signature-screen';
import { AgreementsStep } from './agreements-step';
import { IdentityStep } from './identity-step';
import { TaxIdStep } from './tax-id-step';
import { TermsStep } from './terms-step';

export interface StepProps {
  application: Application;
  requirements: RequirementsResponse;
  /** The step's work was saved: the focus moves on once the steps are read again. */
  onProgress: () => void;
}

const headingId = (step: ScreenStep | 'success') => `fp-signature-${step}`;

/**
 * The accepted signatory's own steps (spec 2 section 2): up to four numbered steps, each shown by
 * its rule and locked (with the reason) until the earlier required ones are done; once everything
 * required is done, the success panel. After a step is saved the focus goes to the next open
 * step's heading (or the success panel's).
 */
export function PersonSigning({ application, signatoryId }: { application: Application; signatoryId: string }) {
  const { t } = useTranslation(['signatures']);
  const query = useRequirements(application.applicationId, signatoryId);
  // A request to move the focus (counted), served once the steps have been read again.
  const [focusRequest, setFocusRequest] = useState(0);
  const focusServed = useRef(0);
  const data = query.data;

  useEffect(() => {
    if (focusRequest === focusServed.current || !data || query.isFetching) return;
    focusServed.current = focusRequest;
    const next = signingComplete(data) ? 'success' : screenSteps(data).find((s) => !s.done && !s.lockedBy)?.step;
    if (next) document.getElementById(headingId(next))?.focus();
  }, [focusRequest, data, query.isFetching]);

  if (!data) {
    if (query.isError) {
      return (
        <Alert color="red" variant="light" title={t('signatures:load_error')}>
          <Button size="xs" variant="outline" mt="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('signatures:retry')}
          </Button>
        </Alert>
      );
    }
    return (
      <LoadingSkeleton>
        <Skeleton height={140} />
        <Skeleton height={140} />
        <Skeleton height={140} />
      </LoadingSkeleton>
    );
  }

  if (signingComplete(data)) return <SuccessPanel completedAt={data.requirements.signature_completed_at} />;

  const props: StepProps = { application, requirements: data, onProgress: () => setFocusRequest((n) => n + 1) };
  const steps = screenSteps(data);
  return (
    <ol className="fp-signature-steps" aria-label={t('signatures:steps.label')}>
      {steps.map((state) => (
        <StepCard key={state.step} state={state} steps={steps}>
          {state.step === 'tax_id' && <TaxIdStep {...props} done={state.done} />}
          {state.step === 'identity' && <IdentityStep {...props} polling={query.polling} />}
          {state.step === 'agreements' && <AgreementsStep {...props} />}
          {state.step === 'terms' && <TermsStep {...props} done={state.done} />}
        </StepCard>
      ))}
    </ol>
  );
}

function StepCard({ state, steps, children }: { state: StepState; steps: StepState[]; children: ReactNode }) {
  const { t } = useTranslation(['signatures']);
  const lock = state.lockedBy ? steps.find((s) => s.step === state.lockedBy) : undefined;
  const label = state.done ? 'done' : lock ? 'locked' : 'open';
  return (
    <li>
      <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId(state.step)}>
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap" align="flex-start" justify="space-between">
            <Group gap="sm" wrap="nowrap" align="center">
              <span className="fp-signature-number" data-state={label} aria-hidden="true">
                {state.number}
              </span>
              <Title order={3} size="h4" id={headingId(state.step)} tabIndex={-1}>
                <span className="fp-visually-hidden">
                  {t('signatures:steps.step_number', { number: state.number })}:{' '}
                </span>
                {t(`signatures:steps.${state.step}`)}
              </Title>
            </Group>
            <Badge variant="light" color={state.done ? 'green' : lock ? 'gray' : 'orange'} tt="none" radius="sm">
              {t(`signatures:steps.state_${label}`)}
            </Badge>
          </Group>
          {lock ? (
            <Text size="sm" c="dimmed">
              {t('signatures:steps.locked', { number: lock.number, step: t(`signatures:steps.${lock.step}`) })}
            </Text>
          ) : (
            children
          )}
        </Stack>
      </Card>
    </li>
  );
}

function SuccessPanel({ completedAt }: { completedAt: string | null }) {
  const { t } = useTranslation(['signatures']);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId('success')}>
      <Stack gap="xs">
        <Title order={3} size="h4" id={headingId('success')} tabIndex={-1}>
          {t('signatures:success.title')}
        </Title>
        <Text>
          {completedAt
            ? t('signatures:success.text', { date: formatDateUtc(completedAt) })
            : t('signatures:success.text_no_date')}
        </Text>
        <Text size="sm">{t('signatures:success.next')}</Text>
      </Stack>
    </Card>
  );
}
