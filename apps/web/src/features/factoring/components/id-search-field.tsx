import type { CompanySearchResult } from '@finportal/contracts/company-search';
import { companyIdError, type CompanyIdType } from '@finportal/contracts/company-ids';
import { DEBOUNCE_MS } from '@finportal/contracts/constants';
import { Loader, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyHitList, SearchStatus } from '../../../components/company-hit-list';
import { translateErrorCode } from '../../../lib/i18n';
import { useDebitorIdSearch } from '../api/search-debitor-companies';

/**
 * The debtor search by a register or tax id of the country (GET /user/company_search with
 * company_country_id_type and company_country_id): the number is checked by the type's rule
 * (contracts company-ids), searched 500 ms after typing stops, and the hits are listed like the
 * name search's.
 */
export function IdSearchField({
  id,
  type,
  country,
  value,
  onChange,
  onPick,
  selectedId,
  error,
  sourceLabel,
}: {
  /** Where a hit comes from (see CompanyHitList). */
  sourceLabel?: (company: CompanySearchResult) => string;
  id: string;
  type: CompanyIdType;
  country: string;
  value: string;
  onChange: (value: string) => void;
  onPick: (company: CompanySearchResult) => void;
  selectedId: string | null;
  /** The form's message for the company (none picked...). */
  error?: string;
}) {
  const { t } = useTranslation(['factoring']);
  const [left, setLeft] = useState(false);
  const [debounced] = useDebouncedValue(value, DEBOUNCE_MS);
  const search = useDebitorIdSearch(type, debounced, country);
  const rule = companyIdError(type, value);
  const valid = rule === null;
  const waiting = valid && (debounced.trim() !== value.trim() || search.isFetching);
  const hits: CompanySearchResult[] =
    valid && search.data && debounced.trim() === value.trim()
      ? [...search.data.our_companies, ...search.data.external_provider_companies]
      : [];

  let status = '';
  if (!valid) status = t('factoring:search.id_enter');
  else if (waiting) status = t('factoring:search.searching');
  else if (search.isError) status = t('factoring:search.failed');
  else if (search.data)
    status = hits.length ? t('factoring:search.found', { count: hits.length }) : t('factoring:search.none');

  const ruleMessage = left && value.trim() !== '' && rule ? translateErrorCode(rule.code, rule.values) : undefined;
  return (
    <Stack gap="sm">
      <TextInput
        id={id}
        label={t(`factoring:id_types.${type}`)}
        description={t(`factoring:id_examples.${type}`)}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={() => setLeft(true)}
        error={ruleMessage ?? error}
        rightSection={waiting ? <Loader size="xs" aria-hidden="true" /> : undefined}
      />
      <SearchStatus status={status} waiting={false} failed={search.isError && valid && !waiting} />
      {hits.length > 0 && (
        <CompanyHitList
          hits={hits}
          selectedId={selectedId}
          onPick={onPick}
          label={t('factoring:search.results')}
          sourceLabel={sourceLabel}
        />
      )}
    </Stack>
  );
}
