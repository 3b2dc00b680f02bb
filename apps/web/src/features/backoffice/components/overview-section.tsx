import type { CaseDetail } from '@finportal/contracts/backoffice';
import type { CustomFieldEntry } from '@finportal/contracts/applications';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryName, formatIsoDate } from '../../../lib/format';
import { currentLanguage, translateErrorCode } from '../../../lib/i18n';
import { formatDateTime, formatExactAmount, formatRate, groupIban } from '../model/display';
import { Facts, SectionCard, useYesNo } from './facts';

/** The borrower's company, the application, the bank data, custom fields and the appointment. */
export function OverviewSection({ detail }: { detail: CaseDetail }) {
  return (
    <Stack gap="md">
      <CompanyCard detail={detail} />
      <ApplicationCard detail={detail} />
      <BankCard detail={detail} />
      <CustomFieldsCard detail={detail} />
      <AppointmentCard detail={detail} />
    </Stack>
  );
}

function CompanyCard({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice', 'overview', 'application']);
  const a = detail.application;
  const language = currentLanguage();
  const street = [a.street, a.houseNumber].filter(Boolean).join(' ');
  const city = [a.companyPostCode, a.companyLocation].filter(Boolean).join(' ');
  return (
    <SectionCard title={t('overview:company.title')}>
      <Facts
        facts={[
          { label: t('overview:company.name'), value: a.companyName },
          {
            label: t('overview:company.legal_form'),
            value: a.companyType && t(`application:company_types.${a.companyType}`, { defaultValue: a.companyType }),
          },
          { label: t('overview:company.address'), value: [street, city].filter(Boolean).join(', ') },
          { label: t('overview:company.country'), value: countryName(a.companyCountry, language) },
          { label: t('overview:company.register_number'), value: a.hrNumber },
          { label: t('overview:company.foundation_date'), value: formatIsoDate(a.companyFoundationDate) },
          { label: t('overview:company.tax_number'), value: a.taxIdNumber },
        ]}
      />
    </SectionCard>
  );
}

function ApplicationCard({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice', 'overview', 'application', 'common']);
  const a = detail.application;
  const language = currentLanguage();
  const money = (value: number | null | undefined) =>
    value === null || value === undefined ? null : formatExactAmount(value, a.currency, language);
  const duration =
    a.loanDuration === null
      ? null
      : a.display_duration_unit === 'years'
        ? t('overview:offer.years', { count: a.loanDuration / 12 })
        : t('overview:offer.months', { count: a.loanDuration });
  const offer = a.pricing;
  const rates = offer ? [offer.offer_rate_low, offer.offer_rate_high].map((r) => formatRate(r, language)) : null;
  return (
    <SectionCard title={t('backoffice:case.application')}>
      <Facts
        facts={[
          { label: t('backoffice:case.short_id'), value: detail.short_id },
          { label: t('backoffice:case.loan_type'), value: t(`backoffice:loan_types.${a.allBanksLoanPurpose}`) },
          {
            label: t('backoffice:case.product'),
            value: t(`backoffice:products.${detail.product_type}`, { defaultValue: detail.product_type }),
          },
          ...(a.factoring
            ? [
                { label: t('overview:offer.factoring_limit'), value: money(a.factoring.factoring_limit) },
                {
                  label: t('overview:offer.factoring_fee'),
                  value:
                    a.factoring.factoring_fee_rate === null
                      ? null
                      : formatRate(a.factoring.factoring_fee_rate, language),
                },
              ]
            : [
                { label: t('overview:offer.loan_amount'), value: money(a.loanSize) },
                { label: t('overview:offer.duration'), value: duration },
              ]),
          {
            label: t('backoffice:case.purpose'),
            value:
              a.purposeSelect && t(`application:loan_purposes.${a.purposeSelect}`, { defaultValue: a.purposeSelect }),
          },
          ...(offer
            ? [
                {
                  label: t('backoffice:case.indicative_rate'),
                  value: offer.offer_is_range && rates![0] !== rates![1] ? `${rates![0]} – ${rates![1]}` : rates![0],
                },
                { label: t('overview:offer.monthly_rate'), value: money(offer.monthly_payment) },
                { label: t('overview:offer.transaction_fee'), value: money(offer.total_transaction_fee) },
              ]
            : []),
          { label: t('backoffice:case.created'), value: formatDateTime(detail.created_at, language) },
          {
            label: t('backoffice:case.submitted'),
            value: detail.submitted_at && formatDateTime(detail.submitted_at, language),
          },
          { label: t('backoffice:case.owner'), value: detail.owner.email },
          {
            label: t('backoffice:case.owner_language'),
            value: t(`common:language_names.${detail.owner.communication_language}`, {
              defaultValue: detail.owner.communication_language,
            }),
          },
          ...(a.rejection_reason
            ? [
                {
                  label: t('overview:closed.reason'),
                  value: a.rejection_reason.startsWith('err_')
                    ? translateErrorCode(a.rejection_reason, a.rejection_values ?? undefined)
                    : a.rejection_reason,
                },
              ]
            : []),
        ]}
      />
    </SectionCard>
  );
}

function BankCard({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['bank-info']);
  const { bankName, iban } = detail.application;
  return (
    <SectionCard title={t('bank-info:title')}>
      <Facts
        facts={[
          { label: t('bank-info:bank_name'), value: bankName },
          { label: t('bank-info:iban'), value: iban && <span className="fp-bo-mono">{groupIban(iban)}</span> },
        ]}
      />
    </SectionCard>
  );
}

function customValue(value: CustomFieldEntry['field_value'], yesNo: (v: boolean) => string | null): string | null {
  if (value === null || value === '') return null;
  if (typeof value === 'boolean') return yesNo(value);
  return String(value);
}

function CustomFieldsCard({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice']);
  const yesNo = useYesNo();
  const { custom_fields_list: own, company_custom_fields: company } = detail.application;
  const rows = [
    ...own.map((entry) => ({ entry, scope: t('backoffice:case.custom_scope_application') })),
    ...company.map((entry) => ({ entry, scope: t('backoffice:case.custom_scope_company') })),
  ];
  return (
    <SectionCard title={t('backoffice:case.custom_fields')}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backoffice:case.custom_fields_none')}
        </Text>
      ) : (
        <Facts
          facts={rows.map(({ entry, scope }) => ({
            label: `${entry.field_id} (${scope})`,
            value: customValue(entry.field_value, yesNo),
          }))}
        />
      )}
    </SectionCard>
  );
}

function AppointmentCard({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice', 'appointments']);
  const language = currentLanguage();
  const appointment = detail.appointment;
  return (
    <SectionCard title={t('backoffice:case.appointment')}>
      {appointment ? (
        <Facts
          facts={[
            {
              label: t('backoffice:case.appointment_when'),
              value: `${formatDateTime(appointment.meeting_time, language, appointment.time_zone)} (${appointment.time_zone})`,
            },
            {
              label: t('appointments:fields.meeting_type'),
              value: t(`appointments:types.${appointment.meeting_type}`),
            },
            {
              label: t('backoffice:case.appointment_status'),
              value: t(`backoffice:appointment_status.${appointment.status}`),
            },
            { label: t('backoffice:case.appointment_advisor'), value: appointment.advisor?.name },
            {
              label: t('backoffice:case.appointment_contact'),
              value: `${appointment.first_name} ${appointment.last_name}, ${appointment.contact_email}, ${appointment.contact_phone}`,
            },
            { label: t('backoffice:case.appointment_notes'), value: appointment.notes },
          ]}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('backoffice:case.appointment_none')}
        </Text>
      )}
    </SectionCard>
  );
}
