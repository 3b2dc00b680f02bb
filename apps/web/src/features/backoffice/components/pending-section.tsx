import type { CaseDetail } from '@finportal/contracts/backoffice';
import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatList } from '../../../lib/format';
import { currentLanguage, i18n, translateErrorCode } from '../../../lib/i18n';
import { personName } from '../model/display';
import { SectionCard } from './facts';

/**
 * What is still missing before the borrower's next step, as the borrower's dashboard lists it
 * (the same action names), each with the errors it reports and what they are about: document
 * types and representatives by name.
 */
export function PendingSection({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice', 'overview']);
  const language = currentLanguage();
  const { pending_actions: actions, next_status: next } = detail.pending;
  const people = new Map(detail.representatives.signatories.map((s) => [s.signatory_id, personName(s, t)]));
  const about = (value: string) => {
    const type = `overview:document_types.${value}`;
    if (i18n.exists(type)) return t(type);
    return people.get(value) ?? value;
  };
  return (
    <SectionCard title={t('backoffice:pending.title')}>
      <Text size="sm" mb="sm">
        {next
          ? t('backoffice:pending.next', { status: t(`backoffice:statuses.${next}`, { defaultValue: next }) })
          : t('backoffice:pending.no_next')}
      </Text>
      {actions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backoffice:pending.none')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" className="fp-bo-list">
          {actions.map((action) => (
            <li key={action.action} data-action={action.action}>
              <Text fw={600} size="sm">
                {t(`overview:pending.actions.${action.action}`, { defaultValue: action.action })}
              </Text>
              {action.errors.length > 0 && (
                <List size="sm" spacing={2} mt={2}>
                  {action.errors.map((error, i) => (
                    <List.Item key={i}>
                      {translateErrorCode(error.code)}
                      {error.values.length > 0 && ` (${formatList(error.values.map(about), language)})`}
                    </List.Item>
                  ))}
                </List>
              )}
            </li>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
