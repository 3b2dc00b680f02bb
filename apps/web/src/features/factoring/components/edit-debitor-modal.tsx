import type { Debitor } from '@finportal/contracts/debitors';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusField } from '../../../lib/focus-field';
import { useRuleForm } from '../../../lib/use-rule-form';
import { reportFormError } from '../../../lib/zod-form';
import { useUpdateDebitor } from '../api/save-debitor';
import { editDebitorIssues, salesWire, type SalesValues } from '../model/debitor-form';
import { debitorFieldId, DebitorSalesFields } from './debitor-sales-fields';

/** Changing a debtor's annual sales and currency (PATCH); the company stays. */
export function EditDebitorModal({
  applicationId,
  debitor,
  onClose,
}: {
  applicationId: string;
  debitor: Debitor | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['factoring']);
  return (
    <Modal
      opened={debitor !== null}
      onClose={onClose}
      title={debitor ? t('factoring:debitor_form.title_edit', { name: debitor.company.company_name }) : ''}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      {debitor && <EditDebitorForm applicationId={applicationId} debitor={debitor} onClose={onClose} />}
    </Modal>
  );
}

function EditDebitorForm({
  applicationId,
  debitor,
  onClose,
}: {
  applicationId: string;
  debitor: Debitor;
  onClose: () => void;
}) {
  const { t } = useTranslation(['factoring']);
  const idPrefix = useId();
  const [initial] = useState<SalesValues>(() => ({
    annual_sales_previous_year: debitor.annual_sales_previous_year,
    currency: debitor.currency,
  }));
  const form = useRuleForm(initial, salesWire, editDebitorIssues);
  const update = useUpdateDebitor(applicationId, { onSaved: onClose });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const first = form.attemptSubmit();
    if (first) {
      focusField(debitorFieldId(idPrefix, first));
      return;
    }
    update.mutate(
      {
        debitorId: debitor.debitor_id,
        body: {
          annual_sales_previous_year: form.wire.annual_sales_previous_year as number,
          currency: form.wire.currency as string,
        },
      },
      {
        onError: (error) =>
          reportFormError(
            { setFieldError: form.setServerError },
            error,
            ['annual_sales_previous_year', 'currency'],
            t('factoring:debitor_form.save_failed'),
            t('factoring:form.fix_fields'),
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text size="sm">{t('factoring:debitor_form.intro_edit')}</Text>
        <DebitorSalesFields form={form} idPrefix={idPrefix} />
        <Group justify="flex-end" gap="sm">
          <Button variant="outline" onClick={onClose} disabled={update.isPending}>
            {t('factoring:form.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('factoring:form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
