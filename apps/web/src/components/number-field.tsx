import { formatLocaleNumber, NUMBER_PRECISION, parseLocaleNumber } from '@finportal/contracts/numbers';
import { Text, TextInput, VisuallyHidden, type TextInputProps } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface NumberChange {
  /** The text in the field. */
  text: string;
  /** False when the text is not empty and not a number in the interface language. */
  valid: boolean;
}

export type NumberFieldProps = Omit<
  TextInputProps,
  'value' | 'onChange' | 'rightSection' | 'type' | 'inputMode' | 'defaultValue'
> & {
  /**
   * The number, or null when empty. A string is text that could not be read (kept by the form so
   * that its validation refuses it); it is shown as it was typed.
   */
  value: number | string | null;
  /**
   * Called on every change (typing and pasting) with the number read in the interface language,
   * or null when the field is empty or its text is not a number (then `change.valid` is false).
   */
  onChange: (value: number | null, change: NumberChange) => void;
  /** Unit drawn at the right end of the field: a currency code, "%", "Monate". */
  unit?: string;
  /**
   * How screen readers say the unit when it differs from the visible one ("Prozent" for %); a
   * currency code is spoken by its name (EUR: "Euro") without it. The unit is part of the field's
   * accessible name ("Betrag Euro").
   */
  unitLabel?: string;
  /** Fraction digits that may be typed: 2 by default (spec 1 section 9), 0 for whole numbers. */
  maximumFractionDigits?: number;
};

const CURRENCY_CODE = /^[A-Z]{3}$/;
/** Currency signs and codes that a pasted amount may carry ("12.345,67 €", "EUR 1,200"). */
const PASTED_UNIT = /^(?:[€$£%]|EUR|CHF|PLN|zł)\s*|\s*(?:[€$£%]|EUR|CHF|PLN|zł)$/giu;

function spokenCurrency(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The text without a unit at either end (the field's own unit, a currency sign or code, %). */
function withoutUnit(text: string, unit: string | undefined): string {
  let s = text.trim();
  if (unit && s.endsWith(unit)) s = s.slice(0, -unit.length);
  if (unit && s.startsWith(unit)) s = s.slice(unit.length);
  return s.replace(PASTED_UNIT, '').trim();
}

/**
 * The one number input of the portal (wizards, custom fields, representatives). Shows the value
 * in the interface language (`12.345,67` in German, `12,345.67` in English); reads what is typed
 * or pasted with the contracts' parser (German groups and decimal comma, English, Polish and
 * French spaces; a pasted unit is dropped). While the user types, the text stays as typed; on
 * leaving the field a readable number is written in the language's format. Unreadable text stays
 * and is reported (`onChange(null, { valid: false })`); when the form shows no error of its own
 * the field says how to write a number.
 *
 * The unit (EUR, %, months) is drawn inside the field and is part of its accessible name, so
 * screen readers announce "Loan amount Euro" instead of leaving the currency out.
 */
export function NumberField({
  value,
  onChange,
  unit,
  unitLabel,
  maximumFractionDigits = NUMBER_PRECISION,
  error,
  onBlur,
  onFocus,
  id: ownId,
  label,
  ...props
}: NumberFieldProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const generatedId = useId();
  const id = ownId ?? generatedId;
  const unitId = `${id}-unit`;
  /** What is typed, with the number it was read as; dropped when the value changes elsewhere (a slider). */
  const [draft, setDraft] = useState<{ text: string; value: number | null } | null>(null);
  const [focused, setFocused] = useState(false);

  const number = typeof value === 'number' && Number.isFinite(value) ? value : null;
  const typed = draft && draft.value === number ? draft.text : typeof value === 'string' ? value : null;
  // An amount with cents shows both digits (2.500,50, not 2.500,5), as the money it is.
  const cents = unit !== undefined && CURRENCY_CODE.test(unit) && number !== null && !Number.isInteger(number);
  const display =
    typed ??
    (number === null
      ? ''
      : formatLocaleNumber(number, language, { maximumFractionDigits, minimumFractionDigits: cents ? 2 : 0 }));
  const unreadable = number === null && display.trim() !== '';
  const example = formatLocaleNumber(maximumFractionDigits > 0 ? 12345.67 : 12345, language);
  const ownError = unreadable && !focused ? t('common:form.number_invalid', { example }) : undefined;

  const spokenUnit = unit ? (unitLabel ?? (CURRENCY_CODE.test(unit) ? spokenCurrency(unit, language) : unit)) : '';
  const labelled = label !== undefined && label !== null && label !== '';

  return (
    <TextInput
      {...props}
      id={id}
      label={label}
      error={error || ownError}
      inputMode={maximumFractionDigits > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={display}
      aria-labelledby={unit && labelled ? `${id}-label ${unitId}` : undefined}
      onFocus={(e) => {
        setFocused(true);
        onFocus?.(e);
      }}
      onChange={(e) => {
        const text = e.currentTarget.value;
        const read = parseLocaleNumber(withoutUnit(text, unit), language, { maximumFractionDigits });
        setDraft({ text, value: read });
        onChange(read, { text, valid: read !== null || text.trim() === '' });
      }}
      onBlur={(e) => {
        setFocused(false);
        // A readable number is written in the language's format; unreadable text stays as typed.
        if (draft && draft.value !== null) setDraft(null);
        onBlur?.(e);
      }}
      rightSection={
        unit ? (
          <Text id={unitId} component="span" size="sm" c="gray.7" pr={8}>
            {spokenUnit === unit ? (
              unit
            ) : (
              <>
                {/* The visible sign; screen readers hear the spoken form beside it. */}
                <span aria-hidden="true">{unit}</span>
                <VisuallyHidden>{spokenUnit}</VisuallyHidden>
              </>
            )}
          </Text>
        ) : undefined
      }
      rightSectionWidth={unit ? Math.max(44, unit.length * 9 + 16) : undefined}
      rightSectionPointerEvents="none"
    />
  );
}
