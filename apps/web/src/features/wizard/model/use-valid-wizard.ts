import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfig } from '../../../lib/config';
import { classicPath } from './steps';
import { setFlags, useWizardStore, type Flag } from './wizard-state';

/** The finished flags that a step with failing values takes back (it and every later step). */
const UNFINISHED: Record<'loan-info' | 'company-name' | 'company-details', Flag[]> = {
  'loan-info': ['loanInfoFinished', 'companyNameFinished', 'companyDetailsFinished'],
  'company-name': ['companyNameFinished', 'companyDetailsFinished'],
  'company-details': ['companyDetailsFinished'],
};

/**
 * Account creation only with values the partner takes: the whole wizard state goes through the
 * step validators once more (a value changed on an earlier step after it was finished, a stale
 * state from another visit). The first failing step is opened again, unfinished; true once the
 * values pass. If the validators cannot be loaded, the API still checks everything.
 */
export function useValidWizard(): boolean {
  const config = useConfig();
  const store = useWizardStore();
  const navigate = useNavigate();
  const [valid, setValid] = useState(false);

  useEffect(() => {
    let live = true;
    import('./step-validation').then(
      ({ firstFailingStep }) => {
        if (!live) return;
        const step = firstFailingStep(config, store.get().values);
        if (!step) return setValid(true);
        setFlags(store, Object.fromEntries(UNFINISHED[step].map((flag) => [flag, false])));
        navigate(classicPath(step), { replace: true });
      },
      () => live && setValid(true),
    );
    return () => {
      live = false;
    };
  }, [config, store, navigate]);

  return valid;
}
