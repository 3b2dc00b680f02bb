import { Card, List, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * No one added yet (spec 2 section 2): whom to add and why, with an explanation for those unsure
 * who counts as a beneficial owner (a native disclosure: keyboard and screen reader friendly), and
 * the add buttons.
 */
export function RepresentativesEmptyState({ actions }: { actions: ReactNode }) {
  const { t } = useTranslation(['representatives']);
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {t('representatives:empty.title')}
        </Title>
        <Text size="sm">{t('representatives:empty.text')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('representatives:empty.signatories')}</List.Item>
          <List.Item>{t('representatives:empty.owners')}</List.Item>
        </List>
        <Text size="sm">{t('representatives:empty.why')}</Text>
        <details className="fp-reps-hint">
          <summary>{t('representatives:empty.hint_title')}</summary>
          <Stack gap="xs" mt="xs">
            <Text size="sm">{t('representatives:empty.hint_text')}</Text>
            <Text size="sm">{t('representatives:empty.hint_fictitious')}</Text>
            <Text size="sm">{t('representatives:empty.hint_unsure')}</Text>
          </Stack>
        </details>
        {actions}
      </Stack>
    </Card>
  );
}
