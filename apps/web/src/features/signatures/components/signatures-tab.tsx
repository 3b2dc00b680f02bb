import type { Application } from '@finportal/contracts/applications';
import { displayGroup } from '@finportal/contracts/statuses';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonSigning } from './person-signing';
import { SignersOverview } from './signers-overview';
import './signatures.css';

/**
 * The Signatures tab (spec 2 section 2 "Signature screen"; issue 14, ADR 020). The frame shows it
 * to an accepted signatory with requirements at or after Signature (application-tabs.ts): they see
 * their own numbered steps. The applicant (owner) sees, besides, who has signed and who is missing,
 * with a new invitation for those who have not accepted, and downloads the signing records. An
 * applicant who does not sign has no Signatures tab: the cards of the Representatives tab show
 * them each person's invitation and signature, with the same "Send new invitation".
 */
export function SignaturesTab({ application }: { application: Application }) {
  const { t } = useTranslation(['signatures']);
  const headingId = useId();
  const group = displayGroup(application.status);
  const signatory = application.current_signatory;
  const signs = signatory?.invite_status === 'accepted' && signatory.has_requirements;

  return (
    <Stack gap="lg" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={2} size="h3" id={headingId}>
          {t('signatures:title')}
        </Title>
        <Text size="sm" mt={4}>
          {t('signatures:intro')}
        </Text>
      </div>
      {group === 'not_completed' && (
        <Alert color="red" variant="light" title={t('signatures:alerts.not_completed_title')}>
          {t('signatures:alerts.not_completed_text')}
        </Alert>
      )}
      {group === 'in_review_after_signature' && (
        <Alert color="blue" variant="light" title={t('signatures:alerts.in_review_title')}>
          {t('signatures:alerts.in_review_text')}
        </Alert>
      )}
      {signs && signatory && <PersonSigning application={application} signatoryId={signatory.signatory_id} />}
      {application.is_owner && <SignersOverview application={application} />}
    </Stack>
  );
}
