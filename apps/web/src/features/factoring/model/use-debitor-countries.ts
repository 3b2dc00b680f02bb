import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config';
import { countryName } from '../../../lib/format';
import { DEBITOR_COUNTRIES } from './debitor-form';

/** The countries a debtor may be in, named in the interface language and sorted by that name. */
export function useDebitorCountries(): { value: string; label: string }[] {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { app } = useConfig();
  return useMemo(
    () =>
      [...new Set([...app.countries, ...DEBITOR_COUNTRIES])]
        .map((code) => ({ value: code, label: countryName(code, language) }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [app.countries, language],
  );
}
