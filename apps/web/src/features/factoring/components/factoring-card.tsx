import type { FactoringContext, FactoringSection } from '@finportal/contracts/factoring-rules';
import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldGroups, openFields } from '../model/factoring-form';
import { formatFactoringValue } from '../model/display';

/**
 * One card of the factoring details: each field's answer in the interface language, its part
 * abroad (with customers abroad) and its comment; how many answers are missing or to fix; the edit
 * button while the details may be changed.
 */
export function FactoringCard({
  section,
  context,
  currency,
  editable,
  onEdit,
}: {
  section: FactoringSection;
  context: FactoringContext;
  currency: string;
  editable: boolean;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation(['factoring']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  const { stored } = context;
  const international = context.hasInternationalCustomers === true;
  const title = t(`factoring:sections.${section}`);
  const open = openFields(section, stored, context);
  const format = (kind: Parameters<typeof formatFactoringValue>[0], value: unknown) =>
    formatFactoringValue(kind, value, { t, language, currency });

  return (
    <li>
      <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId} h="100%">
        <Stack gap="sm" h="100%">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Title order={3} size="h4" id={headingId}>
              {title}
            </Title>
            <Badge variant="light" color={open ? 'orange' : 'green'} tt="none">
              {open ? t('factoring:card.open', { count: open }) : t('factoring:card.complete')}
            </Badge>
          </Group>
          <dl className="fp-factoring-facts">
            {fieldGroups(section).map(({ field, kind, abroad, comment }) => {
              const wide = kind === 'portfolio';
              const note = comment ? stored[comment] : null;
              return (
                <Fragment key={field}>
                  <dt className={wide ? 'fp-factoring-wide' : undefined}>{t(`factoring:fields.${field}`)}</dt>
                  <dd className={wide ? 'fp-factoring-wide' : undefined}>{format(kind, stored[field])}</dd>
                  {abroad && international && (
                    <>
                      <dt className="fp-factoring-abroad">{t(`factoring:fields_abroad.${field}`)}</dt>
                      <dd>{format(kind, stored[abroad])}</dd>
                    </>
                  )}
                  {typeof note === 'string' && note.trim() !== '' && (
                    <dd className="fp-factoring-comment">{t('factoring:card.comment', { comment: note })}</dd>
                  )}
                </Fragment>
              );
            })}
          </dl>
          {editable && (
            <Group mt="auto">
              <Button
                variant="outline"
                size="sm"
                onClick={onEdit}
                aria-label={t('factoring:card.edit', { name: title })}
              >
                {t('factoring:card.edit_short')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </li>
  );
}
