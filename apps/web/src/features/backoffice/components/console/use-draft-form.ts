import type { ConsoleConfig } from '@finportal/contracts/partner-console';
import { useMemo, useState } from 'react';
import {
  draftIssues,
  sameConfig,
  toWire,
  valuesOf,
  type DraftField,
  type DraftIssue,
  type DraftValues,
} from './draft-form';

export interface DraftFormState {
  values: DraftValues;
  /** The draft the values make (what "Save draft" sends). */
  wire: ConsoleConfig;
  /** The values differ from the saved draft. */
  dirty: boolean;
  /** Every rule's verdict on the values, in the form's order. */
  issues: DraftIssue[];
  setValue: <K extends DraftField>(field: K, value: DraftValues[K]) => void;
  /** The field was left: its rule's message shows from now on. */
  touch: (field: DraftField) => void;
  /** The field's message: the server's, or the rule's once the field was left or saving was tried. */
  errorOf: (field: DraftField) => string | undefined;
  /** Marks every field as shown (saving was tried); answers the first field with an issue. */
  attemptSubmit: () => DraftField | null;
  /** The server's field errors (a 400), shown until the field changes. */
  setServerError: (field: DraftField, message: string) => void;
  /** Back to the saved draft. */
  discard: () => void;
}

/** Fields judged together: a change of one clears the server's error on the others (the contrast of a pair, the default of a list). */
const LINKED: DraftField[][] = [
  ['fe_theme.color_primary', 'fe_theme.color_cta_text', 'fe_theme.color_link'],
  ['languages.supported', 'languages.default'],
  ['currencies.supported', 'currencies.default'],
];

/**
 * The draft form's state (the pattern of lib/use-rule-form.ts, with the console's nested fields):
 * every change is judged at once by the API's rules; a field's message shows once it was left or
 * saving was tried; a server error stays until its field changes. A new saved draft (the answer of
 * a save, a publish or a restore) becomes the form's values: the draft query changes only by those
 * writes, so nothing typed is replaced by a refetch. `message` words an issue.
 */
export function useDraftForm(draft: ConsoleConfig, message: (issue: DraftIssue) => string): DraftFormState {
  const [base, setBase] = useState(draft);
  const [values, setValues] = useState(() => valuesOf(draft));
  const [touched, setTouched] = useState<ReadonlySet<DraftField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<DraftField, string>>>({});
  const wire = useMemo(() => toWire(values, base), [values, base]);
  const dirty = !sameConfig(wire, base);
  if (draft !== base) {
    // A new logo alone (uploaded on its own) keeps what is being typed; any other new draft is the form's now.
    const logoOnly = sameConfig({ ...base, logo: null }, { ...draft, logo: null });
    setBase(draft);
    if (!(dirty && logoOnly)) {
      setValues(valuesOf(draft));
      setServerErrors({});
    }
  }

  const issues = useMemo(() => draftIssues(wire), [wire]);
  const byField = useMemo(() => new Map(issues.map((issue) => [issue.field, issue])), [issues]);

  return {
    values,
    wire,
    dirty,
    issues,
    setValue: (field, value) => {
      setValues((prev) => ({ ...prev, [field]: value }));
      const cleared = LINKED.find((group) => group.includes(field)) ?? [field];
      setServerErrors((prev) =>
        cleared.some((f) => prev[f]) ? { ...prev, ...Object.fromEntries(cleared.map((f) => [f, undefined])) } : prev,
      );
    },
    touch: (field) => setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field))),
    errorOf: (field) => {
      const server = serverErrors[field];
      if (server) return server;
      const issue = byField.get(field);
      if (!issue || !(submitted || touched.has(field))) return undefined;
      return message(issue);
    },
    attemptSubmit: () => {
      setSubmitted(true);
      return issues[0]?.field ?? null;
    },
    setServerError: (field, text) => setServerErrors((prev) => ({ ...prev, [field]: text })),
    discard: () => {
      setValues(valuesOf(base));
      setServerErrors({});
      setTouched(new Set());
      setSubmitted(false);
    },
  };
}
