import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../model/format';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'rightSection' | 'type'> & {
  value: number | null;
  onChange: (value: number | null) => void;
  /** Unit drawn inside the field (currency code, "months"). */
  unit?: string;
  maxDigits?: number;
};

/** The position in `text` just after its `digits`-th digit. */
function caretAfterDigits(text: string, digits: number): number {
  if (digits <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text[i]!)) seen++;
    if (seen === digits) return i + 1;
  }
  return text.length;
}

/**
 * A whole-number field, always shown with the language's grouping (100.000 / 100,000); the caret
 * stays behind the digit it was after while the grouping changes. No number-format library: the
 * loan-info step is on the bundle budget.
 */
export function NumberField({ value, onChange, unit, maxDigits = 12, ...props }: Props) {
  const { i18n } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const display = value === null ? '' : formatNumber(value, i18n.language);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    const position = caretAfterDigits(display, caret.current);
    caret.current = null;
    input.setSelectionRange(position, position);
  });

  return (
    <TextInput
      {...props}
      ref={inputRef}
      inputMode="numeric"
      autoComplete="off"
      value={display}
      onChange={(e) => {
        const input = e.currentTarget;
        const before = input.value.slice(0, input.selectionStart ?? input.value.length);
        const digits = input.value
          .replace(/\D/g, '')
          .replace(/^0+(?=\d)/, '')
          .slice(0, maxDigits);
        caret.current = Math.min(before.replace(/\D/g, '').length, digits.length);
        onChange(digits === '' ? null : Number(digits));
      }}
      rightSection={
        unit ? (
          <Text size="sm" c="gray.7" pr={8} aria-hidden="true">
            {unit}
          </Text>
        ) : undefined
      }
      rightSectionWidth={unit ? Math.max(44, unit.length * 9 + 16) : undefined}
      rightSectionPointerEvents="none"
    />
  );
}
