import type { ApiErrorItem } from '@finportal/contracts/errors';
import type { CreateApplicationRequest } from '@finportal/contracts/offers';
import { Alert, Button, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { errorMessages, isApiError } from '../../../lib/http';
import { retryAfterFailure, startCreation, useCreation, resetCreation } from '../model/creation';
import { resetWizard, useWizardStore } from '../model/wizard-state';
import { ResultDetails } from './result-details';

interface Props {
  /** Every step of the wizard is finished. */
  ready: boolean;
  buildRequest: () => CreateApplicationRequest;
  /** The step to correct the given field errors on (null: none of them belongs to a step). */
  correctionPath: (errors: ApiErrorItem[]) => string | null;
}

/**
 * The result step: creates the application (POST /user/applications, up to 120 s) with a progress
 * state, then shows the offer, 'received' or the rejection and clears the wizard. A failure keeps
 * every value; field errors are shown on their step. Without a finished wizard: state reset,
 * dashboard.
 */
export function ApplicationResult({ ready, buildRequest, correctionPath }: Props) {
  const creation = useCreation();
  const store = useWizardStore();

  const start = () =>
    startCreation(buildRequest(), {
      onCreated: () => resetWizard(store),
      onFailed: (error) =>
        store.set((s) => ({
          ...s,
          serverErrors: isApiError(error) ? error.errors.filter((e) => !!e.field) : [],
        })),
    });

  // Opened again after a failed attempt (the user corrected a step): try again.
  useEffect(retryAfterFailure, []);

  useEffect(() => {
    if (creation.status === 'idle' && ready) {
      store.set((s) => ({ ...s, serverErrors: [] }));
      start();
    }
    // `start` reads the current values when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [creation.status, ready]);

  if (creation.status === 'done') return <ResultDetails application={creation.application} />;
  if (creation.status === 'failed') {
    return <CreationFailed error={creation.error} onRetry={start} correctionPath={correctionPath} />;
  }
  if (!ready && creation.status === 'idle') return <ResetToDashboard />;
  return <CreationProgress />;
}

function ResetToDashboard() {
  const store = useWizardStore();
  useEffect(() => {
    resetWizard(store);
    resetCreation();
  }, [store]);
  return <Navigate to="/dashboard" replace />;
}

function CreationProgress() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack align="center" gap="md" py="lg" role="status" aria-live="polite">
        <Loader size="lg" aria-hidden="true" />
        <Title order={2} fz="h3" ta="center">
          {t('result:creating_title')}
        </Title>
        <Text ta="center">{t('result:creating_text')}</Text>
      </Stack>
    </Paper>
  );
}

function CreationFailed({
  error,
  onRetry,
  correctionPath,
}: {
  error: unknown;
  onRetry: () => void;
  correctionPath: Props['correctionPath'];
}) {
  const { t } = useTranslation();
  const timeout = isApiError(error) && error.kind === 'timeout';
  const messages = timeout ? [t('result:timeout')] : errorMessages(error);
  const fieldErrors = isApiError(error) ? error.errors.filter((e) => !!e.field) : [];
  const fix = fieldErrors.length > 0 ? correctionPath(fieldErrors) : null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Alert color="red" variant="light" title={t('result:error_title')} role="alert">
          <Stack gap="xs">
            <Text size="sm">{t('result:error_text')}</Text>
            {messages.length === 1 ? (
              <Text size="sm">{messages[0]}</Text>
            ) : (
              <List size="sm">
                {messages.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Alert>
        <Group justify="flex-end">
          {fix && (
            <Button component={Link} to={fix} variant="default">
              {t('result:correct_entries')}
            </Button>
          )}
          <Button onClick={onRetry}>{t('result:retry')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
