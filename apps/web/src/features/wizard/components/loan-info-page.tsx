import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useLayoutEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useConfig, type PortalConfig } from '../../../lib/config';
import { translateErrorCode } from '../../../lib/i18n';
import { useAuth } from '../../../lib/session-store';
import { useStore } from '../../../lib/store';
import { resetCreation } from '../model/creation';
import { focusField } from '../../../lib/focus-field';
import { formatMoney, namedCountries } from '../../../lib/format';
import { clamp, countriesFor, DEFAULTS, loanLimits, loanTypesFor, partnerRules } from '../model/products';
import { PREFILL_PARAMS, storeReferral } from '../model/referral';
import { classicPath } from '../model/steps';
import {
  clearServerErrors,
  patchScope,
  patchValues,
  setFlags,
  useWizardStore,
  withoutStaleValues,
  type ClassicValues,
} from '../model/wizard-state';
import { ChoiceGroup } from './choice-group';
import { ClassicLayout } from './classic-layout';
import { NumberField } from '../../../components/number-field';
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

/** The step validator (the contracts' create-application schema, with zod) and its texts: loaded on first focus. */
const loadValidation = () =>
  Promise.all([import('../model/step-validation'), import('../model/issue-messages')]).then(
    ([validation, messages]) => ({ ...validation, ...messages }),
  );
const preload = () => void loadValidation().catch(() => undefined);

/** Number fields whose text could not be read as a number (the field says how to write one). */
type Unreadable = Partial<Record<LoanInfoField, boolean>>;

const positiveInt = (raw: string | null) => {
  if (!raw || !/^\d{1,12}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return value > 0 ? value : null;
};

/**
 * The values the step starts with: empty or no longer valid values get the defaults (first
 * country, first loan type of the country, config default currency, 100000 / 48 within the
 * partner's limits), then the link's query parameters apply; what no longer applies is cleared.
 * Pure.
 */
export function loanInfoStart(current: ClassicValues, config: PortalConfig, params: URLSearchParams): ClassicValues {
  const { currencies } = config.app;
  const countries = countriesFor(config);
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
  return withoutStaleValues(values, partnerRules(config));
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

  const [unreadable, setUnreadable] = useState<Unreadable>({});
  const typed = (field: LoanInfoField, valid: boolean) =>
    setUnreadable((prev) => (!!prev[field] === !valid ? prev : { ...prev, [field]: !valid }));

  const set = (patch: Partial<ClassicValues>, scope = false) => {
    if (scope) patchScope(store, patch, partnerRules(config));
    else patchValues(store, patch);
    const fields = Object.keys(patch);
    clearServerErrors(store, fields);
    setErrors((prev) => {
      const next = { ...prev };
      for (const f of fields) delete next[f as LoanInfoField];
      return next;
    });
  };

  const countries = countriesFor(config);
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

  // A new loan type: amount and duration within its limits; what no longer applies is cleared.
  const changeLoanType = (loanType: string, extra: Partial<ClassicValues> = {}) => {
    const next = loanLimits(config, loanType);
    // The number fields of the old loan type are gone or refilled: their typed text with them.
    setUnreadable({});
    set(
      {
        ...extra,
        allBanksLoanPurpose: loanType,
        loanSize: clamp(values.loanSize ?? DEFAULTS.loanSize, next.amount),
        loanDuration: clamp(values.loanDuration ?? DEFAULTS.loanDuration, next.duration),
      },
      true,
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { validateClassicStep, issueMessage } = await loadValidation();
    const found: Errors = {};
    for (const issue of validateClassicStep(config, 'loan-info', values)) {
      const field = issue.field as LoanInfoField;
      // Unreadable text: the field's own message says how to write a number.
      if (field in IDS && !unreadable[field]) {
        found[field] ??= issueMessage(issue, { config, values, t, language: i18n.language });
      }
    }
    setErrors(found);
    const first = (Object.keys(IDS) as LoanInfoField[]).find((f) => found[f] || unreadable[f]);
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
        <form onSubmit={(e) => void submit(e)} onFocus={preload} noValidate>
          <Stack gap="lg">
            <Text>{t('wizard:loan_info.intro')}</Text>
            <div className="fp-two-columns">
              <NativeSelect
                id={IDS.companyCountry}
                label={t('wizard:loan_info.country')}
                required
                data={namedCountries(countries, i18n.language)}
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
                  onChange={(v, change) => {
                    typed('factoring_limit', change.valid);
                    set({ factoring_limit: v });
                  }}
                  error={errors.factoring_limit}
                />
                <NumberField
                  id={IDS.annual_sales_previous_year}
                  label={t('wizard:loan_info.annual_sales')}
                  required
                  unit={currency}
                  value={values.annual_sales_previous_year}
                  onChange={(v, change) => {
                    typed('annual_sales_previous_year', change.valid);
                    set({ annual_sales_previous_year: v });
                  }}
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
                    onChange={(v, change) => {
                      typed('loanSize', change.valid);
                      set({ loanSize: v });
                    }}
                    error={errors.loanSize}
                  />
                  <RangeSlider
                    label={t('wizard:loan_info.amount')}
                    min={limits.amount.min}
                    max={limits.amount.sliderMax}
                    step={limits.amount.step}
                    value={values.loanSize ?? limits.amount.min}
                    onChange={(v) => {
                      typed('loanSize', true);
                      set({ loanSize: v });
                    }}
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
                    value={values.loanDuration}
                    onChange={(v, change) => {
                      typed('loanDuration', change.valid);
                      set({ loanDuration: v });
                    }}
                    error={errors.loanDuration}
                  />
                  <RangeSlider
                    label={t('wizard:loan_info.duration')}
                    min={limits.duration.min}
                    max={limits.duration.sliderMax}
                    step={limits.duration.step}
                    value={values.loanDuration ?? limits.duration.min}
                    onChange={(v) => {
                      typed('loanDuration', true);
                      set({ loanDuration: v });
                    }}
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
