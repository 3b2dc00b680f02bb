import type { DynamicFormConfig } from '@finportal/contracts/dynamic-forms';
import { useTranslation } from 'react-i18next';
import { useCreation } from '../model/creation';
import { dynamicPath, RESULT_STEP } from '../model/dynamic';
import { dynamicRequest } from '../model/dynamic-submission';
import { useWizardStore } from '../model/wizard-state';
import { ApplicationResult } from './application-result';
import { DynamicLayout, useDynamicWizard, WithForm } from './dynamic-step-page';

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
      ? t('result:rejected_page_title')
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
