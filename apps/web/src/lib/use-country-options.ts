import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from './config';
import { countryName } from './format';

/** The partner's countries as select options, named in the interface language and sorted by that name. */
export function useCountryOptions(): { value: string; label: string }[] {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { app } = useConfig();
  return useMemo(
    () =>
      app.countries
        .map((code) => ({ value: code, label: countryName(code, language) }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [app.countries, language],
  );
}
