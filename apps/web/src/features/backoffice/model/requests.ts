import type { CaseDetail } from '@finportal/contracts/backoffice';
import type { DataRequest } from '@finportal/contracts/data-requests';
import { useTranslation } from 'react-i18next';
import { currentLanguage, translateErrorCode } from '../../../lib/i18n';
import { localized } from '../../../lib/i18n-text';
import { CONTRACT_KIND_LIST } from './contracts';

/**
 * The requests to the customer (issue 13, ADR 019) as the case page shows them, and the document
 * types a request can ask for: the application's configured types, named as the customer reads
 * them (the partner's names in the interface language, as the Documents tab shows them).
 */

/**
 * The lengths of the request texts of contracts data-requests.ts (`createDataRequestRequest`'s
 * message, `rejectDocumentRequest`'s reason: trimmed, 5 to 2,000 and 5 to 1,000 characters),
 * checked here without those zod schemas: their module sits in a chunk the borrower's dashboard
 * shares, and every schema used here would be downloaded with the dashboard too.
 * requests.test.ts proves that these rules and the contracts' schemas agree.
 */
export const MESSAGE_LIMITS = { min: 5, max: 2000 } as const;
export const REJECT_REASON_LIMITS = { min: 5, max: 1000 } as const;

/** What is wrong with a text of these limits (the contracts' codes, translated), or undefined. */
export function lengthIssue(value: string, limits: { min: number; max: number }): string | undefined {
  const length = value.trim().length;
  if (length === 0) return translateErrorCode('err_required');
  if (length < limits.min) return translateErrorCode('err_too_short', { min: limits.min });
  if (length > limits.max) return translateErrorCode('err_too_long', { max: limits.max });
  return undefined;
}

/** Open requests first, each group newest first (the API's order, kept when a write answers the case). */
export function sortedRequests(requests: readonly DataRequest[]): DataRequest[] {
  const rank = (r: DataRequest) => (r.status === 'open' ? 0 : 1);
  return [...requests].sort((a, b) => rank(a) - rank(b) || b.created_at.localeCompare(a.created_at));
}

export interface DocumentTypeGroup {
  /** The category key (financials, company...). */
  category: string;
  types: { value: string; label: string }[];
}

/** The document types of the application by category, named in the interface language. */
export function documentTypeGroups(detail: CaseDetail, language: string): DocumentTypeGroup[] {
  return detail.application.document_configurations.document_categories
    .filter((category) => category.document_types.length > 0)
    .map((category) => ({
      category: category.name,
      types: category.document_types.map((type) => ({
        value: type.document_type,
        label: localized(type.name, language) || type.document_type,
      })),
    }));
}

/** The configured name of a document type in the interface language, or null when the application does not offer it. */
export function configuredTypeName(detail: CaseDetail, type: string, language: string): string | null {
  for (const category of detail.application.document_configurations.document_categories) {
    const found = category.document_types.find((t) => t.document_type === type);
    if (found) return localized(found.name, language) || null;
  }
  return null;
}

/**
 * Names a document type as the customer reads it: the application's configured name, the
 * contracts' own names, else the type's general name (a type the configuration no longer offers).
 */
export function useDocumentTypeName(detail: CaseDetail): (type: string | null) => string {
  const { t } = useTranslation(['backoffice', 'overview']);
  const language = currentLanguage();
  return (type) => {
    if (!type) return '';
    const configured = configuredTypeName(detail, type, language);
    if (configured) return configured;
    if ((CONTRACT_KIND_LIST as readonly string[]).includes(type)) return t(`backoffice:contracts.kinds.${type}`);
    return t(`overview:document_types.${type}`, { defaultValue: type });
  };
}
