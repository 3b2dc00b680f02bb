import type { RepresentativeValues, SignatoryField } from '@finportal/contracts/representative-schemas';
import {
  representativeIssues,
  requiredFieldsOf,
  type RepresentativeContext,
  type RepresentativeIssue,
} from '@finportal/contracts/representatives';
import { useCallback, useMemo } from 'react';
import { useRuleForm, type RuleFormState } from '../../../lib/use-rule-form';
import { toWireValues, type RepresentativeFormValues } from './representative-form';

export interface RepresentativeFormState extends Omit<
  RuleFormState<RepresentativeFormValues, RepresentativeValues, SignatoryField>,
  'attemptSubmit'
> {
  required: ReadonlySet<SignatoryField>;
  /** Required fields still empty (err_required), in form order: the live "still missing" list. */
  missing: SignatoryField[];
  /** Issues on the fields this user may change: saving waits until there are none. */
  blocking: RepresentativeIssue[];
  /** Marks every field as shown (a save was tried); answers the first field to fix, if any. */
  attemptSubmit: () => SignatoryField | null;
}

/**
 * The add and edit form (spec 2 section 5), judged by the contracts' `representativeIssues` (one
 * issue per field), so the list of missing fields follows the typing. Fields outside `editable`
 * are shown but never block saving (the user cannot fix them).
 */
export function useRepresentativeForm(
  initial: RepresentativeFormValues,
  {
    context,
    format,
    editable,
  }: { context: RepresentativeContext; format: string; editable: ReadonlySet<SignatoryField> },
): RepresentativeFormState {
  const toWire = useCallback((values: RepresentativeFormValues) => toWireValues(values, format), [format]);
  const judge = useCallback((wire: RepresentativeValues) => representativeIssues(wire, context), [context]);
  const form = useRuleForm(initial, toWire, judge);
  const required = useMemo(() => new Set(requiredFieldsOf(form.wire)), [form.wire]);
  const blocking = form.issues.filter((issue) => editable.has(issue.field));
  return {
    ...form,
    required,
    missing: form.issues.filter((issue) => issue.code === 'err_required').map((issue) => issue.field),
    blocking,
    attemptSubmit: () => form.attemptSubmit(blocking),
  };
}
