import type { DynamicFormConfig } from '@finportal/contracts/dynamic-forms';
import { useEffect, useState } from 'react';
import { useConfig } from '../../../lib/config';
import { http } from '../../../lib/http';

/**
 * GET /dynamic_forms_config?dynamic_forms_name=application. The global error toast is suppressed
 * (spec 1 section 7): a failure shows the generic error view instead. Same URL and credentials as
 * every call of lib/http, so the answer is the one the server preloads with the HTML (ADR 011).
 */
export function getDynamicFormsConfig(signal?: AbortSignal): Promise<DynamicFormConfig> {
  return http.get<DynamicFormConfig>('/dynamic_forms_config', {
    query: { dynamic_forms_name: 'application' },
    signal,
    silent: true,
  });
}

/** A load of the form: its promise, and the form once it is there. */
interface Load {
  promise: Promise<DynamicFormConfig>;
  form?: DynamicFormConfig;
}

const loads = new Map<string, Load>();

/**
 * The partner's form, loaded once per page load. The dynamic wizard reads it through this cache,
 * not TanStack Query: its first step is on the 150 KB budget (ADR 004, 011) and loads no query
 * library (`get-dynamic-forms-config.ts` keeps the query for the dashboard's custom fields). A
 * failed load is forgotten, so the next page that asks tries again.
 */
export function loadDynamicFormsConfig(partnerKey: string): Promise<DynamicFormConfig> {
  const cached = loads.get(partnerKey);
  if (cached) return cached.promise;
  const load: Load = {
    promise: getDynamicFormsConfig().then(
      (form) => {
        load.form = form;
        return form;
      },
      (error: unknown) => {
        if (loads.get(partnerKey) === load) loads.delete(partnerKey);
        throw error;
      },
    ),
  };
  loads.set(partnerKey, load);
  return load.promise;
}

/** Tests: forget every loaded form (the next use loads it again, as after a reload). */
export function forgetDynamicFormsConfigs(): void {
  loads.clear();
}

export type DynamicFormsConfigState =
  { status: 'pending' } | { status: 'error'; error: unknown } | { status: 'success'; data: DynamicFormConfig };

/**
 * The partner's form with its loading and error states. A form loaded before (an earlier step, the
 * same step again) is there in the first render, without a loading state.
 */
export function useDynamicFormsConfigLoad(): DynamicFormsConfigState {
  const { partnerKey } = useConfig();
  const [state, setState] = useState<DynamicFormsConfigState>(() => {
    const form = loads.get(partnerKey)?.form;
    return form ? { status: 'success', data: form } : { status: 'pending' };
  });
  useEffect(() => {
    if (state.status !== 'pending') return;
    let active = true;
    loadDynamicFormsConfig(partnerKey).then(
      (data) => {
        if (active) setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (active) setState({ status: 'error', error });
      },
    );
    return () => {
      active = false;
    };
  }, [partnerKey, state.status]);
  return state;
}
