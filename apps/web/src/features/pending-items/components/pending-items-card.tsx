import type { Application } from '@finportal/contracts/applications';
import { DOCUMENT_TYPES } from '@finportal/contracts/documents';
import type { PendingAction, PendingError } from '@finportal/contracts/pending-items';
import { isClosedStatus } from '@finportal/contracts/statuses';
import { Alert, Anchor, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatList } from '../../../lib/format';
import { translateErrorCode } from '../../../lib/i18n';
import { useResendConfirmationEmail } from '../../settings/api/resend-confirmation-email';
import { useNextStatus } from '../api/get-next-status';
import { actionLinkKey, actionSearch, visibleActions } from '../model/pending-actions';
import './pending-items.css';

/** Error codes whose values are signatory ids (the other values are document types or field names). */
const SIGNATORY_CODES = new Set([
  'err_signatory_data_missing',
  'err_signatory_without_tax_id',
  'err_identification_not_done',
  'err_sepa_mandate_not_accepted',
  'err_guarantor_contract_missing',
]);

const isDocumentType = (value: string) => (DOCUMENT_TYPES as readonly string[]).includes(value);

/**
 * Pending-items card of the overview (spec 1 section 4, spec 2 section 2): each pending action
 * with its messages and a link to where it is fixed; a success state when nothing is pending;
 * while the application is Open, the prompt to add representatives (spec 2 section 2). Nothing
 * for a closed application: nothing is left to do there.
 */
export function PendingItemsCard({ application }: { application: Application }) {
  if (isClosedStatus(application.status)) return null;
  return <PendingItemsBody application={application} />;
}

function PendingItemsBody({ application }: { application: Application }) {
  const { t } = useTranslation();
  const headingId = useId();
  const nextStatus = useNextStatus(application.applicationId);
  const actions = nextStatus.data ? visibleActions(nextStatus.data.pending_actions) : [];
  const isOpen = application.status === 'Open';
  // While open, a reminder to add every representative (unless a pending item already asks for it).
  const showPrompt = isOpen && !!nextStatus.data && !actions.some((a) => a.step === 'representatives');

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb="sm" id={headingId}>
        {t('overview:pending.title')}
      </Title>
      {!nextStatus.data ? (
        <Stack gap="xs" aria-hidden="true">
          <Skeleton height={16} width="60%" />
          <Skeleton height={16} width="40%" />
        </Stack>
      ) : actions.length === 0 ? (
        <Alert color="green" variant="light" role="status">
          {isOpen ? t('overview:pending.all_done_open') : t('overview:pending.all_done')}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {isOpen
              ? t('overview:pending.intro_open', { count: actions.length })
              : t('overview:pending.intro', { count: actions.length })}
          </Text>
          <ul className="fp-pending-list">
            {actions.map((action) => (
              <PendingItem key={action.action} action={action} application={application} />
            ))}
          </ul>
        </Stack>
      )}
      {showPrompt && (
        <Alert
          color="gray"
          variant="light"
          mt="md"
          role="note"
          title={t('overview:pending.representatives_prompt_title')}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('overview:pending.representatives_prompt_text')}</Text>
            <Anchor component={Link} to="?tab=representatives" size="sm">
              {t('overview:pending.representatives_prompt_link')}
            </Anchor>
          </Stack>
        </Alert>
      )}
    </Card>
  );
}

function PendingItem({ action, application }: { action: PendingAction; application: Application }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const search = actionSearch(action, application);
  const messages = action.errors.map((error) => errorText(error, action, t, language));
  return (
    <li className="fp-pending-item" data-action={action.action}>
      <Text fw={600}>{t(`overview:pending.actions.${action.action}`)}</Text>
      {messages.length > 0 && (
        <List size="sm" spacing={2} mt={2}>
          {messages.map((message, i) => (
            <List.Item key={i}>{message}</List.Item>
          ))}
        </List>
      )}
      <Group gap="sm" mt={6} wrap="wrap">
        {search !== null ? (
          <Anchor component={Link} to={search} size="sm">
            {t(`overview:pending.links.${actionLinkKey(action, application)}`)}
          </Anchor>
        ) : (
          <EmailVerificationActions />
        )}
      </Group>
    </li>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * The translated error, with the document labels or the number of representatives it concerns;
 * what the back office asked for (issue 13) by document name or number of questions.
 */
function errorText(error: PendingError, action: PendingAction, t: Translate, language: string): string {
  const documents = () =>
    formatList(
      error.values.map((type) => t(`overview:document_types.${type}`, { defaultValue: type })),
      language,
    );
  if (error.values.length > 0 && error.code === 'err_document_requested') {
    return t('overview:pending.documents_requested', { documents: documents() });
  }
  if (error.values.length > 0 && error.code === 'err_information_requested') {
    return t('overview:pending.questions_open', { count: error.values.length });
  }
  const message = translateErrorCode(error.code);
  if (error.values.length === 0) return message;
  if (error.values.every(isDocumentType)) {
    // The debt-register message already names its one document.
    if (error.code === 'err_debt_registry_missing') return message;
    const list = error.code === 'err_documents_outdated' ? 'documents_outdated' : 'documents_missing';
    return `${message} ${t(`overview:pending.${list}`, { documents: documents() })}`;
  }
  if (SIGNATORY_CODES.has(error.code) || action.step === 'representative_data' || action.step === 'signature') {
    return `${message} ${t('overview:pending.representatives_affected', { count: error.values.length })}`;
  }
  return message;
}

function EmailVerificationActions() {
  const { t } = useTranslation();
  const resend = useResendConfirmationEmail({ toasts: true });
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => resend.mutate()} loading={resend.isPending}>
        {t('overview:pending.resend_email')}
      </Button>
      <Anchor component={Link} to="/dashboard/settings" size="sm">
        {t('overview:pending.links.email_verification')}
      </Anchor>
    </>
  );
}
