import type { CompanySearchResult } from '@finportal/contracts/company-search';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './company-hit-list.css';

/**
 * The hits of a company search as a list of selectable cards (ours and the registry's): name,
 * source, address and legal form. The texts are the `application` namespace's company search texts.
 */
export function CompanyHitList({
  hits,
  selectedId,
  onPick,
  label,
  sourceLabel,
}: {
  hits: CompanySearchResult[];
  selectedId?: string | null;
  onPick: (company: CompanySearchResult) => void;
  label: string;
  /** Where a hit comes from, as the card says it (default: ours or the company register). */
  sourceLabel?: (company: CompanySearchResult) => string;
}) {
  return (
    <ul className="fp-company-results" aria-label={label}>
      {hits.map((hit) => (
        <li key={`${hit.isInternal ? 'our' : 'ext'}-${hit.id}`}>
          <CompanyCard
            company={hit}
            selected={hit.id === selectedId}
            onPick={() => onPick(hit)}
            source={sourceLabel?.(hit)}
          />
        </li>
      ))}
    </ul>
  );
}

function CompanyCard({
  company,
  selected,
  onPick,
  source,
}: {
  company: CompanySearchResult;
  selected: boolean;
  onPick: () => void;
  source?: string;
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
          {source ??
            (company.isInternal
              ? t('application:company_name.source_ours')
              : t('application:company_name.source_registry'))}
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

/**
 * A search's status line under its field (announced politely): the hint, "searching" with a
 * spinner, the number found, or the failure as an alert (with `failedTitle` when given).
 */
export function SearchStatus({
  id,
  status,
  waiting,
  failed,
  failedTitle,
}: {
  id?: string;
  status: string;
  waiting: boolean;
  failed: boolean;
  failedTitle?: string;
}) {
  return (
    <div id={id} role="status" aria-live="polite">
      {failed ? (
        <Alert color="red" variant="light" title={failedTitle}>
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
  );
}
