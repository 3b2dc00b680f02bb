import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useConfig } from '../../../lib/config';
import { translateErrorCode } from '../../../lib/i18n';
import { TextAreaField, TextField } from '../../../components/text-field';
import { useAuth } from '../../../lib/session-store';
import { countryName } from '../../../lib/format';
import { issueMessage } from '../model/issue-messages';
import { companyTypeAccepted, companyTypesFor, purposeRules } from '../model/products';
import { classicPath, STEP_FIELDS } from '../model/steps';
import {
  clearServerErrors,
  patchValues,
  setFlags,
  useWizardState,
  useWizardStore,
  type ClassicValues,
} from '../model/wizard-state';
import { ClassicLayout, withStepGuard } from './classic-layout';

type Errors = Record<string, string>;
/** The step validator (the contracts' create-application schema, with zod): loaded on first focus. */
const loadValidation = () => import('../model/step-validation');
const preload = () => void loadValidation().catch(() => undefined);

/** Classic step 3: company details, legal form, business purpose and the loan purpose (spec 1 section 5). */
function CompanyDetailsForm() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const store = useWizardStore();
  const state = useWizardState();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const { values } = state;
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Errors>(() => {
    const fromServer: Errors = {};
    for (const item of state.serverErrors) {
      if (item.field && STEP_FIELDS['company-details'].includes(item.field)) {
        fromServer[item.field === 'purpose_key' ? 'purposeSelect' : item.field] ??= translateErrorCode(
          item.code,
          item.values,
        );
      }
    }
    return fromServer;
  });

  const companyTypes = companyTypesFor(config, values.companyCountry);
  const purpose = purposeRules(config, values.allBanksLoanPurpose, values.purposeSelect);
  const message = (issue: Parameters<typeof issueMessage>[0]) =>
    issueMessage(issue, { config, values, t, language: i18n.language });
  // A legal form the partner does not finance is refused as soon as it is chosen, with the reason.
  const typeRefusal =
    values.companyType && !companyTypeAccepted(config, values.companyCountry, values.companyType)
      ? message({ field: 'companyType', code: 'err_company_type_not_allowed', kind: 'refused' })
      : undefined;

  // The configured default legal form, when none is chosen yet and the country offers it.
  useEffect(() => {
    const fallback = config.app.company_types.default;
    if (!values.companyType && fallback && companyTypes.includes(fallback))
      patchValues(store, { companyType: fallback });
  }, [values.companyType, companyTypes, config.app.company_types.default, store]);

  const set = (field: keyof ClassicValues, value: string) => {
    patchValues(store, { [field]: value });
    clearServerErrors(store, field === 'purposeSelect' ? [field, 'purpose_key'] : [field]);
    setErrors((prev) => {
      if (!(field in prev)) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  };

  const input = (field: keyof ClassicValues) => ({
    id: `wizard-${field}`,
    value: String(values[field] ?? ''),
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
    error: errors[field],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const { validateClassicStep } = await loadValidation();
      const found: Errors = {};
      for (const issue of validateClassicStep(config, 'company-details', values)) {
        found[issue.field] ??= message(issue);
      }
      if (typeRefusal) found.companyType ??= typeRefusal;
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) {
        formRef.current?.querySelector<HTMLElement>(`#wizard-${first}`)?.focus();
        return;
      }
      setFlags(store, { companyDetailsFinished: true });
      navigate(classicPath(isAuthenticated ? 'application-result' : 'account-creation'));
    } finally {
      setPending(false);
    }
  };

  return (
    <ClassicLayout step="company-details">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form ref={formRef} onSubmit={(e) => void submit(e)} onFocus={preload} noValidate>
          <Stack gap="md">
            <Text>{t('application:company_details.intro')}</Text>
            <TextField
              label={t('application:company_details.company_name')}
              required
              autoComplete="organization"
              maxLength={255}
              {...input('companyName')}
            />
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <TextField
                label={t('application:company_details.street')}
                required
                autoComplete="address-line1"
                maxLength={30}
                className="fp-span-2"
                {...input('street')}
              />
              <TextField
                label={t('application:company_details.house_number')}
                required
                maxLength={10}
                {...input('houseNumber')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <TextField
                label={t('application:company_details.postcode')}
                required
                autoComplete="postal-code"
                maxLength={8}
                {...input('companyPostCode')}
              />
              <TextField
                label={t('application:company_details.city')}
                required
                autoComplete="address-level2"
                maxLength={30}
                className="fp-span-2"
                {...input('companyLocation')}
              />
            </SimpleGrid>
            <TextInput
              id="wizard-companyCountry"
              label={t('application:company_details.country')}
              description={t('application:company_details.country_hint')}
              readOnly
              variant="filled"
              value={countryName(values.companyCountry, i18n.language)}
            />
            <NativeSelect
              label={t('application:company_details.company_type')}
              required
              data={[
                { value: '', label: t('wizard:common.choose'), disabled: true },
                ...companyTypes.map((code) => ({
                  value: code,
                  label: t(`application:company_types.${code}`, { defaultValue: code }),
                })),
              ]}
              {...input('companyType')}
              error={errors.companyType ?? typeRefusal}
            />
            <TextField
              label={t('application:company_details.tax_number')}
              // The form of the company's country (tax_number_hint_CH...), else the general one.
              description={t('application:company_details.tax_number_hint', { context: values.companyCountry })}
              maxLength={30}
              {...input('taxIdNumber')}
            />
            <TextAreaField
              label={t('application:company_details.business_purpose')}
              description={t('application:company_details.business_purpose_hint')}
              required
              rows={2}
              maxLength={200}
              {...input('businessPurpose')}
            />
            {purpose.showSelect && (
              <NativeSelect
                label={t('application:company_details.purpose')}
                required
                data={[
                  { value: '', label: t('wizard:common.choose'), disabled: true },
                  ...purpose.purposes.map((p) => ({
                    value: p,
                    label: t(`application:loan_purposes.${p}`, { defaultValue: p }),
                  })),
                ]}
                {...input('purposeSelect')}
              />
            )}
            {purpose.showDescription && (
              <TextAreaField
                label={t('application:company_details.purpose_description')}
                description={t('application:company_details.purpose_description_hint', {
                  chars: values.purposeDescription.trim().length,
                })}
                required
                rows={4}
                maxLength={700}
                {...input('purposeDescription')}
              />
            )}
            <Group justify="space-between" mt="sm">
              <Button component={Link} to={classicPath('company-name')} variant="default">
                {t('wizard:actions.back')}
              </Button>
              <Button type="submit" loading={pending}>
                {t('wizard:actions.next')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </ClassicLayout>
  );
}

export const CompanyDetailsPage = withStepGuard('company-details', CompanyDetailsForm);
