import type { Application } from '@finportal/contracts/applications';
import { FIELD_GROUP_FIELDS, editableFieldGroups } from '@finportal/contracts/representative-permissions';
import {
  SIGNATORY_FIELDS,
  type RepresentativeValues,
  type Signatory,
  type SignatoryField,
} from '@finportal/contracts/representative-schemas';
import { representativeName, type RepresentativeContext } from '@finportal/contracts/representatives';
import type { SignatoryFormConfig } from '@finportal/contracts/signatory-custom-fields';
import { stepsOf } from '@finportal/contracts/dynamic-forms';
import { customFieldPath, signatoryCustomFields } from '@finportal/contracts/signatory-custom-fields';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config';
import { formatList } from '../../../lib/format';
import { localized } from '../../../lib/i18n-text';
import { focusField } from '../../../lib/focus-field';
import { reportFormError } from '../../../lib/zod-form';
import { useAddRepresentative } from '../api/add-representative';
import { useSignatoryForm } from '../api/get-signatory-form';
import { useUpdateRepresentative } from '../api/update-representative';
import {
  BIRTHDATE_FORMAT,
  changedFields,
  emptyFormValues,
  toFormValues,
  toRequestBody,
  toWireValues,
} from '../model/representative-form';
import { useCustomFieldAnswers } from '../model/use-custom-field-answers';
import { useRepresentativeForm } from '../model/use-representative-form';
import { customFieldDomId, CustomFieldsSection } from './custom-fields-section';
import { fieldDomId, RepresentativeFormFields } from './representative-form-fields';

export type FormMode = { kind: 'add'; prefill?: RepresentativeValues } | { kind: 'edit'; signatory: Signatory };

/** The form's rule context: the partner's countries and the company's tax number (spec 2 section 5). */
export function useRepresentativeContext(application: Application): RepresentativeContext {
  const { app } = useConfig();
  return useMemo(
    () => ({ countries: app.countries, companyTaxId: application.taxIdNumber }),
    [app.countries, application.taxIdNumber],
  );
}

/**
 * The add and edit modal (spec 2 sections 2 and 5). Adding opens every field; editing opens the
 * fields of the groups this user may change on this person (`editableFieldGroups`), the others are
 * shown disabled. Saving sends the whole representative (POST) or only the changed fields (PATCH).
 * A failed save keeps the modal open with everything typed; the server's field errors go on their
 * fields.
 */
export function RepresentativeFormModal({
  application,
  mode,
  onClose,
}: {
  application: Application;
  mode: FormMode | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['representatives']);
  // The partner's signatory custom fields (the tab loads them already; null: none).
  const signatoryForm = useSignatoryForm();
  const title =
    mode?.kind === 'edit'
      ? t('representatives:form.title_edit', { name: representativeName(mode.signatory) })
      : t('representatives:form.title_add');
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      {mode &&
        (signatoryForm.isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label={t('common:loading')} />
          </Center>
        ) : (
          <RepresentativeForm
            application={application}
            mode={mode}
            onClose={onClose}
            signatoryForm={signatoryForm.data ?? null}
          />
        ))}
    </Modal>
  );
}

