import type { Application } from '@finportal/contracts/applications';
import type { NextStatusValidateResponse } from '@finportal/contracts/pending-items';
import { displayGroup, IN_REVIEW_GROUPS } from '@finportal/contracts/statuses';
import {
  Alert,
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PageTitle } from '../../../components/page-title';
import { StatusBadge } from '../../../components/status-badge';
import { formatAmount } from '../../../lib/format';
import { showErrorToast } from '../../../lib/http';
import { useNextStatus } from '../../pending-items/api/get-next-status';
import { useApplication } from '../api/get-application';
import { useUpdateApplicationStatus } from '../api/update-status';
import { MODAL_PARAM, selectedTab, TAB_PARAM, visibleTabs, type ApplicationTab } from '../model/application-tabs';
import { ClosedNotice } from './closed-notice';
import './applications.css';

export type TabBodies = Partial<Record<ApplicationTab, (application: Application) => ReactNode>>;

export interface ApplicationFrameProps {
  applicationId: string;
  /** The body of each tab; a tab without one shows a short placeholder card. */
  tabs: TabBodies;
}

/**
 * The application overview frame (spec 1 section 2, route dashboardApplicationOverview):
 * breadcrumb, status tag, submit button (Open only), in-review alert and the tabs; the selected
 * tab is the query parameter `tab` (overview by default). A failed application or pending-items
 * load goes to the content error boundary.
 */
export function ApplicationFrame({ applicationId, tabs }: ApplicationFrameProps) {
  const { t } = useTranslation();
  const application = useApplication(applicationId);
  const nextStatus = useNextStatus(applicationId);

  if (!application.data) {
    return (
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <PageTitle title={t('overview:frame.title_loading')} />
        <FrameSkeleton />
      </Container>
    );
  }
  return <LoadedFrame application={application.data} nextStatus={nextStatus.data} tabs={tabs} />;
}

function LoadedFrame({
  application,
  nextStatus,
  tabs,
}: {
  application: Application;
  nextStatus: NextStatusValidateResponse | undefined;
  tabs: TabBodies;
}) {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const available = visibleTabs(application);
  const tab = selectedTab(searchParams.get(TAB_PARAM), available);
  const amount = formatAmount(application.amount, application.currency, i18n.resolvedLanguage ?? i18n.language);
  const inReview = IN_REVIEW_GROUPS.includes(displayGroup(application.status));

  const changeTab = (value: string | null) => {
    if (!value || value === tab) return;
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(TAB_PARAM, value);
        next.delete(MODAL_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Box component="nav" aria-label={t('overview:frame.breadcrumb_label')} mb="md">
        <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
          <Anchor component={Link} to="/dashboard/applications">
            {t('overview:frame.breadcrumb_loans')}
          </Anchor>
          <Text span aria-current="page">
            {t('overview:frame.breadcrumb_current', { amount, id: application.shortApplicationId })}
          </Text>
        </Breadcrumbs>
      </Box>

      <div className="fp-frame-header">
        <Group gap="sm" wrap="wrap" align="center">
          <PageTitle title={t('overview:frame.title', { id: application.shortApplicationId })} mb={0} />
          <StatusBadge status={application.status} size="lg" />
        </Group>
        {application.actions.some((a) => a.action === 'submit') && (
          <SubmitButton application={application} nextStatus={nextStatus} />
        )}
      </div>

      <ClosedNotice application={application} />
      <ResultNotice application={application} />

      {inReview && (
        <Alert color="blue" variant="light" mb="md" role="status" title={t('overview:frame.in_review_title')}>
          {t('overview:frame.in_review_text')}
        </Alert>
      )}

      <Tabs value={tab} onChange={changeTab} keepMounted={false} className="fp-frame-tabs">
        <Tabs.List mb="md" aria-label={t('overview:frame.tabs_label')}>
          {available.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`overview:frame.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {available.map((value) => (
          <Tabs.Panel key={value} value={value}>
            {tabs[value]?.(application) ?? <TabPlaceholder tab={value} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}

/**
 * Submit: disabled (still focusable, with a tooltip) while anything is pending; confirming sends
 * the next status of next_status_validate.
 */
function SubmitButton({
  application,
  nextStatus,
}: {
  application: Application;
  nextStatus: NextStatusValidateResponse | undefined;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const hintId = useId();
  const pending = nextStatus ? nextStatus.pending_actions.length > 0 : true;
  const blocked = !nextStatus || pending;
  const submit = useUpdateApplicationStatus(application.applicationId, { onDone: () => setConfirming(false) });

  const confirm = () => {
    const status = nextStatus?.next_status;
    if (!status) {
      setConfirming(false);
      showErrorToast(t('dashboard:general.errors.something_went_wrong'));
      return;
    }
    submit.mutate(status);
  };

  const button = (
    <Button
      onClick={() => {
        if (!blocked) setConfirming(true);
      }}
      data-disabled={blocked || undefined}
      aria-disabled={blocked || undefined}
      aria-describedby={pending && nextStatus ? hintId : undefined}
      loading={submit.isPending}
    >
      {t('overview:frame.submit.button')}
    </Button>
  );

  return (
    <>
      {pending && nextStatus ? (
        <Tooltip label={t('overview:frame.submit.disabled_hint')} events={{ hover: true, focus: true, touch: true }}>
          {button}
        </Tooltip>
      ) : (
        button
      )}
      {pending && nextStatus && (
        <span id={hintId} className="fp-visually-hidden">
          {t('overview:frame.submit.disabled_hint')}
        </span>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('overview:frame.submit.confirm_title')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
        centered
      >
        <Stack gap="md">
          <Text>{t('overview:frame.submit.confirm_text')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={submit.isPending}>
              {t('overview:frame.submit.cancel')}
            </Button>
            <Button onClick={confirm} loading={submit.isPending}>
              {t('overview:frame.submit.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function TabPlaceholder({ tab }: { tab: ApplicationTab }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="xs">
        {t(`overview:frame.tabs.${tab}`)}
      </Title>
      <Text>{t(`overview:frame.placeholders.${tab}`)}</Text>
    </Card>
  );
}

function FrameSkeleton() {
  return (
    <LoadingSkeleton>
      <Skeleton height={28} width="50%" />
      <Skeleton height={36} />
      <Skeleton height={160} />
      <Skeleton height={160} />
    </LoadingSkeleton>
  );
}

/**
 * What a finished step means (spec 2 section 2: the overview opened with `result=success` after
 * accepting): the offer accepted and what follows, or the person's signature done. Closing it
 * removes the parameter.
 */
function ResultNotice({ application }: { application: Application }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  if (searchParams.get('result') !== 'success') return null;
  const kind =
    application.status === 'Offer_Accepted' || application.final_offer?.accepted_at
      ? application.status === 'Signature' && application.current_signatory?.has_requirements
        ? 'signed'
        : 'offer_accepted'
      : application.status === 'Signature' || displayGroup(application.status) === 'in_review_after_signature'
        ? 'signed'
        : 'done';
  const dismiss = () =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('result');
        return next;
      },
      { replace: true },
    );
  return (
    <Alert
      color="green"
      variant="light"
      mb="md"
      role="status"
      title={t(`overview:frame.result.${kind}_title`)}
      withCloseButton
      closeButtonLabel={t('overview:frame.result.dismiss')}
      onClose={dismiss}
      data-testid="result-notice"
    >
      {t(`overview:frame.result.${kind}_text`)}
    </Alert>
  );
}
