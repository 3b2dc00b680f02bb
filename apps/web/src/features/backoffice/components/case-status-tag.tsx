import { displayGroup } from '@finportal/contracts/statuses';
import type { BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/status-badge';

/**
 * A case's raw status (what staff move) in the colour of its display group (what the borrower
 * sees, spec 1 section 4); the group is named for screen readers.
 */
export function CaseStatusTag({ status, ...props }: { status: string } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation(['backoffice', 'dashboard']);
  const groupLabel = t(`dashboard:status.${displayGroup(status)}`);
  return (
    <StatusBadge status={status} {...props}>
      {t(`backoffice:statuses.${status}`, { defaultValue: status })}
      <span className="fp-visually-hidden"> ({groupLabel})</span>
    </StatusBadge>
  );
}
