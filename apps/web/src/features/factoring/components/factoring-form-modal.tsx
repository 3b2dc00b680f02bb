import {
  FACTORING_SECTION_FIELDS,
  type FactoringContext,
  type FactoringSection,
} from '@finportal/contracts/factoring-rules';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusField } from '../../../lib/focus-field';
import { reportFormError } from '../../../lib/zod-form';
import { useSaveFactoringSection } from '../api/save-factoring-section';
import { toFormValues, toRequestBody } from '../model/factoring-form';
import { useFactoringForm } from '../model/use-factoring-form';
import { FactoringFormFields, factoringFieldId } from './factoring-form-fields';

/**
 * The edit modal of one card (spec 2 sections 2 and 5). The contracts' rules judge every field
 * before anything is sent (the first field to fix is focused); saving sends the whole card
 * (PATCH). A failed save keeps the modal open: the server's field errors go on their fields, the
 * rest is toasted.
 */
export function FactoringFormModal({
  applicationId,
  currency,
  section,
  context,
  onClose,
}: {
  applicationId: string;
  currency: string;
  section: FactoringSection | null;
  context: FactoringContext;
  onClose: () => void;
}) {
  const { t } = useTranslation(['factoring']);
  return (
    <Modal
      opened={section !== null}
      onClose={onClose}
      title={section ? t('factoring:form.title', { name: t(`factoring:sections.${section}`) }) : ''}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      {section && (
        <FactoringForm
          applicationId={applicationId}
          currency={currency}
          section={section}
          context={context}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function FactoringForm({
  applicationId,
  currency,
  section,
  context,
  onClose,
}: {
  applicationId: string;
  currency: string;
  section: FactoringSection;
  context: FactoringContext;
  onClose: () => void;
}) {
  const { t } = useTranslation(['factoring']);
  const idPrefix = useId();
  // The stored values when the modal opened: a refetch meanwhile does not overwrite what is typed.
  const [frozen] = useState(() => ({ context, initial: toFormValues(section, context.stored) }));
  const form = useFactoringForm(section, frozen.initial, frozen.context);
  const save = useSaveFactoringSection(applicationId, { onSaved: onClose });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const first = form.attemptSubmit();
    if (first) {
      focusField(factoringFieldId(idPrefix, first));
      return;
    }
    save.mutate(
      { section, body: toRequestBody(section, form.wire) },
      {
        onError: (error) =>
          reportFormError(
            { setFieldError: form.setServerError },
            error,
            FACTORING_SECTION_FIELDS[section],
            t('factoring:form.save_failed'),
            t('factoring:form.fix_fields'),
          ),
      },
    );
  };

  const errors = form.issues.length;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text size="sm">{t(`factoring:form.intro.${section}`)}</Text>
        <FactoringFormFields form={form} idPrefix={idPrefix} currency={currency} />
        <Group justify="space-between" gap="sm">
          <Text size="sm" role="status">
            {errors > 0 ? t('factoring:form.open_fields', { count: errors }) : t('factoring:form.complete')}
          </Text>
          <Group gap="sm">
            <Button variant="outline" onClick={onClose} disabled={save.isPending}>
              {t('factoring:form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('factoring:form.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
