import type { DynamicFormConfig } from '@finportal/contracts/dynamic-forms';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ACCOUNT_STEP, dynamicPath, RESULT_STEP } from '../model/dynamic';
import { AccountCreationForm } from './account-creation-form';
import { DynamicErrorPage, DynamicLayout, useDynamicWizard, WithForm } from './dynamic-step-page';

/** /application/new/account-creation (guests; the route is logged-out-only). */
export function DynamicAccountPage() {
  return <WithForm>{(form) => <DynamicAccount form={form} />}</WithForm>;
}

function DynamicAccount({ form }: { form: DynamicFormConfig }) {
  const { t } = useTranslation();
  const { steps, finished } = useDynamicWizard(form);
  const first = steps[0];
  if (!first) return <DynamicErrorPage />;
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
