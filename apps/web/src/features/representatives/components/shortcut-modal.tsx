import type { Application } from '@finportal/contracts/applications';
import type { ShortcutKind } from '@finportal/contracts/representative-permissions';
import type { Signatory, SignatoryField } from '@finportal/contracts/representative-schemas';
import { representativeIssues, representativeName } from '@finportal/contracts/representatives';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../../lib/i18n';
import { reportFormError } from '../../../lib/zod-form';
import { useUpdateRepresentative } from '../api/update-representative';
import { PhoneField } from './phone-field';
import { useRepresentativeContext } from './representative-form-modal';

export interface Shortcut {
  kind: ShortcutKind;
  signatory: Signatory;
}

export const SHORTCUT_FIELD: Record<ShortcutKind, 'email' | 'telephone' | 'taxid'> = {
  email: 'email',
  phone: 'telephone',
  tin: 'taxid',
};

/**
 * The small modals that add or change one value of a representative: the e-mail, the phone or
 * the personal tax id (spec 2 section 2), judged by the same rule as the full form on the person
 * with the new value, and saved alone (PATCH with that one field).
 */
export function ShortcutModal({
  application,
  shortcut,
  onClose,
}: {
  application: Application;
  shortcut: Shortcut | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['representatives']);
  const title = shortcut
    ? t(`representatives:shortcut.title_${shortcut.kind}`, { name: representativeName(shortcut.signatory) })
    : '';
  return (
    <Modal
      opened={shortcut !== null}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      {shortcut && <ShortcutForm application={application} shortcut={shortcut} onClose={onClose} />}
    </Modal>
  );
}

function ShortcutForm({
  application,
  shortcut,
  onClose,
}: {
  application: Application;
  shortcut: Shortcut;
  onClose: () => void;
}) {
  const { t } = useTranslation(['representatives']);
  const id = useId();
  const { kind, signatory } = shortcut;
  const field = SHORTCUT_FIELD[kind];
  const context = useRepresentativeContext(application);
  const [value, setValue] = useState(signatory[field] ?? '');
  const [shown, setShown] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useUpdateRepresentative(application.applicationId, {
    onSaved: onClose,
    message: kind === 'tin' ? t('representatives:toast.tax_id_saved') : undefined,
  });

  const trimmed = value.trim();
  const issue =
    trimmed === ''
      ? { code: 'err_required' as const, values: undefined }
      : representativeIssues({ ...signatory, [field]: trimmed }, context).find((i) => i.field === field);
  const error = serverError ?? (shown && issue ? translateErrorCode(issue.code, issue.values) : undefined);

  const change = (next: string) => {
    setValue(next);
    setServerError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (issue) {
      document.getElementById(id)?.focus();
      return;
    }
    save.mutate(
      { signatoryId: signatory.signatory_id, body: { [field]: trimmed } },
      {
        onError: (failure) =>
          reportFormError(
            { setFieldError: (_: string, message: string) => setServerError(message) },
            failure,
            [field satisfies SignatoryField],
            t('dashboard:general.errors.something_went_wrong'),
          ),
      },
    );
  };
  const common = {
    id,
    label: t(`representatives:fields.${field}`),
    description: t(`representatives:shortcut.hint_${kind}`),
    error,
    required: true,
    'data-autofocus': true,
    onBlur: () => setShown(true),
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t(`representatives:shortcut.text_${kind}`)}</Text>
        {kind === 'phone' ? (
          <PhoneField {...common} value={value} onValueChange={change} />
        ) : (
          <TextInput
            {...common}
            type={kind === 'email' ? 'email' : 'text'}
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(event) => change(event.currentTarget.value)}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            {t('representatives:form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('representatives:form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
