import { cleanPastedPhone } from '@finportal/contracts/validators';
import { TextInput, type TextInputProps } from '@mantine/core';
import type { ClipboardEvent } from 'react';

/**
 * A phone number field (spec 2 section 5 "Phone"): pasted text is stripped to digits, plus,
 * brackets and hyphens by the contracts' `cleanPastedPhone` ("Tel. +49 (30) 123-456 78" →
 * "+49(30)123-45678"); typed text stays as typed and the rule judges it.
 */
export function PhoneField({
  value,
  onValueChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'onPaste' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
}) {
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!pasted) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    onValueChange(value.slice(0, start) + cleanPastedPhone(pasted) + value.slice(end));
  };
  return (
    <TextInput
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      value={value}
      onChange={(event) => onValueChange(event.currentTarget.value)}
      onPaste={paste}
    />
  );
}
