import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useEffect, useLayoutEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useConfig, type PortalConfig } from '../../../lib/config';
import { translateErrorCode } from '../../../lib/i18n';
import { useAuth } from '../../../lib/session-store';
import { useStore } from '../../../lib/store';
import { resetCreation } from '../model/creation';
import { focusField } from '../model/focus';
import { countryName, formatMoney } from '../model/format';
import { clamp, DEFAULTS, loanLimits, loanTypesFor } from '../model/products';
import { PREFILL_PARAMS, storeReferral } from '../model/referral';
import { classicPath } from '../model/steps';
import { clearServerErrors, patchValues, setFlags, useWizardStore, type ClassicValues } from '../model/wizard-state';
import { ChoiceGroup } from './choice-group';
import { ClassicLayout } from './classic-layout';
import { NumberField } from './number-field';
import { RangeSlider } from './range-slider';

type LoanInfoField =
  | 'companyCountry'
  | 'allBanksLoanPurpose'
  | 'loanSize'
  | 'loanDuration'
  | 'currency'
  | 'factoring_limit'
  | 'has_international_customers'
  | 'annual_sales_previous_year';
type Errors = Partial<Record<LoanInfoField, string>>;

const IDS: Record<LoanInfoField, string> = {
  companyCountry: 'wizard-country',
  allBanksLoanPurpose: 'wizard-loan-type',
  loanSize: 'wizard-amount',
  loanDuration: 'wizard-duration',
  currency: 'wizard-currency',
  factoring_limit: 'wizard-factoring-limit',
  has_international_customers: 'wizard-international',
  annual_sales_previous_year: 'wizard-annual-sales',
};

