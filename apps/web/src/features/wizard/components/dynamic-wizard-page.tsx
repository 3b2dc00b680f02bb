import type { CompanySearchResult } from '@finportal/contracts/company-search';
import {
  definitionOf,
  validateDynamicStep,
  type DynamicFormConfig,
  type StepUi,
} from '@finportal/contracts/dynamic-forms';
import { amountLimits, DEFAULT_LOAN_DURATION, DEFAULT_LOAN_SIZE, durationLimits } from '@finportal/contracts/products';
import { Button, Container, Group, Paper, Stack } from '@mantine/core';
import { useEffect, useLayoutEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { fieldErrorMessage, formatErrorValues } from '../../../components/dynamic-form-field/field-errors';
import { ErrorPage } from '../../../components/error-page';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { useConfig } from '../../../lib/config';
import { isApiError } from '../../../lib/http';
import { translateErrorCode } from '../../../lib/i18n';
import { localized } from '../../../lib/i18n-text';
import { useAuth } from '../../../lib/session-store';
import { useDynamicFormsConfig } from '../api/get-dynamic-forms-config';
import { companyFromResult } from '../model/company';
import { focusField } from '../model/focus';
import { resetCreation, useCreation } from '../model/creation';
import {
  ACCOUNT_STEP,
  dynamicCurrency,
  dynamicFinished,
  dynamicLoanTypes,
  dynamicPath,
  dynamicRequest,
  dynamicSteps,
  productLimitErrors,
  RESULT_STEP,
  selectedLoanType,
  valuesFromCompany,
} from '../model/dynamic';
import { clamp, hasCustomizedAmounts, productOf, purposesFor } from '../model/products';
import { storeReferral } from '../model/referral';
import { patchDynamic, useWizardState, useWizardStore } from '../model/wizard-state';
import { AccountCreationForm } from './account-creation-form';
import { ApplicationResult } from './application-result';
import { DynamicField, fieldDomId, type DynamicFieldContext } from './dynamic-field';
import { WizardStepper } from './wizard-stepper';
import './wizard.css';

/** The form configuration with its loading and error states (failure: the generic error view). */
function WithForm({ children }: { children: (form: DynamicFormConfig) => ReactNode }) {
  const query = useDynamicFormsConfig();
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorPage status={isApiError(query.error) ? query.error.status : null} />;
  return <>{children(query.data)}</>;
}

/** The loan type, its steps and the wizard state. */
function useDynamicWizard(form: DynamicFormConfig) {
  const config = useConfig();
  const state = useWizardState();
  const loanType = selectedLoanType(form, config, state.dynamic);
  const steps = dynamicSteps(form, loanType);
  return { config, state, loanType, steps, finished: dynamicFinished(steps, state.dynamic) };
}

function DynamicLayout({
  form,
  current,
  title,
  completed = false,
  children,
}: {
  form: DynamicFormConfig;
  current: string;
  title: string;
  completed?: boolean;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { isAuthenticated } = useAuth();
  const { state, steps } = useDynamicWizard(form);
  const last = state.dynamic.lastFinishedStep;
  const items = [
    ...steps.map((step, i) => ({
      id: step.id,
      label: localized(step.title, i18n.language),
      to: !completed && i <= last + 1 ? dynamicPath(step.id) : undefined,
      done: completed || i <= last,
    })),
    ...(isAuthenticated
      ? []
      : [{ id: ACCOUNT_STEP, label: t('wizard:stepper.steps.account-creation'), done: completed }]),
    { id: RESULT_STEP, label: t('wizard:stepper.steps.application-result'), done: false },
  ];
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <WizardStepper steps={items} current={current} />
      <PageTitle title={title} />
      {children}
    </Container>
  );
}

/** /application/new and /application/new/:stepId */
export function DynamicStepPage() {
  return <WithForm>{(form) => <DynamicStepRoute form={form} />}</WithForm>;
}

function DynamicStepRoute({ form }: { form: DynamicFormConfig }) {
  const { stepId } = useParams();
  const { search } = useLocation();
  const { state, steps } = useDynamicWizard(form);
  const first = steps[0];
  if (!first) return <ErrorPage />;
  const index = steps.findIndex((s) => s.id === stepId);
  // Unknown or opened out of order: back to the first step.
  if (index === -1 || index > state.dynamic.lastFinishedStep + 1) {
    return <Navigate to={{ pathname: dynamicPath(first.id), search }} replace />;
  }
  return <DynamicStepForm key={stepId} form={form} step={steps[index]!} index={index} steps={steps} />;
}

function DynamicStepForm({
  form,
  step,
  index,
  steps,
}: {
  form: DynamicFormConfig;
  step: StepUi;
  index: number;
  steps: StepUi[];
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const config = useConfig();
  const store = useWizardStore();
  const state = useWizardState();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { isAuthenticated } = useAuth();
  const loanType = selectedLoanType(form, config, state.dynamic);
  const values = state.dynamic.values;
  const company = state.dynamic.company;
  const product = productOf(config, loanType);
  const customized = hasCustomizedAmounts(config);
  const amount = amountLimits(product, customized);
  const duration = durationLimits(product, customized);
  const currency = loanType ? dynamicCurrency(form, config, loanType) : config.app.currencies.default;
  // Bounds in messages in the user's language and the field's unit ("höchstens 500.000 €").
  const format = { locale: language, currency };

  const [errors, setErrors] = useState<Record<string, string>>(() => {
    const found: Record<string, string> = {};
    for (const item of state.serverErrors) {
      const field = step.fields.find((f) => f.id === item.field);
      if (field) found[field.id] ??= translateErrorCode(item.code, formatErrorValues(field, item.values, format));
    }
    return found;
  });

  // Fields that always have a value start with one: the loan type, the sliders, the country.
  useLayoutEffect(() => {
    const defaults: Record<string, unknown> = {};
    for (const field of step.fields) {
      if (values[field.id] !== undefined && values[field.id] !== '') continue;
      if (field.ui_type === 'loan_types' && loanType) defaults[field.id] = loanType;
      if (field.ui_type === 'countries_list' && config.app.countries[0]) defaults[field.id] = config.app.countries[0];
      if (field.ui_type === 'loan_amount') {
        defaults[field.id] = clamp(DEFAULT_LOAN_SIZE, {
          min: field.min ?? amount.min,
          max: field.max ?? amount.sliderMax,
        });
      }
      if (field.ui_type === 'loan_duration') {
        const years = field.unit === 'years';
        const min = field.min ?? (years ? Math.ceil(duration.min / 12) : duration.min);
        const max = field.max ?? (years ? Math.floor(duration.sliderMax / 12) : duration.sliderMax);
        defaults[field.id] = clamp(years ? Math.round(DEFAULT_LOAN_DURATION / 12) : DEFAULT_LOAN_DURATION, {
          min,
          max,
        });
      }
    }
    if (Object.keys(defaults).length > 0) {
      patchDynamic(store, { values: { ...defaults, ...store.get().dynamic.values }, loanType: loanType ?? null });
    }
    // Once, on entry to the step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (index !== 0) return;
    // A new application starts here: forget an earlier result, keep the link's tracking parameters.
    resetCreation();
    storeReferral(config.partnerKey, new URLSearchParams(search));
    // Once, on entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setValue = (fieldId: string, value: unknown, extra: Record<string, unknown> = {}) => {
    const next = { ...store.get().dynamic.values, [fieldId]: value, ...extra };
    const isLoanType = step.fields.some((f) => f.id === fieldId && f.ui_type === 'loan_types');
    // Another loan type has other purposes: a purpose it does not offer is dropped.
    if (isLoanType && next.purposeSelect && !purposesFor(config, String(value)).includes(String(next.purposeSelect))) {
      next.purposeSelect = '';
    }
    patchDynamic(store, { values: next, ...(isLoanType ? { loanType: String(value) } : {}) });
    store.set((s) => ({ ...s, serverErrors: s.serverErrors.filter((e) => e.field !== fieldId) }));
    setErrors((prev) => {
      if (!(fieldId in prev)) return prev;
      const rest = { ...prev };
      delete rest[fieldId];
      return rest;
    });
  };

  const pickCompany = (company: CompanySearchResult) => {
    const country = String(values.companyCountry ?? '') || config.app.countries[0] || '';
    const allFields = steps.flatMap((s) => s.fields);
    const filled = valuesFromCompany(company, allFields, config, country);
    patchDynamic(store, {
      values: { ...store.get().dynamic.values, ...filled },
      company: companyFromResult(company, config, country),
    });
    setErrors((prev) => {
      const rest = { ...prev };
      for (const key of Object.keys(filled)) delete rest[key];
      return rest;
    });
  };

  const durationField = step.fields.find((f) => f.ui_type === 'loan_duration');
  const context = (fieldUnitYears: boolean): DynamicFieldContext => ({
    values,
    loanTypes: dynamicLoanTypes(form, config),
    loanType,
    currency,
    amountTypable: customized,
    fallbackLimits: fieldUnitYears
      ? { min: Math.ceil(duration.min / 12), max: Math.floor(duration.sliderMax / 12), step: 1 }
      : { min: amount.min, max: amount.sliderMax, step: amount.step },
    onPickCompany: pickCompany,
    selectedCompanyId:
      company && company.companyName === values.companyName
        ? (company.company_id ?? company.external_provider_company_id)
        : null,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loanType) return;
    const found: Record<string, string> = {};
    const own = [
      ...validateDynamicStep(form, loanType, step.id, values),
      // The product's limits, which the API checks too (typed amounts above the slider need the entitlement).
      ...productLimitErrors(step.fields, values, { amount, duration }),
    ];
    for (const error of own) {
      const field = step.fields.find((f) => f.id === error.field);
      if (field) found[field.id] ??= fieldErrorMessage(field, error, format);
    }
    setErrors(found);
    const firstError = step.fields.find((f) => found[f.id]);
    if (firstError) {
      focusField(fieldDomId(firstError.id));
      return;
    }
    patchDynamic(store, { lastFinishedStep: Math.max(state.dynamic.lastFinishedStep, index) });
    const next = steps[index + 1];
    navigate(next ? dynamicPath(next.id) : dynamicPath(isAuthenticated ? RESULT_STEP : ACCOUNT_STEP));
  };

  const previous = steps[index - 1];
  return (
    <DynamicLayout form={form} current={step.id} title={localized(step.title, language)}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            {step.fields.map((field) => (
              <DynamicField
                key={field.id}
                field={field}
                definition={definitionOf(form, field.id)}
                value={values[field.id]}
                onChange={(value) => setValue(field.id, value)}
                error={errors[field.id]}
                context={context(field === durationField && field.unit === 'years')}
              />
            ))}
            <Group justify={previous ? 'space-between' : 'flex-end'} mt="sm">
              {previous && (
                // Back keeps the values (saved on every change) without validating.
                <Button component={Link} to={dynamicPath(previous.id)} variant="default">
                  {t('wizard:actions.back')}
                </Button>
              )}
              <Button type="submit">{t('wizard:actions.next')}</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </DynamicLayout>
  );
}

/** /application/new/account-creation (guests; the route is logged-out-only). */
export function DynamicAccountPage() {
  return <WithForm>{(form) => <DynamicAccount form={form} />}</WithForm>;
}

function DynamicAccount({ form }: { form: DynamicFormConfig }) {
  const { t } = useTranslation();
  const { steps, finished } = useDynamicWizard(form);
  const first = steps[0];
  if (!first) return <ErrorPage />;
  if (!finished) return <Navigate to={dynamicPath(first.id)} replace />;
  return (
    <DynamicLayout form={form} current={ACCOUNT_STEP} title={t('wizard:steps.account-creation')}>
      <AccountCreationForm
        back={dynamicPath(steps[steps.length - 1]!.id)}
        login={{ to: '/login', state: { urlToRedirect: dynamicPath(RESULT_STEP) } }}
      />
    </DynamicLayout>
  );
}

/** /application/new/application-result (authenticated): creation, then offer or rejection. */
export function DynamicResultPage() {
  return <WithForm>{(form) => <DynamicResult form={form} />}</WithForm>;
}

function DynamicResult({ form }: { form: DynamicFormConfig }) {
  const { t } = useTranslation();
  const store = useWizardStore();
  const { config, loanType, steps, finished } = useDynamicWizard(form);
  const creation = useCreation();
  const title =
    creation.status === 'done' && creation.application.status === 'Rejected'
      ? t('application:result.rejected_page_title')
      : t('wizard:steps.application-result');
  return (
    <DynamicLayout form={form} current={RESULT_STEP} title={title} completed={creation.status === 'done'}>
      <ApplicationResult
        ready={finished && !!loanType}
        buildRequest={() => dynamicRequest(form, config, loanType!, store.get().dynamic)}
        correctionPath={(errors) => {
          const step = steps.find((s) => s.fields.some((f) => errors.some((e) => e.field === f.id)));
          return step ? dynamicPath(step.id) : null;
        }}
      />
    </DynamicLayout>
  );
}
