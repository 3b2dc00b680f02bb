import { countriesPreferredFirst } from '@finportal/contracts/countries';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from './config';
import { namedCountries, type CountryOption } from './format';

export type { CountryOption };

/** A select's country data: one flat list, or the partner's countries and all others as two groups. */
export type CountryOptions = CountryOption[] | { group: string; items: CountryOption[] }[];

/**
 * The one country list of every country select (issue 26): all countries of ISO 3166
 * (`@finportal/contracts/countries`), named in the page's language (Intl.DisplayNames) and sorted
 * by that name; the given countries (by default the partner's) first as their own group. The
 * wizard's company country alone offers the partner's application countries only (namedCountries):
 * loan types and legal forms follow from it, and the partner finances there only (ADR 040).
 */
export function countryOptions(
  preferred: readonly string[],
  language: string,
  groups: { preferred: string; others: string },
): CountryOptions {
  const named = (codes: readonly string[]) => namedCountries(codes, language);
  const list = countriesPreferredFirst(preferred);
  if (list.preferred.length === 0) return named(list.others);
  return [
    { group: groups.preferred, items: named(list.preferred) },
    { group: groups.others, items: named(list.others) },
  ];
}

/** countryOptions with the partner's countries first (or the given ones), in the interface language. */
export function useCountryOptions(preferred?: readonly string[]): CountryOptions {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { app } = useConfig();
  const first = preferred ?? app.countries;
  const key = first.join(',');
  return useMemo(
    () =>
      countryOptions(key ? key.split(',') : [], language, {
        preferred: t('common:countries.preferred'),
        others: t('common:countries.others'),
      }),
    [key, language, t],
  );
}
