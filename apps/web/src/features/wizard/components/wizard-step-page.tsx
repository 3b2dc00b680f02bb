import { Anchor, Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { useAuth } from '../../../lib/session-store';

const STEPS = ['loan-info', 'company-name', 'company-details', 'account-creation', 'application-result'] as const;

/** Application wizard step. Placeholder until the wizard issues (classic and dynamic). */
export function WizardStepPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { stepId } = useParams();
  const { isAuthenticated } = useAuth();
  const segment = pathname.split('/').filter(Boolean).pop() ?? '';
  const step = (STEPS as readonly string[]).includes(segment) ? segment : 'dynamic';
  const title = t(`wizard:steps.${step}`, { step: stepId ?? '' });

  return (
    <Page title={title}>
      <Card withBorder radius="md" padding="lg">
        <Text>{t('wizard:placeholder')}</Text>
        {!isAuthenticated && (
          <Text mt="sm">
            <Anchor component={Link} to="/login">
              {t('wizard:have_account')}
            </Anchor>
          </Text>
        )}
      </Card>
    </Page>
  );
}
