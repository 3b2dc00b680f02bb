import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface StepperItem {
  id: string;
  label: string;
  /** A link when the step may be opened (finished steps and the current one are reachable). */
  to?: string;
  done: boolean;
}

/**
 * The wizard's progress: an ordered list (current step marked with aria-current="step"), finished
 * steps as links. On phones only the numbers and the current step's label are drawn.
 */
export function WizardStepper({ steps, current }: { steps: StepperItem[]; current: string }) {
  const { t } = useTranslation();
  const index = steps.findIndex((s) => s.id === current);
  return (
    <nav aria-label={t('wizard:stepper.label')} className="fp-stepper">
      <ol>
        {steps.map((step, i) => {
          const isCurrent = i === index;
          const state = isCurrent ? 'current' : step.done ? 'done' : 'todo';
          const status = isCurrent ? t('wizard:stepper.current') : step.done ? t('wizard:stepper.done') : '';
          const content = (
            <>
              <span className="fp-stepper-marker" aria-hidden="true">
                {step.done && !isCurrent ? '✓' : i + 1}
              </span>
              <span className="fp-stepper-label">
                {step.label}
                {status ? <span className="fp-visually-hidden">{` (${status})`}</span> : null}
              </span>
            </>
          );
          return (
            <li key={step.id} data-state={state} aria-current={isCurrent ? 'step' : undefined}>
              {step.to && !isCurrent ? (
                <Link to={step.to} className="fp-stepper-item">
                  {content}
                </Link>
              ) : (
                <span className="fp-stepper-item">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="fp-stepper-summary" aria-hidden="true">
        {t('wizard:stepper.summary', { current: index + 1, total: steps.length, label: steps[index]?.label ?? '' })}
      </p>
    </nav>
  );
}
