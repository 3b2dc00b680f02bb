import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, itemMessages } from '../../../lib/http';
import { translateErrorCode } from '../../../lib/i18n';
import { useAcceptTerms } from '../api/accept-terms';
import { canSubmitTerms } from '../model/signature-screen';
import type { StepProps } from './person-signing';

type TermsField = 'sepa_mandate_accepted' | 'legal_signature_accepted';
const FIELD_OF_CODE: Record<string, TermsField> = {
  err_sepa_mandate_not_accepted: 'sepa_mandate_accepted',
  err_terms_not_accepted: 'legal_signature_accepted',
};

/**
 * Step 4, the terms (spec 2 sections 2 and 5): the SEPA direct-debit mandate and the legal
 * signature, both to be ticked. The submit button stays disabled (focusable, saying why) until the
 * earlier required steps are complete; submitting asks for confirmation in a modal that lists the
 * representatives who sign, by name; confirming sends PATCH .../requirements. A refusal for a
 * box (err_sepa_mandate_not_accepted, err_terms_not_accepted) is shown on that box.
 */
export function TermsStep({ application, requirements, onProgress, done }: StepProps & { done: boolean }) {
  const { t } = useTranslation(['signatures']);
  const ids = { sepa_mandate_accepted: useId(), legal_signature_accepted: useId() };
  const hintId = useId();
  const [values, setValues] = useState<Record<TermsField, boolean>>({
    sepa_mandate_accepted: requirements.kyc_status.sepa_mandate_accepted?.is_completed === true,
    legal_signature_accepted: requirements.kyc_status.legal_signature_accepted?.is_completed === true,
  });
  const [errors, setErrors] = useState<Partial<Record<TermsField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const blocked = !canSubmitTerms(requirements);
  const accept = useAcceptTerms(application.applicationId, requirements.signatory_id, {
    onDone: () => setConfirming(false),
  });

  const focus = (field: TermsField) => document.getElementById(ids[field])?.focus();
  const change = (field: TermsField, checked: boolean) => {
    setValues((v) => ({ ...v, [field]: checked }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = () => {
    if (blocked) return;
    setFormError(null);
    const missing: Partial<Record<TermsField, string>> = {};
    if (!values.sepa_mandate_accepted)
      missing.sepa_mandate_accepted = translateErrorCode('err_sepa_mandate_not_accepted');
    if (!values.legal_signature_accepted)
      missing.legal_signature_accepted = translateErrorCode('err_terms_not_accepted');
    setErrors(missing);
    const first = (Object.keys(missing) as TermsField[])[0];
    if (first) {
      focus(first);
      return;
    }
    setConfirming(true);
  };

  const confirm = () =>
    accept.mutate(values, {
      onSuccess: onProgress,
      onError: (failure) => {
        setConfirming(false);
        if (!isApiError(failure) || failure.errors.length === 0) {
          setFormError(t('signatures:errors.something_went_wrong'));
          return;
        }
        const onBoxes: Partial<Record<TermsField, string>> = {};
        const rest = failure.errors.filter((item) => {
          const field = FIELD_OF_CODE[item.code] ?? (item.field as TermsField | undefined);
          if (field && field in ids) {
            onBoxes[field] = translateErrorCode(item.code, item.values);
            return false;
          }
          return true;
        });
        setErrors(onBoxes);
        setFormError(rest.length ? itemMessages(rest).join(' ') : null);
        const first = (Object.keys(onBoxes) as TermsField[])[0];
        if (first) focus(first);
      },
    });

  return (
    <Stack gap="md">
      <Checkbox
        id={ids.sepa_mandate_accepted}
        label={t('signatures:terms.sepa_label')}
        description={t('signatures:terms.sepa_text')}
        checked={values.sepa_mandate_accepted}
        onChange={(event) => change('sepa_mandate_accepted', event.currentTarget.checked)}
        error={errors.sepa_mandate_accepted}
        disabled={done}
      />
      <Checkbox
        id={ids.legal_signature_accepted}
        label={t('signatures:terms.legal_label')}
        checked={values.legal_signature_accepted}
        onChange={(event) => change('legal_signature_accepted', event.currentTarget.checked)}
        error={errors.legal_signature_accepted}
        disabled={done}
      />
      {formError && (
        <Alert color="red" variant="light" role="alert">
          {formError}
        </Alert>
      )}
      {!done && (
        <Stack gap={4} align="flex-start">
          <Button
            onClick={submit}
            data-disabled={blocked || undefined}
            aria-disabled={blocked || undefined}
            aria-describedby={blocked ? hintId : undefined}
            loading={accept.isPending}
          >
            {t('signatures:terms.submit')}
          </Button>
          {blocked && (
            <Text id={hintId} size="xs" c="dimmed">
              {t('signatures:terms.submit_blocked')}
            </Text>
          )}
        </Stack>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('signatures:terms.confirm_title')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
        centered
      >
        <Stack gap="md">
          <Text>{t('signatures:terms.confirm_text')}</Text>
          <List withPadding>
            {requirements.signers.map((signer) => (
              <List.Item key={signer.signatory_id}>{signer.name}</List.Item>
            ))}
          </List>
          <Text size="sm">{t('signatures:terms.confirm_note')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={accept.isPending}>
              {t('signatures:terms.cancel')}
            </Button>
            <Button onClick={confirm} loading={accept.isPending}>
              {t('signatures:terms.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
