import type {
  FactoringContext,
  FactoringField,
  FactoringSection,
  FactoringValues,
} from '@finportal/contracts/factoring-rules';
import { factoringIssues } from '@finportal/contracts/factoring-rules';
import { useCallback, useMemo } from 'react';
import { useRuleForm, type RuleFormState } from '../../../lib/use-rule-form';
import { isInternational, requiredFields, toWireValues, type FactoringFormValues } from './factoring-form';

export interface FactoringFormState extends RuleFormState<FactoringFormValues, FactoringValues, FactoringField> {
  section: FactoringSection;
  /** The card's _abroad twins are asked (customers abroad). */
  international: boolean;
  isRequired: (field: FactoringField) => boolean;
}

/** A card's edit form (spec 2 section 5), judged by the contracts' `factoringIssues` (the API's rules). */
export function useFactoringForm(
  section: FactoringSection,
  initial: FactoringFormValues,
  context: FactoringContext,
): FactoringFormState {
  const toWire = useCallback(
    (values: FactoringFormValues) => toWireValues(section, values, context),
    [section, context],
  );
  const judge = useCallback((wire: FactoringValues) => factoringIssues(section, wire, context), [section, context]);
  const form = useRuleForm(initial, toWire, judge);
  const international = isInternational(section, form.values, context);
  const required = useMemo(() => requiredFields(section, international, context), [section, international, context]);
  return { ...form, section, international, isRequired: (field) => required.has(field) };
}
