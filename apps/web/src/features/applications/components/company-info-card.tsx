import { updateCompanyTaxIdRequestFor, type Application } from '@finportal/contracts/applications';
import { isClosedStatus } from '@finportal/contracts/statuses';
import { Button, Card, DataList, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfig } from '../../../lib/config';
import { countryName, formatIsoDate } from '../../../lib/format';
import { reportFormError, zodValidate } from '../../../lib/zod-form';
import { useUpdateCompanyTaxId } from '../api/update-company-tax-id';
import { MODAL_PARAM } from '../model/application-tabs';

/** `?modal=tax_id` opens the tax number modal (pending items link here); closing removes it. */
export const TAX_ID_MODAL = 'tax_id';
/** The feature-list item that hides the register-court block (fe_hide_items). */
export const HIDE_CREDIT_AGENCY = 'credit_agency';

/**
 * Company information of the overview (spec 2 sections 2 and 3): name, legal form, address,
 * country, the register-court block (unless hidden by fe_hide_items 'credit_agency') and the
 * company tax number with its modal (needs allowed_updates 'taxIdNumber').
 */
export function CompanyInfoCard({ application }: { application: Application }) {
  const { t, i18n } = useTranslation();
  const { app } = useConfig();
  const headingId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const canEditTaxId = application.allowed_updates.includes('taxIdNumber');
  // A closed application asks for nothing: no tax number button, no "can no longer be changed".
  const closed = isClosedStatus(application.status);
  const showRegister = !app.fe_hide_items.includes(HIDE_CREDIT_AGENCY);
  const modalOpen = canEditTaxId && searchParams.get(MODAL_PARAM) === TAX_ID_MODAL;

  const setModal = (open: boolean) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (open) next.set(MODAL_PARAM, TAX_ID_MODAL);
        else next.delete(MODAL_PARAM);
        return next;
      },
      { replace: true },
    );

  const street = [application.street, application.houseNumber].filter(Boolean).join(' ');
  const city = [application.companyPostCode, application.companyLocation].filter(Boolean).join(' ');
  const legalForm = application.companyType
    ? t(`application:company_types.${application.companyType}`, { defaultValue: application.companyType })
    : null;
  const empty = t('overview:company.not_provided');

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb="sm" id={headingId}>
        {t('overview:company.title')}
      </Title>
      <DataList orientation="vertical" gap="sm" className="fp-data-list">
        <Item label={t('overview:company.name')} value={application.companyName || empty} />
        <Item label={t('overview:company.legal_form')} value={legalForm ?? empty} />
        <Item
          label={t('overview:company.address')}
          value={
            street || city ? (
              <>
                {street && <span style={{ display: 'block' }}>{street}</span>}
                {city && <span style={{ display: 'block' }}>{city}</span>}
              </>
            ) : (
              empty
            )
          }
        />
        <Item label={t('overview:company.country')} value={countryName(application.companyCountry, language)} />
        {showRegister && (
          <>
            <Item label={t('overview:company.register_number')} value={application.hrNumber || empty} />
            <Item
              label={t('overview:company.foundation_date')}
              value={formatIsoDate(application.companyFoundationDate) || empty}
            />
          </>
        )}
        <Item
          label={t('overview:company.tax_number')}
          value={
            <Group gap="sm" wrap="wrap" align="center">
              <span>{application.taxIdNumber || empty}</span>
              {!closed && (
                <Button
                  size="xs"
                  variant="outline"
                  disabled={!canEditTaxId}
                  onClick={() => setModal(true)}
                  aria-label={
                    application.taxIdNumber
                      ? t('overview:company.tax_id.change_label')
                      : t('overview:company.tax_id.add_label')
                  }
                >
                  {application.taxIdNumber ? t('overview:company.tax_id.change') : t('overview:company.tax_id.add')}
                </Button>
              )}
            </Group>
          }
        />
      </DataList>
      {!canEditTaxId && !closed && (
        <Text size="sm" c="dimmed" mt="sm">
          {t('overview:company.tax_id.locked')}
        </Text>
      )}
      <Modal
        opened={modalOpen}
        onClose={() => setModal(false)}
        title={t('overview:company.tax_id.modal_title')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
        centered
      >
        {modalOpen && <TaxIdForm application={application} onDone={() => setModal(false)} />}
      </Modal>
    </Card>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}

interface TaxIdValues {
  taxIdNumber: string;
}

function TaxIdForm({ application, onDone }: { application: Application; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<TaxIdValues>({
    mode: 'uncontrolled',
    initialValues: { taxIdNumber: application.taxIdNumber ?? '' },
    validate: zodValidate(updateCompanyTaxIdRequestFor(application.companyCountry)),
    validateInputOnBlur: true,
  });
  const save = useUpdateCompanyTaxId(application.applicationId, { onSaved: onDone });
  const submit = (values: TaxIdValues) =>
    save.mutate(
      { taxIdNumber: values.taxIdNumber.trim() },
      { onError: (error) => reportFormError(form, error, ['taxIdNumber'], t('overview:errors.error_try_again')) },
    );
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('overview:company.tax_id.modal_text')}</Text>
        <TextInput
          label={t('overview:company.tax_id.label')}
          description={t('overview:company.tax_id.hint', { context: application.companyCountry ?? undefined })}
          required
          data-autofocus
          autoComplete="off"
          key={form.key('taxIdNumber')}
          {...form.getInputProps('taxIdNumber')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="outline" onClick={onDone} disabled={save.isPending}>
            {t('overview:company.tax_id.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('overview:company.tax_id.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
