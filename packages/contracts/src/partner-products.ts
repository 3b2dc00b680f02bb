import { documentConfigurationsOf, type DocumentCategory, type DocumentConfigurations } from './documents.js';
import type { PartnerFile } from './partner.js';
import { DEFAULT_PENDING_CHECKS, type PendingStep } from './pending-items.js';
import type { ProductType } from './products.js';

/**
 * What a partner's file sets per product (issue 24: one place for the modules that read it, so
 * that none of them imports another for it): the pending checks and the document configuration.
 */

/** The checks that apply to a product at a partner (partner file `pending_items`). */
export function checksFor(partner: Pick<PartnerFile, 'pending_items'>, product: ProductType): ReadonlySet<PendingStep> {
  const config = partner.pending_items;
  return new Set(config.by_product[product] ?? config.checks ?? DEFAULT_PENDING_CHECKS);
}

type DocumentsConfig = Pick<PartnerFile, 'documents' | 'allowed_file_upload_type_list'>;

/** The document configuration of a product at a partner (partner file `documents`) under the application's base year. */
export function documentConfigurationsFor(
  partner: DocumentsConfig,
  product: ProductType,
  baseYear: number | null,
): DocumentConfigurations {
  return documentConfigurationsOf(
    partner.documents.by_product[product] ?? partner.documents.default,
    partner.allowed_file_upload_type_list,
    baseYear,
  );
}

/** The document categories of a product at a partner under the application's base year. */
export function documentCategoriesFor(
  partner: DocumentsConfig,
  product: ProductType,
  baseYear: number | null,
): DocumentCategory[] {
  return documentConfigurationsFor(partner, product, baseYear).document_categories;
}
