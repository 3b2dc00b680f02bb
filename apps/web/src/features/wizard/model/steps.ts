import type { ApiErrorItem } from '@finportal/contracts/errors';
import type { Flag, WizardState } from './wizard-state';

/** The classic wizard (spec 1 sections 2 and 4). */
export const CLASSIC_STEPS = [
  'loan-info',
  'company-name',
  'company-details',
  'account-creation',
  'application-result',
] as const;
export type ClassicStep = (typeof CLASSIC_STEPS)[number];

export const CLASSIC_BASE = '/application';
export const classicPath = (step: ClassicStep) => `${CLASSIC_BASE}/${step}`;

const FLAGS: ReadonlyArray<readonly [ClassicStep, Flag]> = [
  ['loan-info', 'loanInfoFinished'],
  ['company-name', 'companyNameFinished'],
  ['company-details', 'companyDetailsFinished'],
];

/** The steps a user sees: account creation only for guests. */
export function visibleClassicSteps(isAuthenticated: boolean): ClassicStep[] {
  return CLASSIC_STEPS.filter((s) => !(isAuthenticated && s === 'account-creation'));
}

/** The first of the three form steps that is not finished, or null when all are. */
export function firstUnfinishedStep(state: WizardState): ClassicStep | null {
  return FLAGS.find(([, flag]) => !state[flag])?.[0] ?? null;
}

export function allFinished(state: WizardState): boolean {
  return firstUnfinishedStep(state) === null;
}

/** Where a step opened too early must go instead (null: it may be shown). */
export function guardRedirect(step: ClassicStep, state: WizardState): ClassicStep | null {
  const first = firstUnfinishedStep(state);
  if (first === null) return null;
  return CLASSIC_STEPS.indexOf(step) > CLASSIC_STEPS.indexOf(first) ? first : null;
}

/** The request fields of each form step (server field errors are shown on their step). */
export const STEP_FIELDS: Record<'loan-info' | 'company-name' | 'company-details', readonly string[]> = {
  'loan-info': [
    'companyCountry',
    'allBanksLoanPurpose',
    'loanSize',
    'loanDuration',
    'currency',
    'factoring_limit',
    'has_international_customers',
    'annual_sales_previous_year',
  ],
  'company-name': ['companyName'],
  'company-details': [
    'companyName',
    'companyType',
    'street',
    'houseNumber',
    'companyPostCode',
    'companyLocation',
    'taxIdNumber',
    'businessPurpose',
    'purposeSelect',
    'purposeDescription',
    'purpose_key',
  ],
};

/** The first form step that owns one of the errors' fields. */
export function stepOfErrors(errors: readonly ApiErrorItem[]): ClassicStep | null {
  for (const step of ['loan-info', 'company-name', 'company-details'] as const) {
    if (errors.some((e) => e.field && STEP_FIELDS[step].includes(e.field))) return step;
  }
  return null;
}