function RepresentativeForm({
  application,
  mode,
  onClose,
  signatoryForm,
}: {
  application: Application;
  mode: FormMode;
  onClose: () => void;
  signatoryForm: SignatoryFormConfig | null;
}) {
  const { t, i18n } = useTranslation(['representatives']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const idPrefix = useId();
  const context = useRepresentativeContext(application);
  const format = BIRTHDATE_FORMAT;
  const stored = mode.kind === 'edit' ? mode.signatory : (mode.prefill ?? null);
  const [initial] = useState(() => (stored ? toFormValues(stored, format) : emptyFormValues()));
  const editable = useMemo<ReadonlySet<SignatoryField>>(() => {
    if (mode.kind === 'add') return new Set(SIGNATORY_FIELDS);
    const groups = editableFieldGroups(application.allowed_updates, mode.signatory.is_current_actor);
    return new Set(groups.flatMap((group) => FIELD_GROUP_FIELDS[group]));
  }, [mode, application.allowed_updates]);
  const form = useRepresentativeForm(initial, { context, format, editable });
  // The custom fields are fields of the representative's form: editable with the `signatory` group.
  const loanType = application.allBanksLoanPurpose;
  const customFields = useMemo(() => signatoryCustomFields(signatoryForm, loanType), [signatoryForm, loanType]);
  const customSteps = useMemo(() => (signatoryForm ? stepsOf(signatoryForm, loanType) : []), [signatoryForm, loanType]);
  const customEditable = editable.has('first_name');
  const answers = useCustomFieldAnswers(customFields, mode.kind === 'edit' ? mode.signatory.custom_fields_list : [], {
    locale: language,
    currency: application.currency,
  });

  const add = useAddRepresentative(application.applicationId, { onSaved: onClose });
  const update = useUpdateRepresentative(application.applicationId, { onSaved: onClose });
  const pending = add.isPending || update.isPending;
  const customPaths = customFields.map((f) => customFieldPath(f.field.id));
  const setFieldError = (path: string, message: string) => {
    if (customPaths.includes(path as never)) answers.setServerError(path.slice('custom_fields_list.'.length), message);
    else form.setServerError(path, message);
  };
  const onError = (error: unknown) =>
    reportFormError(
      { setFieldError },
      error,
      [...SIGNATORY_FIELDS, ...customPaths],
      t('dashboard:general.errors.something_went_wrong'),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const first = form.attemptSubmit();
    answers.showAll();
    const firstCustom = customEditable ? answers.invalid[0] : undefined;
    if (first || firstCustom) {
      focusField(first ? fieldDomId(idPrefix, first) : customFieldDomId(idPrefix, firstCustom!));
      return;
    }
    if (mode.kind === 'add') {
      const custom = answers.entries(false);
      add.mutate(
        { ...toRequestBody(form.wire), ...(custom.length ? { custom_fields_list: custom } : {}) },
        { onError },
      );
      return;
    }
    const changed = changedFields(toWireValues(initial, format), form.wire).filter((field) => editable.has(field));
    const custom = customEditable ? answers.entries(true) : [];
    if (changed.length === 0 && custom.length === 0) {
      onClose();
      return;
    }
    const body = { ...toRequestBody(form.wire, changed), ...(custom.length ? { custom_fields_list: custom } : {}) };
    update.mutate({ signatoryId: mode.signatory.signatory_id, body }, { onError });
  };

  const fieldName = (field: SignatoryField) => t(`representatives:fields.${field}`);
  const missing = [
    ...form.missing.map(fieldName),
    ...(customEditable ? answers.missing.map((f) => localized(f.field.label, language)) : []),
  ];
  const locked = editable.size < SIGNATORY_FIELDS.length;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text size="sm">
          {mode.kind === 'add' ? t('representatives:form.intro_add') : t('representatives:form.intro_edit')}
        </Text>
        {mode.kind === 'add' && mode.prefill && (
          <Alert color="blue" variant="light">
            {t('representatives:form.prefilled')}
          </Alert>
        )}
        {locked && (
          <Text size="sm" c="dimmed">
            {t('representatives:form.locked')}
          </Text>
        )}
        <RepresentativeFormFields
          form={form}
          idPrefix={idPrefix}
          isDisabled={(field) => !editable.has(field)}
          dateFormat={format}
        />
        <CustomFieldsSection
          answers={answers}
          steps={customSteps}
          idPrefix={idPrefix}
          disabled={!customEditable}
          currency={application.currency}
        />
        <Text size="sm" role="status" fw={missing.length > 0 ? undefined : 600}>
          {missing.length > 0
            ? t('representatives:form.missing', { fields: formatList(missing, language) })
            : t('representatives:form.complete')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t('representatives:form.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {mode.kind === 'add' ? t('representatives:form.save_add') : t('representatives:form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
