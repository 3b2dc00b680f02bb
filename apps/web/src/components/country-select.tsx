import { NativeSelect } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useCountryOptions } from '../lib/use-country-options';

interface CountrySelectProps {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** Must only update state (a functional update): a later render's handler is not passed on. */
  onValue: (value: string) => void;
  onBlur?: () => void;
}

const sameExceptHandlers = (a: CountrySelectProps, b: CountrySelectProps) =>
  (Object.keys(b) as (keyof CountrySelectProps)[]).every(
    (key) => typeof b[key] === 'function' || Object.is(a[key], b[key]),
  ) && Object.keys(a).length === Object.keys(b).length;

/**
 * A country select of a form (issue 26): every ISO country, the partner's first (useCountryOptions),
 * as a native select (the phone's own picker, type-to-find on desktops). Its ~250 options render
 * again only when its own value, text or state changes, not on every keystroke elsewhere in the form.
 */
export const CountrySelect = memo(function CountrySelect({ onValue, placeholder, ...props }: CountrySelectProps) {
  const countries = useCountryOptions();
  const data = useMemo(() => [{ value: '', label: placeholder }, ...countries], [placeholder, countries]);
  return <NativeSelect {...props} data={data} onChange={(event) => onValue(event.currentTarget.value)} />;
}, sameExceptHandlers);
