import type { CompanyDebitorEntry, CompanyDetailsResponse } from '@finportal/contracts/companies';
import { COVER_STATUS_COLOURS } from '@finportal/contracts/debitor-rules';
import {
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Card,
  Container,
  DataList,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorPage } from '../../../components/error-page';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PageTitle } from '../../../components/page-title';
import { countryName, formatMoney } from '../../../lib/format';
import { useCompany } from '../api/get-company';
import '../../../components/card-grid.css';

/**
 * The company route (spec 2 section 2, "a company route with parameter companyId", linked from a
 * debtor row when the partner configures it): the company's details as the portal knows them and
 * the applications it is a debtor in. A company the user may not see, or that does not exist, is
 * "not found" (the API answers 404 either way).
 */
export function CompanyPage() {
  const { companyId = '' } = useParams();
  const { t } = useTranslation();
  const company = useCompany(companyId);

  if (company.error) {
    return <ErrorPage status={404} title={t('companies:not_found.title')} subtitle={t('companies:not_found.text')} />;
  }
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Box component="nav" aria-label={t('companies:breadcrumb_label')} mb="md">
        <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
          <Anchor component={Link} to="/dashboard/applications">
            {t('companies:breadcrumb_loans')}
          </Anchor>
          <Text span aria-current="page" style={{ overflowWrap: 'anywhere' }}>
            {company.data?.company_name ?? t('companies:title_loading')}
          </Text>
        </Breadcrumbs>
      </Box>
      {company.data ? <LoadedCompany company={company.data} /> : <CompanySkeleton />}
    </Container>
  );
}

function CompanySkeleton() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('companies:title_loading')} />
      <LoadingSkeleton>
        <div className="fp-card-grid">
          <Skeleton height={260} radius="md" />
          <Skeleton height={160} radius="md" />
        </div>
      </LoadingSkeleton>
    </>
  );
}

function LoadedCompany({ company }: { company: CompanyDetailsResponse }) {
  return (
    <Stack gap="lg">
      <PageTitle title={company.company_name} mb={0} />
      <div className="fp-card-grid">
        <DetailsCard company={company} />
        <DebitorInCard entries={company.debitor_in} />
      </div>
    </Stack>
  );
}

function DetailsCard({ company }: { company: CompanyDetailsResponse }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  const empty = t('companies:details.not_provided');
  const street = [company.street, company.houseNumber].filter(Boolean).join(' ');
  const city = [company.companyPostCode, company.companyLocation].filter(Boolean).join(' ');
  const legalForm = company.companyType
    ? t(`application:company_types.${company.companyType}`, { defaultValue: company.companyType })
    : empty;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb="sm" id={headingId}>
        {t('companies:details.title')}
      </Title>
      <DataList orientation="vertical" gap="sm">
        <Item label={t('companies:details.legal_form')} value={legalForm} />
        <Item
          label={t('companies:details.address')}
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
        <Item label={t('companies:details.country')} value={countryName(company.company_country, language)} />
        <Item label={t('companies:details.register_number')} value={company.hrNumber || empty} />
        <Item label={t('companies:details.tax_number')} value={company.taxIdNumber || empty} />
        <Item
          label={t('companies:details.credit_insurer')}
          value={
            company.is_known_to_credit_insurer
              ? t('companies:details.insurer_known', { id: company.external_provider_company_id })
              : t('companies:details.insurer_unknown')
          }
        />
      </DataList>
    </Card>
  );
}

function DebitorInCard({ entries }: { entries: CompanyDebitorEntry[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb="sm" id={headingId}>
        {t('companies:debitor_in.title')}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm">{t('companies:debitor_in.none')}</Text>
      ) : (
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <DebitorEntry key={entry.debitor_id} entry={entry} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function DebitorEntry({ entry }: { entry: CompanyDebitorEntry }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const status = entry.cover_status;
  return (
    <Stack component="li" gap={4} align="flex-start">
      <Anchor component={Link} to={`/dashboard/applications/${entry.applicationId}?tab=factoring`} fw={600}>
        {t('companies:debitor_in.application', { id: entry.shortApplicationId })}
      </Anchor>
      <Text size="sm">
        {t('companies:debitor_in.sales', {
          amount: formatMoney(entry.annual_sales_previous_year, entry.currency, language),
        })}
      </Text>
      {status ? (
        <Badge variant="light" color={COVER_STATUS_COLOURS[status]} tt="none">
          {t('companies:debitor_in.cover', { status: t(`factoring:cover.status.${status}`) })}
        </Badge>
      ) : (
        <Text size="sm">{t('companies:debitor_in.no_cover')}</Text>
      )}
    </Stack>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
