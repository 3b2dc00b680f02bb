import { displayGroup, GROUP_COLOURS, type StatusColour } from '@finportal/contracts/statuses';
import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Mantine colour of each status colour of the spec (the theme keeps light badges at 4.5:1). */
export const BADGE_COLOURS: Record<StatusColour, string> = {
  default: 'gray',
  error: 'red',
  processing: 'blue',
  success: 'green',
};

/**
 * The status tag: the translated display group of a raw status in its colour (spec 1 section 4).
 * `children` replaces the group's name (the back office names the raw status in the group's colour).
 */
export function StatusBadge({
  status,
  children,
  ...props
}: { status: string; children?: ReactNode } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  const group = displayGroup(status);
  return (
    <Badge
      variant="light"
      color={BADGE_COLOURS[GROUP_COLOURS[group]]}
      data-status-colour={GROUP_COLOURS[group]}
      tt="none"
      {...props}
    >
      {children ?? t(`dashboard:status.${group}`)}
    </Badge>
  );
}
