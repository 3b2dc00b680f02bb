import type { CompanySearchResult } from '@finportal/contracts/company-search';
import { DEBOUNCE_MS } from '@finportal/contracts/constants';
import { Alert, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, type FocusEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { isSearchableName, useCompanySearch } from '../../company-search/api/search-companies';

interface Props {
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
}

/**
 * Company search (spec 1 section 5): 4 to 255 characters, debounced 500 ms, GET /company_search;
 * loading, empty and error states; hits as a list of selectable cards (ours and the registry's).
 */
export function CompanySearch({ value, onChange, country, onPick, selectedId, label, error, id, onFocus }: Props) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(value, DEBOUNCE_MS);
  const search = useCompanySearch(debounced, country);
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
        ? t('application:company_name.found', { number: hits.length })
        : t('application:company_name.no_results');
  else status = '';

  return (
    <Stack gap="sm">
      <TextInput
        id={id}
        label={label}
        required
        autoComplete="organization"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onFocus={onFocus}
        error={error}
        maxLength={255}
        aria-describedby={statusId}
        rightSection={waiting ? <Loader size="xs" aria-hidden="true" /> : undefined}
      />
      <div id={statusId} role="status" aria-live="polite">
        {search.isError && searchable && !waiting ? (
          <Alert color="red" variant="light" title={t('application:company_name.search_error_title')}>
            {status}
          </Alert>
        ) : (
          <Group gap="xs">
            {waiting && <Loader size="sm" aria-hidden="true" />}
            <Text size="sm" c="gray.7">
              {status}
            </Text>
          </Group>
        )}
      </div>
      {hits.length > 0 && (
        <ul className="fp-company-results" aria-label={t('application:company_name.results_label')}>
          {hits.map((hit) => (
            <li key={`${hit.isInternal ? 'our' : 'ext'}-${hit.id}`}>
              <CompanyCard company={hit} selected={hit.id === selectedId} onPick={() => onPick(hit)} />
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}

function CompanyCard({
  company,
  selected,
  onPick,
}: {
  company: CompanySearchResult;
  selected: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation();
  const address = [company.street, [company.plz, company.ort].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <button type="button" className="fp-company-option" aria-pressed={selected} onClick={onPick}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {company.name}
        </Text>
        <Text size="xs" fw={700} c="gray.8" tt="uppercase" style={{ flexShrink: 0 }}>
          {company.isInternal
            ? t('application:company_name.source_ours')
            : t('application:company_name.source_registry')}
        </Text>
      </Group>
      {address && (
        <Text size="sm" c="gray.8">
          {address}
        </Text>
      )}
      {company.companyType && (
        <Text size="sm" c="gray.8">
          {t('application:company_name.legal_form', {
            form: t(`application:company_types.${company.companyType}`, { defaultValue: company.companyType }),
          })}
        </Text>
      )}
    </button>
  );
}
