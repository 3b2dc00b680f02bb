import { Container } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useAuth } from '../../../lib/session-store';
import { classicPath, guardRedirect, visibleClassicSteps, type ClassicStep } from '../model/steps';
import { useWizardState } from '../model/wizard-state';
import { WizardStepper } from './wizard-stepper';
import './wizard.css';

/** Page frame of a classic step: stepper (account creation only for guests), <h1>, content. */
export function ClassicLayout({
  step,
  title,
  completed = false,
  children,
}: {
  step: ClassicStep;
  title?: string;
  /** The application was created: every step is done, none can be opened again. */
  completed?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const state = useWizardState();
  const { isAuthenticated } = useAuth();
  const items = visibleClassicSteps(isAuthenticated).map((id) => {
    const reachable =
      !completed && id !== 'application-result' && id !== 'account-creation' && guardRedirect(id, state) === null;
    const done =
      completed ||
      (id === 'loan-info' && state.loanInfoFinished) ||
      (id === 'company-name' && state.companyNameFinished) ||
      (id === 'company-details' && state.companyDetailsFinished);
    return { id, label: t(`wizard:stepper.steps.${id}`), to: reachable ? classicPath(id) : undefined, done };
  });
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <WizardStepper steps={items} current={step} />
      <PageTitle title={title ?? t(`wizard:steps.${step}`)} />
      {children}
    </Container>
  );
}

/** A step opened before its predecessors are finished goes back to the first unfinished step. */
export function withStepGuard(step: ClassicStep, Component: ComponentType) {
  function Guarded() {
    const state = useWizardState();
    const redirect = guardRedirect(step, state);
    if (redirect) return <Navigate to={classicPath(redirect)} replace />;
    return <Component />;
  }
  Guarded.displayName = `withStepGuard(${step})`;
  return Guarded;
}
