import type { CaseDetail, StaffProfile } from '@finportal/contracts/backoffice';
import { displayGroup } from '@finportal/contracts/statuses';
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { formatAmount } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useAssignCase } from '../api/assign-case';
import { formatAge } from '../model/display';
import { useQueueLink } from '../model/queue-link';
import { CaseStatusTag } from './case-status-tag';

/** The case's head: the way back to the queue, short id and company, status, figures and who has it. */
export function CaseHeader({ detail, profile }: { detail: CaseDetail; profile: StaffProfile }) {
  const { t } = useTranslation(['backoffice', 'dashboard']);
  const language = currentLanguage();
  const queue = useQueueLink();
  const assign = useAssignCase();
  const mine = detail.assignee?.id === profile.id;
  const partner = profile.partners.find((p) => p.key === detail.partner_id)?.display_name ?? detail.partner_id;
  const canAssign = profile.permissions.includes('cases.assign');

  return (
    <header>
      <Anchor component={Link} to={queue} size="sm">
        <span aria-hidden="true">← </span>
        {t('backoffice:case.back')}
      </Anchor>
      <PageTitle title={t('backoffice:case.title', { id: detail.short_id, company: detail.company_name })} />
      <Group gap="xs" className="fp-bo-headline">
        <CaseStatusTag status={detail.status} size="lg" />
        <Text size="sm">
          {t('backoffice:case.in_status', {
            group: t(`dashboard:status.${displayGroup(detail.status)}`),
            age: formatAge(detail.status_since, language, t('backoffice:queue.age_under_hour')),
          })}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {[
          partner,
          t(`backoffice:products.${detail.product_type}`, { defaultValue: detail.product_type }),
          formatAmount(detail.amount, detail.currency, language),
        ].join(' · ')}
      </Text>
      <Paper withBorder radius="md" p="sm" mt="md" className="fp-bo-assignee">
        <Text size="sm">
          <Text span fw={600}>
            {t('backoffice:assign.label')}:{' '}
          </Text>
          {mine ? t('backoffice:assign.you') : (detail.assignee?.email ?? t('backoffice:assign.nobody'))}
        </Text>
        {canAssign && (
          <Button
            size="sm"
            variant={mine ? 'default' : 'filled'}
            loading={assign.isPending}
            onClick={() => assign.mutate({ id: detail.id, assignee: mine ? null : 'me' })}
          >
            {mine ? t('backoffice:assign.hand_back') : t('backoffice:assign.take')}
          </Button>
        )}
      </Paper>
    </header>
  );
}
