import type { Application } from '@finportal/contracts/applications';
import { NEW_COMPANY_FIELDS } from '@finportal/contracts/new-company-rules';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusField } from '../../../lib/focus-field';
import { useRuleForm } from '../../../lib/use-rule-form';
import { reportFormError } from '../../../lib/zod-form';
import { existingCompanyId, useAddDebitor, type DebitorCompany } from '../api/save-debitor';
import {
  addDebitorIssues,
  emptyAddValues,
  prefillNewCompany,
  toAddWire,
  type AddDebitorWire,
} from '../model/debitor-form';
import { DebitorCompanySearch } from './debitor-company-search';
import { debitorFieldId, DebitorSalesFields } from './debitor-sales-fields';
import { NewCompanyFields } from './new-company-fields';

/** The fields a server error may name (the new company's are renamed to the form's where they differ). */
const FORM_FIELDS = ['company_id', 'annual_sales_previous_year', 'currency', ...NEW_COMPANY_FIELDS];
const RENAME = { external_provider_company_id: 'company_id', external_provider_name: 'company_id' };

/**
 * Adding a debtor (spec 2 sections 2, 3, 5 and 7): the company found in the debtor search, or
 * typed in as a new company ("company not found?"), with last year's sales and their currency.
 * The rules judge everything before anything is sent. A new company (and a hit of the insurer) is
 * created first (POST .../companies), then the debtor is added (POST .../factoring/debitors).
 */
export function AddDebitorModal({
  application,
  insurer,
  opened,
  onClose,
}: {
  application: Application;
  insurer: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['factoring']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('factoring:debitor_form.title_add')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      {opened && <AddDebitorForm application={application} insurer={insurer} onClose={onClose} />}
    </Modal>
  );
}

function AddDebitorForm({
  application,
  insurer,
  onClose,
}: {
  application: Application;
  insurer: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['factoring']);
  const idPrefix = useId();
  const [initial] = useState(() => emptyAddValues(application.companyCountry || 'DE', application.currency));
  const form = useRuleForm(initial, toAddWire, addDebitorIssues);
  const add = useAddDebitor(application.applicationId, { onSaved: onClose });
  /** A company created by an earlier try (its debtor call failed): added by its id now. */
  const [created, setCreated] = useState<{ key: string; id: string } | null>(null);
  /** The typed company is one we know already: offered instead. */
  const [known, setKnown] = useState<string | null>(null);
  const typed = form.values.mode === 'new';

  const send = (company: DebitorCompany, wire: AddDebitorWire) =>
    add.mutate(
      {
        company,
        debitor: {
          annual_sales_previous_year: wire.annual_sales_previous_year as number,
          currency: wire.currency as string,
        },
      },
      {
        onError: (error) => {
          const existing = existingCompanyId(error);
          if (existing) {
            setKnown(existing);
            return;
          }
          reportFormError(
            { setFieldError: form.setServerError },
            error,
            FORM_FIELDS,
            t('factoring:debitor_form.save_failed'),
            t('factoring:form.fix_fields'),
            RENAME,
          );
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setKnown(null);
    const first = form.attemptSubmit();
    if (first) {
      focusField(debitorFieldId(idPrefix, first));
      return;
    }
    const { company } = form.wire;
    if (!company) return;
    if (company.kind === 'id') return send(company, form.wire);
    const key = JSON.stringify(company.body);
    if (created?.key === key) return send({ kind: 'id', company_id: created.id }, form.wire);
    send(
      {
        kind: 'create',
        body: company.body,
        reuseExisting: company.provider,
        onCreated: (id) => setCreated({ key, id }),
      },
      form.wire,
    );
  };

  const switchMode = (mode: 'search' | 'new') => {
    if (mode === 'new') {
      for (const [field, value] of Object.entries(prefillNewCompany(form.values))) {
        form.setValue(field as keyof typeof form.values, value as never);
      }
    }
    form.setValue('mode', mode);
    setKnown(null);
    requestAnimationFrame(() => focusField(debitorFieldId(idPrefix, mode === 'new' ? 'companyName' : 'company_id')));
  };

  const companyError = typed ? form.errorOf('company_id') : undefined;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text size="sm">{t('factoring:debitor_form.intro_add')}</Text>
        <section aria-labelledby={`${idPrefix}-company`}>
          <Title order={3} size="h5" mb="sm" id={`${idPrefix}-company`}>
            {typed ? t('factoring:new_company.title') : t('factoring:search.title')}
          </Title>
          {typed ? (
            <Stack gap="sm">
              {companyError && (
                <Text size="sm" c="red.8" role="alert">
                  {companyError}
                </Text>
              )}
              <NewCompanyFields form={form} idPrefix={idPrefix} />
              <div>
                <Button variant="subtle" px={0} onClick={() => switchMode('search')}>
                  {t('factoring:new_company.back')}
                </Button>
              </div>
            </Stack>
          ) : (
            <DebitorCompanySearch
              form={form}
              idPrefix={idPrefix}
              insurer={insurer}
              onNotFound={() => switchMode('new')}
            />
          )}
        </section>
        <section aria-labelledby={`${idPrefix}-sales`}>
          <Title order={3} size="h5" mb="sm" id={`${idPrefix}-sales`}>
            {t('factoring:debitor_form.sales_title')}
          </Title>
          <DebitorSalesFields form={form} idPrefix={idPrefix} />
        </section>
        {known && (
          <Alert color="orange" variant="light" role="alert" title={t('factoring:new_company.exists_title')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('factoring:new_company.exists_text')}</Text>
              <Button
                size="xs"
                variant="outline"
                loading={add.isPending}
                onClick={() => send({ kind: 'id', company_id: known }, form.wire)}
              >
                {t('factoring:new_company.use_known')}
              </Button>
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="outline" onClick={onClose} disabled={add.isPending}>
            {t('factoring:form.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('factoring:debitor_form.save_add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
