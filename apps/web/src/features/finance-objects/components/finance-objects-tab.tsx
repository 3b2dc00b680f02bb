import type { Application } from '@finportal/contracts/applications';
import { financeObjectsMaxError } from '@finportal/contracts/finance-object-rules';
import type { FinanceObject } from '@finportal/contracts/finance-objects';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGridSkeleton } from '../../../components/card-grid';
import { useFinanceObjects } from '../api/get-finance-objects';
import { DeleteFinanceObjectModal } from './delete-finance-object-modal';
import { FinanceObjectCard } from './finance-object-card';
import { FinanceObjectFormModal, type FormMode } from './finance-object-form-modal';
import './finance-objects.css';

type Dialog = { kind: 'form'; mode: FormMode } | { kind: 'delete'; object: FinanceObject };

/**
 * The Objects tab of an object-financing application (spec 2 sections 2, 3 and 5; issue 12; ADR
 * 016): the objects as cards, the empty state, and the add, edit and delete modals. Whether the
 * objects may be changed is the server's `is_editable` (the applicant, while Open or PreCheck);
 * otherwise the list is read-only and says why. At the partner's maximum the add button is
 * disabled and names it. A failed load goes to the content error boundary.
 */
export function FinanceObjectsTab({ application }: { application: Application }) {
  const { t, i18n } = useTranslation(['objects']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  const id = application.applicationId;
  const list = useFinanceObjects(id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  if (!list.data) return <FinanceObjectsSkeleton />;
  const { result: objects, max_finance_objects: max, is_editable: editable } = list.data;
  const atMax = financeObjectsMaxError(objects.length, max) !== null;
  const maxText = t('objects:max_reached', { max: new Intl.NumberFormat(language).format(max) });

  const addButton = editable ? (
    <Stack gap={4} align="flex-start">
      <Button
        onClick={() => setDialog({ kind: 'form', mode: { kind: 'add' } })}
        disabled={atMax}
        aria-describedby={atMax ? `${headingId}-max` : undefined}
      >
        {t('objects:add')}
      </Button>
      {atMax && (
        <Text size="sm" c="dimmed" id={`${headingId}-max`}>
          {maxText}
        </Text>
      )}
    </Stack>
  ) : null;

  return (
    <Stack gap="lg" component="section" aria-labelledby={headingId}>
      <div className="fp-tab-header">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {t('objects:title')}
          </Title>
          <Text size="sm" mt={4}>
            {editable ? t('objects:intro', { max }) : t('objects:intro_locked')}
          </Text>
        </div>
        {objects.length > 0 && addButton}
      </div>

      {!editable && (
        <Alert color="gray" variant="light">
          {t('objects:read_only')}
        </Alert>
      )}

      {objects.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('objects:empty.title')}
            </Title>
            <Text size="sm">{editable ? t('objects:empty.text') : t('objects:empty.text_locked')}</Text>
            {addButton}
          </Stack>
        </Card>
      ) : (
        <ul className="fp-card-grid" aria-label={t('objects:list_label')}>
          {objects.map((object) => (
            <FinanceObjectCard
              key={object.finance_object_id}
              object={object}
              currency={application.currency}
              editable={editable}
              onEdit={() => setDialog({ kind: 'form', mode: { kind: 'edit', object } })}
              onDelete={() => setDialog({ kind: 'delete', object })}
            />
          ))}
        </ul>
      )}

      <FinanceObjectFormModal
        applicationId={id}
        currency={application.currency}
        mode={dialog?.kind === 'form' ? dialog.mode : null}
        onClose={close}
      />
      <DeleteFinanceObjectModal
        applicationId={id}
        object={dialog?.kind === 'delete' ? dialog.object : null}
        onClose={close}
      />
    </Stack>
  );
}

/** While the list loads. */
export function FinanceObjectsSkeleton() {
  return <CardGridSkeleton cardHeight={260} />;
}
