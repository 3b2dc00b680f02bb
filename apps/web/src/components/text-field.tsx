import { Textarea, TextInput, type TextareaProps, type TextInputProps } from '@mantine/core';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface LengthLimit {
  /**
   * Most characters allowed (leading and trailing spaces not counted, like the validators). Longer
   * text is never cut off: it stays in the field, which says so, and the form's validation
   * refuses it. (No `maxlength` attribute: the browser would drop the rest of a paste silently.)
   */
  maxLength?: number;
}

export type TextFieldProps = Omit<TextInputProps, 'maxLength'> & LengthLimit;
export type TextAreaFieldProps = Omit<TextareaProps, 'maxLength'> & LengthLimit;

/**
 * The text in the field (controlled: `value`; uncontrolled, e.g. Mantine form's uncontrolled mode:
 * followed through `onChange`) and the length message when it is longer than `maxLength`.
 */
function useLengthLimit<E extends HTMLInputElement | HTMLTextAreaElement>(
  props: { value?: unknown; defaultValue?: unknown; onChange?: (event: ChangeEvent<E>) => void; error?: unknown },
  maxLength: number | undefined,
) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(() => String(props.defaultValue ?? ''));
  const text = props.value === undefined || props.value === null ? typed : String(props.value);
  const count = text.trim().length;
  const tooLong = maxLength !== undefined && count > maxLength;
  return {
    // While the text is too long, that is the field's problem; otherwise the form's own error.
    error: tooLong ? t('common:form.too_long', { max: maxLength, count }) : props.error,
    onChange: (event: ChangeEvent<E>) => {
      setTyped(event.currentTarget.value);
      props.onChange?.(event);
    },
  };
}

/** A text input with a length limit that never cuts text off (finding 15): it says "At most 30 characters (40 entered)". */
export function TextField({ maxLength, ...props }: TextFieldProps) {
  const limit = useLengthLimit<HTMLInputElement>(props, maxLength);
  return <TextInput {...props} error={limit.error as TextInputProps['error']} onChange={limit.onChange} />;
}

/** A multi-line text field with the same length limit as TextField. */
export function TextAreaField({ maxLength, ...props }: TextAreaFieldProps) {
  const limit = useLengthLimit<HTMLTextAreaElement>(props, maxLength);
  return <Textarea {...props} error={limit.error as TextareaProps['error']} onChange={limit.onChange} />;
}
