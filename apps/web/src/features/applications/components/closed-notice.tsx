import type { Application } from '@finportal/contracts/applications';
import { isClosedStatus } from '@finportal/contracts/statuses';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportContact } from '../../../components/support-contact';
import { translateErrorCode } from '../../../lib/i18n';

/**
 * A closed application (display group closed: Rejected) in the overview frame: why it closed
 * (the failed eligibility rule, or a general text when the back office closed it without one),
 * that nothing is left to do, and whom to ask. Nothing for any other status.
 */
export function ClosedNotice({ application }: { application: Application }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (!isClosedStatus(application.status)) return null;
  const reason = application.rejection_reason;

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      mb="md"
      bg="gray.0"
      component="section"
      aria-labelledby={headingId}
      data-testid="closed-notice"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('overview:closed.title')}
        </Title>
        <Text>{reason ? t('overview:closed.text_rejected') : t('overview:closed.text')}</Text>
        {reason && (
          <div>
            <Text fw={600} size="sm">
              {t('overview:closed.reason')}
            </Text>
            <Text data-testid="closed-reason">
              {translateErrorCode(reason, application.rejection_values ?? undefined)}
            </Text>
          </div>
        )}
        <Text>{t('overview:closed.nothing_to_do')}</Text>
        <div>
          <Text size="sm" mb={4}>
            {t('overview:closed.contact')}
          </Text>
          <SupportContact />
        </div>
      </Stack>
    </Card>
  );
}
