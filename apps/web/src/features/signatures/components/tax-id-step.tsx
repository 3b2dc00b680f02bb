import { personalTaxIdError } from '@finportal/contracts/representatives';
import { sameTaxId } from '@finportal/contracts/validators';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../../lib/i18n';
import { reportFormError } from '../../../lib/zod-form';
import { signatoriesQuery } from '../../representatives/api/get-signatories';
import { useSaveTaxId } from '../api/save-tax-id';
import type { StepProps } from './person-signing';

/**
 * Step 1, the personal tax ID: checked by the representatives' rule (German TIN for a German
 * person: 11 digits, no leading zero, check digit; it differs from the company's tax number) and
 * saved alone with PATCH .../signatories/{signatoryId} {taxid}.
 */
export function TaxIdStep({ application, requirements, onProgress, done }: StepProps & { done: boolean }) {
  const { t } = useTranslation(['signatures']);
  const id = useId();
  const applicationId = application.applicationId;
  const person = useQuery(signatoriesQuery(applicationId)).data?.signatories.find(
    (s) => s.signatory_id === requirements.signatory_id,
  );
  const [value, setValue] = useState('');
  const [shown, setShown] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveTaxId(applicationId);

  if (done) {
    return (
      <Text size="sm">
        {person?.taxid ? t('signatures:tax_id.done', { taxid: person.taxid }) : t('signatures:tax_id.done_hidden')}
      </Text>
    );
  }

  const trimmed = value.trim();
  const issue =
    trimmed === ''
      ? { code: 'err_required', values: undefined }
      : (personalTaxIdError(trimmed, person ?? {}) ??
        (sameTaxId(trimmed, application.taxIdNumber) ? { code: 'err_tax_ids_must_differ', values: undefined } : null));
  const error = serverError ?? (shown && issue ? translateErrorCode(issue.code, issue.values) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (issue) {
      document.getElementById(id)?.focus();
      return;
    }
    save.mutate(
      { signatoryId: requirements.signatory_id, body: { taxid: trimmed } },
      {
        onSuccess: onProgress,
        onError: (failure) => {
          reportFormError(
            { setFieldError: (_: string, message: string) => setServerError(message) },
            failure,
            ['taxid'],
            t('signatures:errors.something_went_wrong'),
          );
          document.getElementById(id)?.focus();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('signatures:tax_id.text')}</Text>
        <TextInput
          id={id}
          label={t('signatures:tax_id.label')}
          description={t('signatures:tax_id.hint')}
          required
          autoComplete="off"
          spellCheck={false}
          maw={360}
          value={value}
          error={error}
          onBlur={() => setShown(true)}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setServerError(null);
          }}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('signatures:tax_id.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
