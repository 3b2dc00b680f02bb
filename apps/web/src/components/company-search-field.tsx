import type { CompanySearchResponse, CompanySearchResult } from '@finportal/contracts/company-search';
import { DEBOUNCE_MS } from '@finportal/contracts/constants';
import { Loader, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, type FocusEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { isSearchableName } from '../lib/company-name';
import { CompanyHitList, SearchStatus } from './company-hit-list';

/** The search call as the feature provides it (features/company-search/api `useCompanySearch`). */
export type UseCompanySearch = (
  name: string,
  country: string,
) => { data?: CompanySearchResponse; isFetching: boolean; isError: boolean };

interface Props {
  /** The search call (passed in: components sit below the features). */
  useSearch: UseCompanySearch;
  value: string;
  onChange: (value: string) => void;
  country: string;
  onPick: (company: CompanySearchResult) => void;
  /** Id of the picked hit (drawn as selected). */
  selectedId?: string | null;
  label: string;
  error?: string;
  id?: string;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  /** The wizard's own company is required; a merchant search is a help, not a field to fill. */
  required?: boolean;
  /** Shown under the label. */
  description?: string;
  /** Where a hit comes from (see CompanyHitList). */
  sourceLabel?: (company: CompanySearchResult) => string;
  /** The status once hits are shown (default: "Companies found: n. Please select your company."). */
  foundText?: (count: number) => string;
}

/**
 * Company search (spec 1 section 5): 4 to 255 characters, debounced 500 ms, GET /company_search;
 * loading, empty and error states; hits as a list of selectable cards (ours and the registry's).
 */
export function CompanySearchField({
  useSearch,
  value,
  onChange,
  country,
  onPick,
  selectedId,
  label,
  error,
  id,
  onFocus,
  required = true,
  description,
  sourceLabel,
  foundText,
}: Props) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(value, DEBOUNCE_MS);
  const search = useSearch(debounced, country);
  const statusId = useId();
  const searchable = isSearchableName(value);
  const waiting = searchable && (debounced.trim() !== value.trim() || search.isFetching);
  const hits: CompanySearchResult[] =
    searchable && search.data && debounced.trim() === value.trim()
      ? [...search.data.our_companies, ...search.data.external_provider_companies]
      : [];

  let status: string;
  if (!searchable) status = t('application:company_name.min_chars');
  else if (waiting) status = t('application:company_name.searching');
  else if (search.isError) status = t('application:company_name.search_error');
  else if (search.data)
    status =
      hits.length > 0
        ? (foundText?.(hits.length) ?? t('application:company_name.found', { number: hits.length }))
        : t('application:company_name.no_results');
  else status = '';

  return (
    <Stack gap="sm">
      <TextInput
        id={id}
        label={label}
        required={required}
        description={description}
        autoComplete={required ? 'organization' : 'off'}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onFocus={onFocus}
        error={error}
        maxLength={255}
        aria-describedby={statusId}
        rightSection={waiting ? <Loader size="xs" aria-hidden="true" /> : undefined}
      />
      <SearchStatus
        id={statusId}
        status={status}
        waiting={waiting}
        failed={search.isError && searchable && !waiting}
        failedTitle={t('application:company_name.search_error_title')}
      />
      {hits.length > 0 && (
        <CompanyHitList
          hits={hits}
          selectedId={selectedId}
          onPick={onPick}
          label={t('application:company_name.results_label')}
          sourceLabel={sourceLabel}
        />
      )}
    </Stack>
  );
}