const positiveInt = (raw: string | null) => {
  if (!raw || !/^\d{1,12}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return value > 0 ? value : null;
};

/**
 * The values the step starts with: empty or no longer valid values get the defaults (first
 * country, first loan type of the country, config default currency, 100000 / 48 within the
 * product limits), then the link's query parameters apply. Pure.
 */
export function loanInfoStart(current: ClassicValues, config: PortalConfig, params: URLSearchParams): ClassicValues {
  const { countries, currencies } = config.app;
  const values = { ...current };
  const country = params.get('country')?.toUpperCase();
  if (country && countries.includes(country)) values.companyCountry = country;
  if (!countries.includes(values.companyCountry)) values.companyCountry = countries[0] ?? '';

  const types = loanTypesFor(config, values.companyCountry);
  const loanType = params.get('loan_type');
  if (loanType && (types as string[]).includes(loanType)) values.allBanksLoanPurpose = loanType;
  if (!(types as string[]).includes(values.allBanksLoanPurpose)) values.allBanksLoanPurpose = types[0] ?? '';

  const currency = params.get('currency')?.toUpperCase();
  if (currency && (currencies.supported as string[]).includes(currency)) values.currency = currency;
  if (!(currencies.supported as string[]).includes(values.currency)) values.currency = currencies.default;

  const limits = loanLimits(config, values.allBanksLoanPurpose);
  const amount = positiveInt(params.get('loan_amount'));
  const duration = positiveInt(params.get('loan_duration'));
  if (amount !== null) values.loanSize = clamp(amount, limits.amount);
  if (duration !== null) values.loanDuration = clamp(duration, limits.duration);
  values.loanSize ??= clamp(DEFAULTS.loanSize, limits.amount);
  values.loanDuration ??= clamp(DEFAULTS.loanDuration, limits.duration);
  return values;
}

function validate(values: ClassicValues, config: PortalConfig, t: TFunction, language: string): Errors {
  const errors: Errors = {};
  const required = translateErrorCode('err_required');
  if (!config.app.countries.includes(values.companyCountry)) errors.companyCountry = required;
  if (!(loanTypesFor(config, values.companyCountry) as string[]).includes(values.allBanksLoanPurpose)) {
    errors.allBanksLoanPurpose = required;
  }
  if (!(config.app.currencies.supported as string[]).includes(values.currency)) errors.currency = required;
  if (values.allBanksLoanPurpose === 'factoring') {
    if (values.factoring_limit === null) errors.factoring_limit = required;
    else if (values.factoring_limit <= 0) errors.factoring_limit = t('wizard:loan_info.errors.positive_amount');
    if (values.has_international_customers === null) errors.has_international_customers = required;
    if (values.annual_sales_previous_year === null) errors.annual_sales_previous_year = required;
    else if (values.annual_sales_previous_year <= 0) {
      errors.annual_sales_previous_year = t('wizard:loan_info.errors.positive_amount');
    }
    return errors;
  }
  const { amount, duration } = loanLimits(config, values.allBanksLoanPurpose);
  const money = (n: number) => formatMoney(n, values.currency || config.app.currencies.default, language);
  if (values.loanSize === null) errors.loanSize = required;
  else if (values.loanSize < amount.min || values.loanSize > amount.max) {
    errors.loanSize = t('wizard:loan_info.errors.amount_range', { min: money(amount.min), max: money(amount.max) });
  }
  if (values.loanDuration === null) errors.loanDuration = required;
  else if (values.loanDuration < duration.min || values.loanDuration > duration.max) {
    errors.loanDuration = t('wizard:loan_info.errors.duration_range', { min: duration.min, max: duration.max });
  }
  return errors;
}

/** Classic step 1: country, loan type, amount and duration (or the factoring questions), currency. */
export function LoanInfoPage() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const { app } = config;
  const store = useWizardStore();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  // (No useSearchParams: it would pull react-router's URLSearchParams check into the entry bundle.)
  const location = useLocation();
  const [searchParams] = useState(() => new URLSearchParams(location.search));
  const [initial] = useState(() => loanInfoStart(store.get().values, config, searchParams));
  const state = useStore(store);
  // Until the start values are stored (before the first paint) the step shows them directly; a
  // stored wizard always has a country.
  const values = state.values.companyCountry ? state.values : initial;
  const [errors, setErrors] = useState<Errors>(() => {
    const fromServer: Errors = {};
    for (const item of state.serverErrors) {
      const field = item.field as LoanInfoField | undefined;
      if (field && field in IDS) fromServer[field] ??= translateErrorCode(item.code, item.values);
    }
    return fromServer;
  });

  // Before the first paint: the start values become the wizard state, the link's parameters are kept.
  useLayoutEffect(() => {
    patchValues(store, initial);
    storeReferral(config.partnerKey, searchParams);
    // Once, on entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    resetCreation();
    // The link's parameters are applied and kept: take them out of the address (a reload keeps edits).
    if (PREFILL_PARAMS.some((p) => searchParams.has(p))) {
      const rest = new URLSearchParams(searchParams);
      PREFILL_PARAMS.forEach((p) => rest.delete(p));
      const search = rest.toString();
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        {
          replace: true,
          state: location.state,
        },
      );
    }
    // Once, on entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const set = (patch: Partial<ClassicValues>) => {
    patchValues(store, patch);
    const fields = Object.keys(patch);
    clearServerErrors(store, fields);
    setErrors((prev) => {
      const next = { ...prev };
      for (const f of fields) delete next[f as LoanInfoField];
      return next;
    });
  };

  const loanTypes = loanTypesFor(config, values.companyCountry);
  const factoring = values.allBanksLoanPurpose === 'factoring';
  const limits = loanLimits(config, values.allBanksLoanPurpose);
  const customized = limits.amount.max > limits.amount.sliderMax;
  const currency = values.currency || app.currencies.default;
  const money = (n: number) => formatMoney(n, currency, i18n.language);

  const changeCountry = (country: string) => {
    const types = loanTypesFor(config, country) as string[];
    const loanType = types.includes(values.allBanksLoanPurpose) ? values.allBanksLoanPurpose : (types[0] ?? '');
    changeLoanType(loanType, { companyCountry: country });
  };

  const changeLoanType = (loanType: string, extra: Partial<ClassicValues> = {}) => {
    const next = loanLimits(config, loanType);
    set({
      ...extra,
      allBanksLoanPurpose: loanType,
      loanSize: values.loanSize === null ? null : clamp(values.loanSize, next.amount),
      loanDuration: values.loanDuration === null ? null : clamp(values.loanDuration, next.duration),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values, config, t, i18n.language);
    setErrors(found);
    const first = (Object.keys(IDS) as LoanInfoField[]).find((f) => found[f]);
    if (first) {
      focusField(IDS[first]);
      return;
    }
    const changedScope =
      initial.companyCountry !== values.companyCountry || initial.allBanksLoanPurpose !== values.allBanksLoanPurpose;
    setFlags(store, { loanInfoFinished: true, ...(changedScope ? { companyDetailsFinished: false } : {}) });
    navigate(classicPath('company-name'));
  };

  return (
    <ClassicLayout step="loan-info">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <Text>{t('wizard:loan_info.intro')}</Text>
            <div className="fp-two-columns">
              <NativeSelect
                id={IDS.companyCountry}
                label={t('wizard:loan_info.country')}
                required
                data={app.countries.map((code) => ({ value: code, label: countryName(code, i18n.language) }))}
                value={values.companyCountry}
                onChange={(e) => changeCountry(e.currentTarget.value)}
                error={errors.companyCountry}
              />
              <NativeSelect
                id={IDS.allBanksLoanPurpose}
                label={t('wizard:loan_info.loan_type')}
                required
                data={loanTypes.map((type) => ({ value: type, label: t(`wizard:loan_types.${type}`) }))}
                value={values.allBanksLoanPurpose}
                onChange={(e) => changeLoanType(e.currentTarget.value)}
                error={errors.allBanksLoanPurpose}
              />
            </div>

            {factoring ? (
              <>
                <NumberField
                  id={IDS.factoring_limit}
                  label={t('wizard:loan_info.factoring_limit')}
                  description={t('wizard:loan_info.factoring_limit_hint')}
                  required
                  unit={currency}
                  value={values.factoring_limit}
                  onChange={(v) => set({ factoring_limit: v })}
                  error={errors.factoring_limit}
                />
                <NumberField
                  id={IDS.annual_sales_previous_year}
                  label={t('wizard:loan_info.annual_sales')}
                  required
                  unit={currency}
                  value={values.annual_sales_previous_year}
                  onChange={(v) => set({ annual_sales_previous_year: v })}
                  error={errors.annual_sales_previous_year}
                />
                <ChoiceGroup
                  id={IDS.has_international_customers}
                  label={t('wizard:loan_info.international_customers')}
                  required
                  options={[
                    { value: 'yes', label: t('wizard:common.yes') },
                    { value: 'no', label: t('wizard:common.no') },
                  ]}
                  value={
                    values.has_international_customers === null ? '' : values.has_international_customers ? 'yes' : 'no'
                  }
                  onChange={(v) => set({ has_international_customers: v === 'yes' })}
                  error={errors.has_international_customers}
                />
              </>
            ) : (
              <>
                <Stack gap={6}>
                  <NumberField
                    id={IDS.loanSize}
                    label={t('wizard:loan_info.amount')}
                    description={customized ? undefined : t('wizard:loan_info.amount_slider_only')}
                    required
                    disabled={!customized}
                    unit={currency}
                    value={values.loanSize}
                    onChange={(v) => set({ loanSize: v })}
                    error={errors.loanSize}
                  />
                  <RangeSlider
                    label={t('wizard:loan_info.amount')}
                    min={limits.amount.min}
                    max={limits.amount.sliderMax}
                    step={limits.amount.step}
                    value={values.loanSize ?? limits.amount.min}
                    onChange={(v) => set({ loanSize: v })}
                    valueText={money}
                  />
                  <Group justify="space-between" gap="xs">
                    <Text size="sm" c="gray.7">
                      {money(limits.amount.min)}
                    </Text>
                    <Text size="sm" c="gray.7">
                      {money(limits.amount.sliderMax)}
                    </Text>
                  </Group>
                </Stack>
                <Stack gap={6}>
                  <NumberField
                    id={IDS.loanDuration}
                    label={t('wizard:loan_info.duration')}
                    required
                    unit={t('wizard:common.months_unit')}
                    maxDigits={3}
                    value={values.loanDuration}
                    onChange={(v) => set({ loanDuration: v })}
                    error={errors.loanDuration}
                  />
                  <RangeSlider
                    label={t('wizard:loan_info.duration')}
                    min={limits.duration.min}
                    max={limits.duration.sliderMax}
                    step={limits.duration.step}
                    value={values.loanDuration ?? limits.duration.min}
                    onChange={(v) => set({ loanDuration: v })}
                    valueText={(v) => t('wizard:common.months', { count: v })}
                  />
                  <Group justify="space-between" gap="xs">
                    <Text size="sm" c="gray.7">
                      {t('wizard:common.months', { count: limits.duration.min })}
                    </Text>
                    <Text size="sm" c="gray.7">
                      {t('wizard:common.months', { count: limits.duration.sliderMax })}
                    </Text>
                  </Group>
                </Stack>
              </>
            )}

            <NativeSelect
              id={IDS.currency}
              label={t('wizard:loan_info.currency')}
              required
              data={app.currencies.supported}
              value={values.currency}
              onChange={(e) => set({ currency: e.currentTarget.value })}
              error={errors.currency}
              maw={{ sm: 240 }}
            />

            <Group justify="flex-end">
              <Button type="submit" size="md">
                {t('wizard:actions.next')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {!isAuthenticated && (
        <Text mt="md" ta="center">
          <Anchor component={Link} to="/login">
            {t('wizard:have_account')}
          </Anchor>
        </Text>
      )}
    </ClassicLayout>
  );
}
