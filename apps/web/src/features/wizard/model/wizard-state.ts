import { companyTypesFor, purposeRules, type PartnerRules } from '@finportal/contracts/eligibility';
import type { ClassicFormValues } from '@finportal/contracts/create-application';
import type { ApiErrorItem } from '@finportal/contracts/errors';
import { useConfig } from '../../../lib/config';
import { createStore, useStore, type Store } from '../../../lib/store';

/**
 * The application form state of spec 1 section 3 (classic values, three finished flags, and the
 * dynamic wizard's values, last finished step and selected loan type). It lives in localStorage
 * per partner (`fp:<partner>:wizard`): restored on reload and in a new tab, written on every
 * change, cleared after a successful creation.
 */
/** The classic values (spec 1 section 3): one type with the create-application rule in contracts. */
export type ClassicValues = ClassicFormValues;

/** The company part of the values (also the company picked in a dynamic company search). */
export type CompanyValues = Pick<
  ClassicFormValues,
  | 'companyName'
  | 'companyType'
  | 'street'
  | 'houseNumber'
  | 'companyPostCode'
  | 'companyLocation'
  | 'taxIdNumber'
  | 'businessPurpose'
  | 'companyCreditProviderId'
  | 'company_id'
  | 'external_provider_company_id'
  | 'external_provider_name'
>;

export interface DynamicState {
  values: Record<string, unknown>;
  /** Index of the last step finished with Next (-1: none). */
  lastFinishedStep: number;
  loanType: string | null;
  /** The company picked in a company_name_search field (its ids go with the submission). */
  company: CompanyValues | null;
}

export interface WizardState {
  values: ClassicValues;
  loanInfoFinished: boolean;
  companyNameFinished: boolean;
  companyDetailsFinished: boolean;
  dynamic: DynamicState;
  /** Field errors of the last failed creation (not persisted): shown on the step of each field. */
  serverErrors: ApiErrorItem[];
}

export const EMPTY_COMPANY: CompanyValues = {
  companyName: '',
  companyType: '',
  street: '',
  houseNumber: '',
  companyPostCode: '',
  companyLocation: '',
  taxIdNumber: '',
  businessPurpose: '',
  companyCreditProviderId: null,
  company_id: null,
  external_provider_company_id: null,
  external_provider_name: null,
};

export const EMPTY_VALUES: ClassicValues = {
  ...EMPTY_COMPANY,
  companyCountry: '',
  allBanksLoanPurpose: '',
  loanSize: null,
  loanDuration: null,
  currency: '',
  factoring_limit: null,
  has_international_customers: null,
  annual_sales_previous_year: null,
  purposeSelect: '',
  purposeDescription: '',
};

export const EMPTY_DYNAMIC: DynamicState = { values: {}, lastFinishedStep: -1, loanType: null, company: null };

export function emptyState(): WizardState {
  return {
    values: { ...EMPTY_VALUES },
    loanInfoFinished: false,
    companyNameFinished: false,
    companyDetailsFinished: false,
    dynamic: { ...EMPTY_DYNAMIC, values: {} },
    serverErrors: [],
  };
}

const VERSION = 1;
const storageKey = (partnerKey: string) => `fp:${partnerKey}:wizard`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Reads the persisted state; anything unreadable gives the empty state (values are re-validated on Next anyway). */
function readPersisted(partnerKey: string): WizardState {
  const state = emptyState();
  try {
    const raw = window.localStorage.getItem(storageKey(partnerKey));
    if (!raw) return state;
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || parsed.version !== VERSION) return state;
    if (isRecord(parsed.values)) {
      for (const key of Object.keys(EMPTY_VALUES) as (keyof ClassicValues)[]) {
        const value = parsed.values[key];
        const empty = EMPTY_VALUES[key];
        const ok =
          value === null ||
          typeof value === typeof empty ||
          (empty === null && ['number', 'string', 'boolean'].includes(typeof value));
        if (value !== undefined && ok) (state.values as unknown as Record<string, unknown>)[key] = value;
      }
    }
    state.loanInfoFinished = parsed.loanInfoFinished === true;
    state.companyNameFinished = parsed.companyNameFinished === true;
    state.companyDetailsFinished = parsed.companyDetailsFinished === true;
    if (isRecord(parsed.dynamic)) {
      const d = parsed.dynamic;
      state.dynamic = {
        values: isRecord(d.values) ? d.values : {},
        lastFinishedStep: typeof d.lastFinishedStep === 'number' ? d.lastFinishedStep : -1,
        loanType: typeof d.loanType === 'string' ? d.loanType : null,
        company: isRecord(d.company) ? ({ ...EMPTY_COMPANY, ...d.company } as CompanyValues) : null,
      };
    }
  } catch {
    /* unreadable: start empty */
  }
  return state;
}

