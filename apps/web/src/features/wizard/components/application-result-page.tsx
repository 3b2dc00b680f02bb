import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config';
import { useCreation } from '../model/creation';
import { classicRequest } from '../model/payload';
import { allFinished, classicPath, stepOfErrors } from '../model/steps';
import { useWizardStore, useWizardState } from '../model/wizard-state';
import { ApplicationResult } from './application-result';
import { ClassicLayout } from './classic-layout';

/** Classic step 5 (authenticated): creation, then the offer or the rejection. */
export function ApplicationResultPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const store = useWizardStore();
  const state = useWizardState();
  const creation = useCreation();
  const title =
    creation.status === 'done' && creation.application.status === 'Rejected'
      ? t('result:rejected_page_title')
      : t('wizard:steps.application-result');
  return (
    <ClassicLayout step="application-result" title={title} completed={creation.status === 'done'}>
      <ApplicationResult
        ready={allFinished(state)}
        buildRequest={() => classicRequest(store.get().values, config)}
        correctionPath={(errors) => {
          const step = stepOfErrors(errors);
          return step ? classicPath(step) : null;
        }}
      />
    </ClassicLayout>
  );
}
