import type { DocumentType } from './document-rules.js';
import { DOCUMENT_TYPE_TEXTS_DE } from './document-type-texts-de.js';
import { DOCUMENT_TYPE_TEXTS_EN } from './document-type-texts-en.js';
import { DOCUMENT_TYPE_TEXTS_FR } from './document-type-texts-fr.js';
import { DOCUMENT_TYPE_TEXTS_PL } from './document-type-texts-pl.js';
import type { I18nText } from './dynamic-forms.js';

export interface DocumentTypeTexts {
  /** The type's name. */
  name: I18nText;
  /** One sentence under the name: what to upload. */
  description: I18nText;
  /** The tooltip: more detail (what exactly counts, typical source, period), 1–3 sentences. */
  tooltip_description: I18nText;
}

const BY_LANGUAGE = {
  de: DOCUMENT_TYPE_TEXTS_DE,
  en: DOCUMENT_TYPE_TEXTS_EN,
  pl: DOCUMENT_TYPE_TEXTS_PL,
  fr: DOCUMENT_TYPE_TEXTS_FR,
};

/**
 * Default texts of every document type in de, en, pl and fr (spec 2 section 3 "Document type
 * config"), one file per language; a partner file may override them.
 */
export const DOCUMENT_TYPE_TEXTS = Object.fromEntries(
  (Object.keys(DOCUMENT_TYPE_TEXTS_EN) as DocumentType[]).map((type) => {
    const texts = (key: keyof DocumentTypeTexts): I18nText =>
      Object.fromEntries(Object.entries(BY_LANGUAGE).map(([language, table]) => [language, table[type][key]]));
    return [
      type,
      { name: texts('name'), description: texts('description'), tooltip_description: texts('tooltip_description') },
    ];
  }),
) as Record<DocumentType, DocumentTypeTexts>;
