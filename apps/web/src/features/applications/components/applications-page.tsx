import type { ApplicationListItem } from '@finportal/contracts/applications';
import { ACTION_REQUIRED_STATUSES } from '@finportal/contracts/statuses';
import { Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { StatusBadge } from '../../../components/status-badge';
import { SupportContact } from '../../../components/support-contact';
import { useConfig } from '../../../lib/config';
import { formatAmount, formatDateUtc } from '../../../lib/format';
import { errorMessages, showErrorToast, showSuccessToast } from '../../../lib/http';
import { useReloadProfile } from '../../../lib/profile';
import { confirmEmailQuery } from '../../auth/api/confirm-email';
import { useApplications } from '../api/get-applications';
import './applications.css';

const CONFIRM_PARAMS = ['confirmation_token', 'email_confirm_required'] as const;

export function isActionRequired(status: string): boolean {
  return (ACTION_REQUIRED_STATUSES as readonly string[]).includes(status);
}

/**
 * My loans (spec 1 section 2 "Applications list"). A confirmation_token in the query is confirmed
 * first, then the list loads, then confirmation_token and email_confirm_required leave the URL
 * (replace, other parameters kept) and the profile is reloaded. Open and Signature applications
 * are in the 'Action required' card, the others in a second card. A failed list load shows
 * 'error fetching applications' (api/get-applications) and the content error boundary.
 */
export function ApplicationsPage() {
  const { t } = useTranslation();
  const { app } = useConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const reloadProfile = useReloadProfile();

  // The token of the link that opened the page (single use: confirmed once per visit).
  const [token] = useState(() => searchParams.get('confirmation_token'));
  const confirmation = useQuery({ ...confirmEmailQuery(token ?? ''), enabled: !!token });
  const confirmationSettled = !token || confirmation.isSuccess || confirmation.isError;
  const list = useApplications({ enabled: confirmationSettled });

  const confirmationReported = useRef(false);
  useEffect(() => {
    if (!token || confirmationReported.current || !confirmationSettled) return;
    confirmationReported.current = true;
    if (confirmation.isError) {
      showErrorToast(errorMessages(confirmation.error).join(' '), t('dashboard:general.errors.something_went_wrong'));
    } else {
      showSuccessToast(t('dashboard:applications.email_confirmed'));
    }
  }, [token, confirmationSettled, confirmation.isError, confirmation.error, t]);

  // After the list has loaded: clean the URL and reload the profile (e-mail now verified).
  const hasConfirmParams = CONFIRM_PARAMS.some((p) => searchParams.has(p));
  useEffect(() => {
    if (!list.isSuccess || !hasConfirmParams) return;
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const p of CONFIRM_PARAMS) next.delete(p);
        return next;
      },
      { replace: true },
    );
    if (token) void reloadProfile();
  }, [list.isSuccess, hasConfirmParams, setSearchParams, token, reloadProfile]);

  const newLoanPath = app.is_dynamic_form ? '/application/new' : '/application/loan-info';

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Group justify="space-between" align="center" gap="sm" mb="lg">
        <PageTitle title={t('dashboard:applications.title')} mb={0} />
        {app.user_create_application && (
          <Button component={Link} to={newLoanPath}>
            {t('dashboard:applications.new_loan')}
          </Button>
        )}
      </Group>
      {list.data ? <ApplicationGroups applications={list.data} /> : <ListSkeleton />}
    </Container>
  );
}

function ApplicationGroups({ applications }: { applications: ApplicationListItem[] }) {
  const { t } = useTranslation();
  const { app, partner } = useConfig();
  if (applications.length === 0) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Text>{t('dashboard:applications.no_loans')}</Text>
        {!app.user_create_application && (
          // The partner creates the applications (issue 26): say what happens next and whom to ask.
          <Stack gap="xs" mt="md" data-testid="next-step">
            <Title order={2} size="h4">
              {t('dashboard:applications.next_title')}
            </Title>
            <Text>
              {t('dashboard:applications.next_partner_creates', { partner: partner.parameters.display_name })}
            </Text>
            <SupportContact />
          </Stack>
        )}
      </Card>
    );
  }
  const actionRequired = applications.filter((a) => isActionRequired(a.status));
  const others = applications.filter((a) => !isActionRequired(a.status));
  return (
    <Stack gap="lg">
      {actionRequired.length > 0 && (
        <ApplicationsCard title={t('dashboard:applications.action_required')} applications={actionRequired} />
      )}
      {others.length > 0 && (
        <ApplicationsCard title={t('dashboard:applications.other_applications')} applications={others} />
      )}
    </Stack>
  );
}

function ApplicationsCard({ title, applications }: { title: string; applications: ApplicationListItem[] }) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb="sm" id={headingId}>
        {title}
      </Title>
      <ul className="fp-app-list">
        {applications.map((application) => (
          <ApplicationRow key={application.applicationId} application={application} />
        ))}
      </ul>
    </Card>
  );
}

function ApplicationRow({ application }: { application: ApplicationListItem }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const metaId = useId();
  const isOpen = application.status === 'Open';
  const amount = formatAmount(application.amount, application.currency, i18n.resolvedLanguage ?? i18n.language);
  return (
    <li className="fp-app-row" data-testid="application-row">
      <div className="fp-app-row-main">
        <Group gap="sm" wrap="wrap">
          <Text fw={700} size="lg" id={titleId}>
            {amount}
          </Text>
          <StatusBadge status={application.status} />
        </Group>
        <Text size="sm" c="dimmed" className="fp-app-row-meta" id={metaId}>
          <span>{t('dashboard:applications.created', { date: formatDateUtc(application.created) })}</span>
          <span>{t('dashboard:applications.short_id', { id: application.shortApplicationId })}</span>
          {application.companyName && <span>{application.companyName}</span>}
        </Text>
      </div>
      <Button
        component={Link}
        to={`/dashboard/applications/${encodeURIComponent(application.applicationId)}`}
        variant={isActionRequired(application.status) ? 'filled' : 'outline'}
        aria-describedby={`${titleId} ${metaId}`}
        className="fp-app-row-action"
      >
        {isOpen ? t('dashboard:applications.complete') : t('dashboard:applications.view')}
      </Button>
    </li>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" aria-busy="true">
      <span className="fp-visually-hidden" role="status">
        {t('common:loading')}
      </span>
      <Stack gap="md" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <Group key={i} justify="space-between" wrap="nowrap">
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={20} width="40%" />
              <Skeleton height={12} width="70%" />
            </Stack>
            <Skeleton height={36} width={120} />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
