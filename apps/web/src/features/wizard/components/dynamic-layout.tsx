import type { DynamicFormConfig } from '@finportal/contracts/dynamic-forms';
import { Container } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { useConfig } from '../../../lib/config';
import { isApiError } from '../../../lib/http';
import { localized } from '../../../lib/i18n-text';
import { useAuth } from '../../../lib/session-store';
import { useDynamicFormsConfigLoad } from '../api/load-dynamic-forms-config';
import {
  ACCOUNT_STEP,
  dynamicFinished,
  dynamicPath,
  dynamicSteps,
  RESULT_STEP,
  selectedLoanType,
} from '../model/dynamic';
import { useWizardState } from '../model/wizard-state';
import { WizardStepper } from './wizard-stepper';
import './wizard.css';

/**
 * What the three pages of the dynamic wizard share (the step page, account creation and the
 * result are separate chunks: the first step is on the 150 KB budget, ADR 004 and 011).
 */

// The error view loads only when it is shown (the page loader stays until it is there).
const LazyErrorPage = lazy(() => import('../../../components/error-page').then((m) => ({ default: m.ErrorPage })));

/** The generic error view (spec 1 section 2), with the HTTP status when there is one. */
export function DynamicErrorPage({ status }: { status?: number | null }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <LazyErrorPage status={status} />
    </Suspense>
  );
}

/** The form configuration with its loading and error states (failure: the generic error view). */
export function WithForm({ children }: { children: (form: DynamicFormConfig) => ReactNode }) {
  const load = useDynamicFormsConfigLoad();
  if (load.status === 'pending') return <PageLoader />;
  if (load.status === 'error') return <DynamicErrorPage status={isApiError(load.error) ? load.error.status : null} />;
  return <>{children(load.data)}</>;
}

/** The loan type, its steps and the wizard state. */
export function useDynamicWizard(form: DynamicFormConfig) {
  const config = useConfig();
  const state = useWizardState();
  const loanType = selectedLoanType(form, config, state.dynamic);
  const steps = dynamicSteps(form, loanType);
  return { config, state, loanType, steps, finished: dynamicFinished(steps, state.dynamic) };
}

/** The stepper (the form's steps, account creation for guests, the result) and the page title. */
export function DynamicLayout({
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
