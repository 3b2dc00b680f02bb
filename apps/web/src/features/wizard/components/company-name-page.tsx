import type { CompanySearchResult } from '@finportal/contracts/company-search';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useConfig } from '../../../lib/config';
import { translateErrorCode } from '../../../lib/i18n';
import { issueMessage } from '../../../lib/zod-form';
import { companyFromResult, hasPickedCompany, NO_COMPANY_IDS } from '../model/company';
import { loadCompanySchemas } from '../model/schemas';
import { classicPath } from '../model/steps';
import { clearServerErrors, patchValues, setFlags, useWizardState, useWizardStore } from '../model/wizard-state';
import { ClassicLayout, withStepGuard } from './classic-layout';
import { CompanySearch } from './company-search';

const preload = () => void loadCompanySchemas().catch(() => undefined);

/** Classic step 2: company search; a hit fills the company details, or the typed name is entered manually. */
function CompanyNameForm() {
  const { t } = useTranslation();
  const config = useConfig();
  const store = useWizardStore();
  const state = useWizardState();
  const navigate = useNavigate();
  const { values } = state;
  const [error, setError] = useState<string | undefined>(() => {
    const item = state.serverErrors.find((e) => e.field === 'companyName');
    return item ? translateErrorCode(item.code, item.values) : undefined;
  });
  const picked = hasPickedCompany(values);

  const change = (companyName: string) => {
    // A changed name no longer names the picked company.
    patchValues(store, { companyName, ...(picked ? NO_COMPANY_IDS : {}) });
    clearServerErrors(store, ['companyName']);
    setError(undefined);
  };

  const pick = (company: CompanySearchResult) => {
    patchValues(store, companyFromResult(company, config, values.companyCountry));
    clearServerErrors(store, ['companyName']);
    setFlags(store, { companyNameFinished: true, companyDetailsFinished: false });
    navigate(classicPath('company-details'));
  };

  /** Continue with the typed name (manual entry) or with the picked company. */
  const proceed = async (manual: boolean) => {
    const { companyNameSchema } = await loadCompanySchemas();
    const result = companyNameSchema.safeParse(values.companyName);
    if (!result.success) {
      setError(issueMessage(result.error.issues[0]!));
      document.getElementById('wizard-company-name')?.focus();
      return;
    }
    patchValues(store, { companyName: result.data, ...(manual ? NO_COMPANY_IDS : {}) });
    setFlags(store, { companyNameFinished: true, ...(manual ? { companyDetailsFinished: false } : {}) });
    navigate(classicPath('company-details'));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Enter in the search field does not skip the search: manual entry is the explicit link.
    if (picked) void proceed(false);
  };

  return (
    <ClassicLayout step="company-name">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} onFocus={preload} noValidate>
          <Stack gap="lg">
            <Text>{t('application:company_name.intro')}</Text>
            <CompanySearch
              id="wizard-company-name"
              label={t('application:company_name.search_label')}
              value={values.companyName}
              onChange={change}
              country={values.companyCountry}
              onPick={pick}
              selectedId={values.company_id ?? values.external_provider_company_id}
              error={error}
            />
            <Text size="sm">
              {t('application:company_name.not_found')}{' '}
              <Anchor component="button" type="button" onClick={() => void proceed(true)} inherit>
                {t('application:company_name.enter_manually')}
              </Anchor>
            </Text>
            <Group justify="space-between">
              <Button component={Link} to={classicPath('loan-info')} variant="default">
                {t('wizard:actions.back')}
              </Button>
              {picked && <Button type="submit">{t('wizard:actions.next')}</Button>}
            </Group>
          </Stack>
        </form>
      </Paper>
    </ClassicLayout>
  );
}

export const CompanyNamePage = withStepGuard('company-name', CompanyNameForm);
