import { datePattern } from '@finportal/contracts/form-dates';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A date typed in the configured format (e.g. DD.MM.YYYY): digits are grouped and the separators
 * inserted as the user types. A masked text input instead of a date picker keeps the dynamic
 * wizard light; the contract's validator parses the value.
 */
export function formatDateInput(raw: string, format: string): string {
  const parts = format.split(/(YYYY|MM|DD)/).filter(Boolean);
  const isGroup = (part: string) => part === 'YYYY' || part === 'MM' || part === 'DD';
  const groups = parts.filter(isGroup);
  const between = parts.filter((p) => !isGroup(p));
  const separatorChars = new Set(between.join(''));
  // Only digits and the format's own separators are reformatted; anything else is left alone.
  if (groups.length === 0 || [...raw].some((c) => !/\d/.test(c) && !separatorChars.has(c))) return raw;
  const segments = raw.split(new RegExp(`[${[...separatorChars].map((c) => `\\${c}`).join('')}]`));
  const out: string[] = [];
  let carry = '';
  groups.forEach((group, i) => {
    let segment = carry + (segments[i] ?? '');
    carry = '';
    if (segment.length > group.length) {
      carry = segment.slice(group.length);
      segment = segment.slice(0, group.length);
    }
    out.push(segment);
  });
  // Drop empty trailing groups, but keep a separator the user just typed.
  const endsWithSeparator = raw.length > 0 && separatorChars.has(raw[raw.length - 1]!);
  let last = out.length - 1;
  while (last > 0 && out[last] === '') last--;
  let text = '';
  for (let i = 0; i <= last; i++) text += (i > 0 ? (between[i - 1] ?? '') : '') + out[i];
  if (endsWithSeparator && last < groups.length - 1 && out[last] !== '') text += between[last] ?? '';
  return text;
}

/**
 * The date field of every form: the format's pattern in the page's language as its placeholder
 * (TT.MM.JJJJ in German, JJ.MM.AAAA in French: `datePattern`, beside the parser in contracts), unless
 * the caller gives its own; a `description` may name it with `datePattern` too.
 */
export function DateField({
  format,
  value,
  onChange,
  placeholder,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { format: string; value: string; onChange: (value: string) => void }) {
  const { i18n } = useTranslation();
  return (
    <TextInput
      {...props}
      placeholder={placeholder ?? datePattern(format, i18n.resolvedLanguage ?? i18n.language)}
      inputMode="numeric"
      autoComplete="off"
      maxLength={format.length}
      value={value}
      onChange={(e) => onChange(formatDateInput(e.currentTarget.value, format))}
    />
  );
}
