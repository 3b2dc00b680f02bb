import type { Application } from '@finportal/contracts/applications';
import type { SignaturesOverviewResponse } from '@finportal/contracts/signatures';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { formatDateUtc } from '../../../lib/format';
import { useDownloadSigningRecords } from '../api/download-signing-records';
import { useSignaturesOverview } from '../api/get-signatures-overview';
import { useSendInvitation } from '../api/send-invitation';
// Its own styles: the overview shows it without the signatures tab (issue 24).
import './signatures.css';

type Signer = SignaturesOverviewResponse['signers'][number];

export const SIGNATURE_COLOURS = {
  NotCompleted: 'gray',
  InProgress: 'blue',
  Completed: 'green',
  Failed: 'red',
} as const;

/** The invitation as the applicant reads it: not invited, invited until a date, expired, accepted. */
export function invitationText(
  t: TFunction<['signatures']>,
  status: Signer['invite_status'],
  expiresAt: string | null,
): string {
  if (status === 'not_accepted' && expiresAt) {
    return t('signatures:invitation.not_accepted_until', { date: formatDateUtc(expiresAt) });
  }
  return t(`signatures:invitation.${status}`);
}

/**
 * The applicant's view (GET .../signatures): who has signed and who is still missing, each with
 * the invitation's state and the signature's, "Send new invitation" for a person who has not
 * accepted or whose invitation expired (while the application waits for signatures), and the
 * signing records to download.
 */
export function SignersOverview({ application }: { application: Application }) {
  const { t } = useTranslation(['signatures']);
  const headingId = useId();
  const id = application.applicationId;
  const overview = useSignaturesOverview(id);
  const invite = useSendInvitation(id);
  const atSignature = application.status === 'Signature';

  let body;
  if (!overview.data) {
    body = overview.isError ? (
      <Alert color="red" variant="light" title={t('signatures:overview.load_error')}>
        <Button
          size="xs"
          variant="outline"
          mt="xs"
          onClick={() => void overview.refetch()}
          loading={overview.isFetching}
        >
          {t('signatures:retry')}
        </Button>
      </Alert>
    ) : (
      <LoadingSkeleton>
        <Skeleton height={72} />
        <Skeleton height={72} />
      </LoadingSkeleton>
    );
  } else if (overview.data.signers.length === 0) {
    body = <Text size="sm">{t('signatures:overview.empty')}</Text>;
  } else {
    body = (
      <>
        {overview.data.all_signed && (
          <Alert color="green" variant="light" role="status">
            {t('signatures:overview.all_signed')}
          </Alert>
        )}
        <ul className="fp-signature-signers" aria-label={t('signatures:overview.list_label')}>
          {overview.data.signers.map((signer) => {
            const canResend =
              atSignature &&
              !signer.is_applicant &&
              (signer.invite_status === 'not_accepted' || signer.invite_status === 'expired');
            const sending = invite.isPending && invite.variables?.signatoryId === signer.signatory_id;
            return (
              <li key={signer.signatory_id}>
                <Stack gap={6}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {signer.name}
                    </Text>
                    {signer.is_applicant && (
                      <Badge variant="light" color="gray" tt="none" radius="sm">
                        {t('signatures:overview.you')}
                      </Badge>
                    )}
                  </Group>
                  <dl className="fp-signature-facts">
                    {!signer.is_applicant && (
                      <div>
                        <dt>{t('signatures:overview.invitation')}</dt>
                        <dd>{invitationText(t, signer.invite_status, signer.invitation_expires_at)}</dd>
                      </div>
                    )}
                    <div>
                      <dt>{t('signatures:overview.signature')}</dt>
                      <dd>
                        <Badge variant="light" color={SIGNATURE_COLOURS[signer.signature_status]} tt="none" radius="sm">
                          {signer.signature_status === 'Completed' && signer.signature_completed_at
                            ? t('signatures:overview.signed_on', {
                                date: formatDateUtc(signer.signature_completed_at),
                              })
                            : t(`signatures:signature_state.${signer.signature_status}`)}
                        </Badge>
                      </dd>
                    </div>
                  </dl>
                  {canResend && (
                    <Group>
                      <Button
                        size="xs"
                        variant="outline"
                        loading={sending}
                        onClick={() => invite.mutate({ signatoryId: signer.signatory_id, name: signer.name })}
                        aria-label={t('signatures:invitation.resend_label', { name: signer.name })}
                      >
                        {t('signatures:invitation.resend')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </li>
            );
          })}
        </ul>
      </>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id={headingId}>
            {t('signatures:overview.title')}
          </Title>
          <Text size="sm" mt={4}>
            {t('signatures:overview.intro')}
          </Text>
        </div>
        {body}
        <SigningRecords applicationId={id} />
      </Stack>
    </Card>
  );
}

function SigningRecords({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation(['signatures']);
  const headingId = useId();
  const download = useDownloadSigningRecords(applicationId);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} className="fp-signature-records">
      <Title order={4} size="h5" id={headingId}>
        {t('signatures:records.title')}
      </Title>
      <Text size="sm">{t('signatures:records.text')}</Text>
      <Group>
        <Button variant="outline" size="sm" onClick={() => download.mutate()} loading={download.isPending}>
          {t('signatures:records.download')}
        </Button>
      </Group>
      {download.isError && (
        <Text size="sm" c="red.8" role="alert">
          {t('signatures:records.failed')}
        </Text>
      )}
    </Stack>
  );
}
