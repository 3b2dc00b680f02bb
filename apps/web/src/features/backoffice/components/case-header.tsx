import type { CaseDetail, StaffProfile } from '@finportal/contracts/backoffice';
import { displayGroup } from '@finportal/contracts/statuses';
import { Anchor, Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { formatAmount } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useAssignCase } from '../api/assign-case';
import { useColleagues } from '../api/get-colleagues';
import { formatAge } from '../model/display';
import { useQueueLink } from '../model/queue-link';
import { CaseStatusTag } from './case-status-tag';

/**
 * The case's head: the way back to the queue, short id and company, status, figures and who has
 * it; with the assign permission: take it, hand it back, or give it to a colleague who sees the
 * case's partner.
 */
export function CaseHeader({ detail, profile }: { detail: CaseDetail; profile: StaffProfile }) {
  const { t } = useTranslation(['backoffice', 'dashboard']);
  const language = currentLanguage();
  const queue = useQueueLink();
  const assign = useAssignCase();
  const mine = detail.assignee?.id === profile.id;
  const partner = profile.partners.find((p) => p.key === detail.partner_id)?.display_name ?? detail.partner_id;
  const canAssign = detail.capabilities.can_assign;

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
          <Group gap="sm" align="flex-end" className="fp-bo-assign-actions">
            <Button
              size="sm"
              variant={mine ? 'default' : 'filled'}
              loading={assign.isPending}
              onClick={() => assign.mutate({ id: detail.id, assignee: mine ? null : 'me' })}
            >
              {mine ? t('backoffice:assign.hand_back') : t('backoffice:assign.take')}
            </Button>
            <GiveToColleague detail={detail} profile={profile} />
          </Group>
        )}
      </Paper>
    </header>
  );
}

/** Giving the case to a colleague who sees its partner (not oneself, not who has it now). */
function GiveToColleague({ detail, profile }: { detail: CaseDetail; profile: StaffProfile }) {
  const { t } = useTranslation(['backoffice']);
  const id = useId();
  const colleagues = useColleagues(detail.partner_id);
  const assign = useAssignCase();
  const [chosen, setChosen] = useState('');
  const [missing, setMissing] = useState(false);
  const others = (colleagues.data ?? []).filter((c) => c.id !== profile.id && c.id !== detail.assignee?.id);

  if (colleagues.isSuccess && others.length === 0) {
    return (
      <Text size="sm" c="dimmed" className="fp-bo-assign-none">
        {t('backoffice:assign.no_colleagues')}
      </Text>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const colleague = others.find((c) => c.id === chosen);
    if (!colleague) {
      setMissing(true);
      document.getElementById(id)?.focus();
      return;
    }
    assign.mutate(
      { id: detail.id, assignee: { id: colleague.id, email: colleague.email } },
      { onSuccess: () => setChosen('') },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="fp-bo-give">
      <NativeSelect
        id={id}
        size="sm"
        label={t('backoffice:assign.colleague')}
        value={chosen}
        disabled={!colleagues.isSuccess}
        error={
          colleagues.isError
            ? t('backoffice:assign.colleagues_failed')
            : missing && !chosen
              ? t('backoffice:assign.colleague_required')
              : undefined
        }
        data={[
          {
            value: '',
            label: colleagues.isPending ? t('backoffice:assign.colleagues_loading') : t('backoffice:move.choose'),
          },
          ...others.map((c) => ({ value: c.id, label: c.email })),
        ]}
        onChange={(e) => {
          setChosen(e.currentTarget.value);
          setMissing(false);
        }}
      />
      {colleagues.isError ? (
        <Button size="sm" variant="default" onClick={() => void colleagues.refetch()}>
          {t('backoffice:layout.retry')}
        </Button>
      ) : (
        <Button type="submit" size="sm" variant="default" loading={assign.isPending} disabled={!colleagues.isSuccess}>
          {t('backoffice:assign.give')}
        </Button>
      )}
    </form>
  );
}
