import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Fact {
  label: string;
  /** Null, undefined or '' shows "Not provided". */
  value: ReactNode;
}

/** Label and value pairs as a description list; a missing value says so. */
export function Facts({ facts }: { facts: Fact[] }) {
  const { t } = useTranslation(['backoffice']);
  return (
    <dl className="fp-bo-facts">
      {facts.map((fact) => (
        <div key={fact.label} className="fp-bo-fact">
          <dt>{fact.label}</dt>
          <dd>
            {fact.value === null || fact.value === undefined || fact.value === '' ? (
              <Text span size="sm" c="dimmed">
                {t('backoffice:case.not_provided')}
              </Text>
            ) : (
              fact.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled card of the case page (h2 inside the tab panel, or h3 below a tab's own heading). */
export function SectionCard({ title, level = 2, children }: { title: string; level?: 2 | 3; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" className="fp-bo-card">
      <Heading className="fp-bo-card-title">{title}</Heading>
      {children}
    </Paper>
  );
}

/** "Yes" / "No" / not answered. */
export function useYesNo() {
  const { t } = useTranslation(['backoffice']);
  return (value: boolean | null | undefined): string | null =>
    value === null || value === undefined ? null : value ? t('backoffice:case.yes') : t('backoffice:case.no');
}
