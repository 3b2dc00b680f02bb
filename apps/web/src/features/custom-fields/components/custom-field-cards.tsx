import type { Application } from '@finportal/contracts/applications';
import { isEmptyValue } from '@finportal/contracts/dynamic-forms';
import { Button, Card, DataList, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatErrorItem } from '../../../components/dynamic-form-field/field-errors';
import { ApiError, isApiError } from '../../../lib/http';
import { localized } from '../../../lib/i18n-text';
import { reportFormError } from '../../../lib/zod-form';
import { useDynamicFormsConfig } from '../../wizard/api/get-dynamic-forms-config';
import { useUpdateCustomFields } from '../api/update-custom-fields';
import {
  customFieldGroups,
  displayValue,
  entryValues,
  serverFieldNames,
  storedValue,
  submissionEntries,
  validateEntries,
  type CustomFieldGroup,
  type DisplayTexts,
} from '../model/custom-fields';
import { customFieldDomId, CustomFieldInput } from './custom-field-input';

/**
 * Custom-field cards of the overview (spec 2 sections 2, 3 and 5; only with dynamic forms): one
 * card per step of the application's loan type that has custom fields (company or application
 * scope), with each field's value, and an edit modal (needs allowed_updates 'custom_fields').
 */
export function CustomFieldCards({ application }: { application: Application }) {
  if (!application.is_dynamic_form) return null;
  return <DynamicFormCards application={application} />;
}

