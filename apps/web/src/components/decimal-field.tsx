import { Text, TextInput, type TextInputProps } from '@mantine/core';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'rightSection' | 'inputMode'> & {
  /** The text as typed (decimal comma or point); converted where the form is submitted. */
  value: string;
  onChange: (value: string) => void;
  /** Drawn at the right end of the field: %, a currency code, "years". */
  unit?: string;
};

/** A decimal number typed as text, with its unit inside the field (dynamic wizard, custom fields). */
export function DecimalField({ value, onChange, unit, ...props }: Props) {
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={
        unit ? (
          <Text size="sm" c="gray.7" pr={8} aria-hidden="true">
            {unit}
          </Text>
        ) : undefined
      }
      rightSectionWidth={unit ? Math.max(36, unit.length * 9 + 16) : undefined}
      rightSectionPointerEvents="none"
    />
  );
}