function persist(partnerKey: string, state: WizardState): void {
  const { serverErrors: _errors, ...rest } = state;
  try {
    window.localStorage.setItem(storageKey(partnerKey), JSON.stringify({ version: VERSION, ...rest }));
  } catch {
    /* storage full or unavailable: the state lives in memory only */
  }
}

export type WizardStore = Store<WizardState>;
const stores = new Map<string, WizardStore>();

/** The partner's wizard store (read from localStorage on first use in this page load). */
export function wizardStore(partnerKey: string): WizardStore {
  let store = stores.get(partnerKey);
  if (!store) {
    store = createStore(readPersisted(partnerKey));
    const s = store;
    s.subscribe(() => persist(partnerKey, s.get()));
    stores.set(partnerKey, s);
  }
  return store;
}

/** Tests: forget the in-memory stores (the next use reads localStorage, as after a reload). */
export function forgetWizardStores(): void {
  stores.clear();
}

export function useWizardStore(): WizardStore {
  return wizardStore(useConfig().partnerKey);
}

export function useWizardState(): WizardState {
  return useStore(useWizardStore());
}

export function patchValues(store: WizardStore, patch: Partial<ClassicValues>): void {
  store.set((s) => ({ ...s, values: { ...s.values, ...patch } }));
}

/**
 * The values without what no longer applies to the chosen country and loan type (finding 3 of
 * issue 9): a purpose of another loan type (and its description), a description the loan type
 * does not ask for, a legal form the country does not list, the factoring answers of a loan, and
 * the amount and duration of factoring (spec 1 section 4). Pure.
 */
export function withoutStaleValues(values: ClassicValues, rules: PartnerRules): ClassicValues {
  const next = { ...values };
  const factoring = next.allBanksLoanPurpose === 'factoring';
  const purpose = purposeRules(rules, next.allBanksLoanPurpose, next.purposeSelect);
  if (next.purposeSelect && !purpose.purposes.includes(next.purposeSelect)) {
    next.purposeSelect = '';
    next.purposeDescription = '';
  }
  if (!purposeRules(rules, next.allBanksLoanPurpose, next.purposeSelect).showDescription) next.purposeDescription = '';
  if (next.companyType && !companyTypesFor(rules, next.companyCountry).includes(next.companyType)) {
    next.companyType = '';
  }
  if (factoring) {
    next.loanSize = null;
    next.loanDuration = null;
  } else {
    next.factoring_limit = null;
    next.has_international_customers = null;
    next.annual_sales_previous_year = null;
  }
  return next;
}

/** A change of country or loan type: the patch, then what no longer applies is cleared. */
export function patchScope(store: WizardStore, patch: Partial<ClassicValues>, rules: PartnerRules): void {
  store.set((s) => ({ ...s, values: withoutStaleValues({ ...s.values, ...patch }, rules) }));
}

export type Flag = 'loanInfoFinished' | 'companyNameFinished' | 'companyDetailsFinished';

export function setFlags(store: WizardStore, flags: Partial<Record<Flag, boolean>>): void {
  store.set((s) => ({ ...s, ...flags }));
}

export function patchDynamic(store: WizardStore, patch: Partial<DynamicState>): void {
  store.set((s) => ({ ...s, dynamic: { ...s.dynamic, ...patch } }));
}

/** Drops the server errors of the given fields (the user changed them). */
export function clearServerErrors(store: WizardStore, fields?: readonly string[]): void {
  store.set((s) =>
    s.serverErrors.length === 0
      ? s
      : { ...s, serverErrors: fields ? s.serverErrors.filter((e) => !e.field || !fields.includes(e.field)) : [] },
  );
}

/** After a successful creation, or when the result page is opened without a finished wizard. */
export function resetWizard(store: WizardStore): void {
  store.set(emptyState());
}