function DynamicFormCards({ application }: { application: Application }) {
  const { t, i18n } = useTranslation(['custom-fields']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const config = useDynamicFormsConfig();
  const groups = useMemo(
    () => (config.data ? customFieldGroups(config.data, application.allBanksLoanPurpose) : []),
    [config.data, application.allBanksLoanPurpose],
  );
  const [editing, setEditing] = useState<string | null>(null);
  const canEdit = application.allowed_updates.includes('custom_fields');
  // While the form loads, when it failed (the cards are optional) or without custom fields: nothing.
  if (groups.length === 0) return null;
  const editingGroup = canEdit ? groups.find((g) => g.step.id === editing) : undefined;

  return (
    <>
      {groups.map((group) => (
        <CustomFieldCard
          key={group.step.id}
          application={application}
          group={group}
          canEdit={canEdit}
          onEdit={() => setEditing(group.step.id)}
        />
      ))}
      <Modal
        opened={!!editingGroup}
        onClose={() => setEditing(null)}
        title={editingGroup ? t('edit_label', { title: localized(editingGroup.step.title, language) }) : ''}
        closeButtonProps={{ 'aria-label': t('common:close') }}
        centered
      >
        {editingGroup && (
          <CustomFieldsForm application={application} group={editingGroup} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </>
  );
}

function CustomFieldCard({
  application,
  group,
  canEdit,
  onEdit,
}: {
  application: Application;
  group: CustomFieldGroup;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation(['custom-fields']);
  const headingId = useId();
  const lockedId = useId();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const title = localized(group.step.title, language);
  const texts: DisplayTexts = {
    yes: t('yes'),
    no: t('no'),
    years: (count, value) => t('years', { count, value }),
    months: (count, value) => t('months', { count, value }),
  };
  const context = { language, currency: application.currency, texts };

  return (
    <Card
      id={`custom-fields-${group.step.id}`}
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={headingId}
    >
      <Group justify="space-between" align="center" gap="sm" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        <Button
          variant="outline"
          size="xs"
          disabled={!canEdit}
          aria-label={t('edit_label', { title })}
          aria-describedby={canEdit ? undefined : lockedId}
          onClick={onEdit}
        >
          {t('edit')}
        </Button>
      </Group>
      <DataList
        orientation="vertical"
        gap="sm"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
          columnGap: 'var(--mantine-spacing-lg)',
        }}
      >
        {group.items.map((item) => {
          const value = displayValue(item, storedValue(application, item), context);
          return (
            <DataList.Item key={item.field.id}>
              <DataList.ItemLabel>{localized(item.field.label, language)}</DataList.ItemLabel>
              <DataList.ItemValue
                c={value === null ? 'dimmed' : undefined}
                style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
              >
                {value ?? t('not_specified')}
              </DataList.ItemValue>
            </DataList.Item>
          );
        })}
      </DataList>
      {!canEdit && (
        <Text id={lockedId} size="sm" c="dimmed" mt="sm">
          {t('locked')}
        </Text>
      )}
    </Card>
  );
}

function CustomFieldsForm({
  application,
  group,
  onDone,
}: {
  application: Application;
  group: CustomFieldGroup;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['custom-fields']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { items } = group;
  const ids = items.map((item) => item.field.id);
  const [initial] = useState(() => entryValues(application, items));
  const format = { locale: language, currency: application.currency };
  // Only the fields the user changed are checked in full and sent: a stored value that a rule
  // relative to today has since made invalid (a start date now in the past) does not block editing
  // the others. An untouched required field that is empty is still flagged.
  const changed = (values: Record<string, unknown>) =>
    items.filter((item) => values[item.field.id] !== initial[item.field.id]);
  const emptyUntouched = (values: Record<string, unknown>) =>
    items.filter(
      (item) => values[item.field.id] === initial[item.field.id] && isEmptyValue(item.field, values[item.field.id]),
    );
  const form = useForm<Record<string, unknown>>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => ({
      ...validateEntries(emptyUntouched(values), values, format),
      ...validateEntries(changed(values), values, format),
    }),
    validateInputOnBlur: true,
  });
  const save = useUpdateCustomFields(application.applicationId, { onSaved: onDone });
  const submit = (values: Record<string, unknown>) => {
    const entries = submissionEntries(changed(values), values);
    // Nothing changed: nothing to save.
    if (entries.length === 0) onDone();
    else
      save.mutate(
        { custom_fields: entries },
        {
          // The modal stays open with everything typed; field errors go on their fields.
          onError: (error) =>
            reportFormError(
              form,
              withFormattedValues(error, items, format),
              ids,
              t('dashboard:general.errors.something_went_wrong'),
              undefined,
              serverFieldNames(items),
            ),
        },
      );
  };
  // After a refused submit, the first field with an error gets the focus.
  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = ids.find((id) => errors[id]);
    const element = first ? document.getElementById(customFieldDomId(first)) : null;
    const control = element?.matches('input, textarea, select')
      ? element
      : element?.querySelector<HTMLElement>('input, textarea, select');
    control?.focus();
  };

  return (
    <form onSubmit={form.onSubmit(submit, focusFirstError)} noValidate>
      <Stack gap="md">
        {items.map((item) => {
          const id = item.field.id;
          const props = form.getInputProps(id);
          return (
            <CustomFieldInput
              key={id}
              item={item}
              value={form.values[id]}
              onChange={(value) => form.setFieldValue(id, value)}
              onBlur={props.onBlur}
              error={typeof form.errors[id] === 'string' ? (form.errors[id] as string) : undefined}
              currency={application.currency}
            />
          );
        })}
        <Group justify="flex-end" gap="sm">
          <Button variant="outline" onClick={onDone} disabled={save.isPending}>
            {t('modal.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('modal.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The server's field errors with their bounds in the user's format ("must not exceed 100.000"). */
function withFormattedValues(
  error: unknown,
  items: readonly CustomFieldGroup['items'][number][],
  format: { locale: string; currency: string },
): unknown {
  if (!isApiError(error)) return error;
  const names = serverFieldNames(items);
  const fieldOf = (path: string | undefined) =>
    items.find((item) => item.field.id === (path ? names[path] : undefined));
  return new ApiError({
    kind: error.kind,
    status: error.status,
    method: error.method,
    path: error.path,
    errors: error.errors.map((item) => formatErrorItem(fieldOf(item.field)?.field, item, format)),
  });
}
