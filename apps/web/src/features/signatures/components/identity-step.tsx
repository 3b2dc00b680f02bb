import { Alert, Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages, isApiError } from '../../../lib/http';
import { useLoanContract } from '../api/get-loan-contract';
import { useStartVideoIdent } from '../api/start-video-ident';
import { identityStatus, onlineGuarantorContract, otherDocuments, providerKind } from '../model/signature-screen';
import type { StepProps } from './person-signing';

const STATUS_COLOURS = { NotCompleted: 'gray', InProgress: 'blue', Completed: 'green', Failed: 'red' } as const;

/**
 * Step 2, the identity check (and the online signatures made in the same session) through the
 * partner's provider: NotCompleted (instructions and a start button), InProgress (a tag and an
 * info message; the requirements are read every 10 s meanwhile, announced in a live region),
 * Completed, Failed (the failure and a restart button). An unknown provider shows provider_error.
 * Starting goes to the provider's page in the same tab; it sends the person back here.
 */
export function IdentityStep({ application, requirements, polling }: StepProps & { polling: boolean }) {
  const { t } = useTranslation(['signatures']);
  const statusLabelId = useId();
  const kind = providerKind(requirements);
  const status = identityStatus(requirements);
  const start = useStartVideoIdent(application.applicationId, requirements.signatory_id);
  const signsLoan = requirements.kyc_status.loan_signature?.is_required === true;
  const loanContract = useLoanContract(application.applicationId, signsLoan && status !== 'Completed');
  const onlineDocs = otherDocuments(requirements).filter((d) => d.signing_method === 'online');

  if (kind === 'unknown' || kind === 'none') {
    return (
      <Alert color="red" variant="light" title={t('signatures:provider_error.title')}>
        {t('signatures:provider_error.content')}
      </Alert>
    );
  }

  const provider = t(`signatures:identity.providers.${requirements.requirements.signature_provider}`);
  const startError = start.isError
    ? isApiError(start.error)
      ? errorMessages(start.error).join(' ')
      : t('signatures:provider_error.content')
    : null;
  const signs = [
    ...(signsLoan ? [t('signatures:identity.loan_contract')] : []),
    ...(onlineGuarantorContract(requirements) ? [t('signatures:identity.guarantor_contract')] : []),
    ...onlineDocs.map((d) => t(`overview:document_types.${d.document_type}`, { defaultValue: d.document_type })),
  ];
  const startButton = (label: 'start' | 'continue' | 'restart') => (
    <Group>
      <Button onClick={() => start.mutate()} loading={start.isPending}>
        {t(`signatures:identity.${label}`)}
      </Button>
    </Group>
  );

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm" fw={600} id={statusLabelId}>
          {t('signatures:identity.status_label')}:
        </Text>
        <div role="status" aria-live="polite" aria-labelledby={statusLabelId}>
          <Badge variant="light" color={STATUS_COLOURS[status]} tt="none" radius="sm">
            {t(`signatures:identity.status.${status}`)}
          </Badge>
        </div>
      </Group>

      {status === 'NotCompleted' && kind === 'manual' && <Text size="sm">{t('signatures:identity.manual')}</Text>}
      {status === 'NotCompleted' && kind === 'online' && (
        <>
          <Text size="sm">{t('signatures:identity.instructions', { provider })}</Text>
          {signs.length > 0 && (
            <div>
              <Text size="sm">{t('signatures:identity.signs_also')}</Text>
              <List size="sm" withPadding>
                {signs.map((name) => (
                  <List.Item key={name}>{name}</List.Item>
                ))}
              </List>
            </div>
          )}
          {loanContract.data && (
            <Anchor href={loanContract.data.download_url} target="_blank" rel="noopener" size="sm">
              {t('signatures:identity.read_loan_contract')}
            </Anchor>
          )}
          {startButton('start')}
        </>
      )}
      {status === 'InProgress' && (
        <>
          <Alert color="blue" variant="light">
            {polling ? t('signatures:identity.in_progress') : t('signatures:identity.paused')}
          </Alert>
          {kind === 'online' && requirements.ident?.url && startButton('continue')}
        </>
      )}
      {status === 'Completed' && <Text size="sm">{t('signatures:identity.completed')}</Text>}
      {status === 'Failed' && (
        <>
          <Alert color="red" variant="light" title={t('signatures:identity.failed_title')}>
            {t('signatures:identity.failed')}
          </Alert>
          {kind === 'online' && startButton('restart')}
        </>
      )}
      {startError && (
        <Alert color="red" variant="light" role="alert" title={t('signatures:identity.start_failed')}>
          {startError}
        </Alert>
      )}
    </Stack>
  );
}
