import type { FinanceObjectContext } from '@finportal/contracts/finance-object-rules';
import type { FinanceObject } from '@finportal/contracts/finance-objects';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config';
import { focusField } from '../../../lib/focus-field';
import { reportFormError } from '../../../lib/zod-form';
import { useSaveFinanceObject } from '../api/save-finance-object';
import { objectTitle } from '../model/display';
import { emptyFormValues, FORM_FIELDS, toFormValues, toRequestBody } from '../model/finance-object-form';
import { useFinanceObjectForm } from '../model/use-finance-object-form';
import { fieldDomId, FinanceObjectFormFields } from './finance-object-form-fields';

export type FormMode = { kind: 'add' } | { kind: 'edit'; object: FinanceObject };

/**
 * The add and edit modal (spec 2 sections 2 and 5). The contracts' rules judge every field before
 * anything is sent (the first field to fix is focused); editing sends the whole object (PUT). A
 * failed save keeps the modal open with everything typed: the server's field errors go on their
 * fields, the rest (err_finance_objects_max...) is toasted.
 */
export function FinanceObjectFormModal({
  applicationId,
  currency,
  mode,
  onClose,
}: {
  applicationId: string;
  currency: string;
  mode: FormMode | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['objects']);
  const title =
    mode?.kind === 'edit'
      ? t('objects:form.title_edit', { name: objectTitle(mode.object) || t('objects:card.untitled') })
      : t('objects:form.title_add');
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      {mode && <FinanceObjectForm applicationId={applicationId} currency={currency} mode={mode} onClose={onClose} />}
    </Modal>
  );
}

function FinanceObjectForm({
  applicationId,
  currency,
  mode,
  onClose,
}: {
  applicationId: string;
  currency: string;
  mode: FormMode;
  onClose: () => void;
}) {
  const { t } = useTranslation(['objects']);
  const idPrefix = useId();
  const { app } = useConfig();
  const context = useMemo<FinanceObjectContext>(() => ({ countries: app.countries }), [app.countries]);
  const [initial] = useState(() =>
    mode.kind === 'edit'
      ? toFormValues(mode.object)
      : emptyFormValues(app.countries.length === 1 ? app.countries[0] : ''),
  );
  const form = useFinanceObjectForm(initial, context);
  const save = useSaveFinanceObject(applicationId, { onSaved: onClose });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const first = form.attemptSubmit();
    if (first) {
      focusField(fieldDomId(idPrefix, first));
      return;
    }
    save.mutate(
      { financeObjectId: mode.kind === 'edit' ? mode.object.finance_object_id : null, body: toRequestBody(form.wire) },
      {
        onError: (error) =>
          reportFormError(
            { setFieldError: form.setServerError },
            error,
            FORM_FIELDS,
            t('objects:form.save_failed'),
            t('objects:form.fix_fields'),
          ),
      },
    );
  };

  const errors = form.issues.length;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text size="sm">{t('objects:form.intro')}</Text>
        <FinanceObjectFormFields form={form} idPrefix={idPrefix} currency={currency} />
        <Group justify="space-between" gap="sm">
          <Text size="sm" role="status" c={errors > 0 ? 'dimmed' : undefined}>
            {errors > 0 ? t('objects:form.open_fields', { count: errors }) : t('objects:form.complete')}
          </Text>
          <Group gap="sm">
            <Button variant="outline" onClick={onClose} disabled={save.isPending}>
              {t('objects:form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {mode.kind === 'add' ? t('objects:form.save_add') : t('objects:form.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
