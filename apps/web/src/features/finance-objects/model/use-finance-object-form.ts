import {
  FINANCE_OBJECT_REQUIRED_FIELDS,
  financeObjectIssues,
  type FinanceObjectContext,
  type FinanceObjectField,
  type FinanceObjectValues,
} from '@finportal/contracts/finance-object-rules';
import { useCallback } from 'react';
import { useRuleForm, type RuleFormState } from '../../../lib/use-rule-form';
import { toWireValues, type FinanceObjectFormValues } from './finance-object-form';

export interface FinanceObjectFormState extends RuleFormState<
  FinanceObjectFormValues,
  FinanceObjectValues,
  FinanceObjectField
> {
  isRequired: (field: FinanceObjectField) => boolean;
}

const REQUIRED: ReadonlySet<FinanceObjectField> = new Set(FINANCE_OBJECT_REQUIRED_FIELDS);

/** The add and edit form (spec 2 section 5), judged by the contracts' `financeObjectIssues` (the API's rules). */
export function useFinanceObjectForm(
  initial: FinanceObjectFormValues,
  context: FinanceObjectContext,
): FinanceObjectFormState {
  const judge = useCallback((wire: FinanceObjectValues) => financeObjectIssues(wire, context), [context]);
  const form = useRuleForm(initial, toWireValues, judge);
  return { ...form, isRequired: (field) => REQUIRED.has(field) };
}
