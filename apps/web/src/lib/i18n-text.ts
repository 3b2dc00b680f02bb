import { FALLBACK_LANGUAGE } from '@finportal/contracts/constants';
import { baseLanguage } from '@finportal/contracts/portal-routes';
import type { DynamicFieldError, I18nText } from '@finportal/contracts/dynamic-forms';
import { translateErrorCode } from './i18n';

/**
 * Texts that come from configuration (`{ de, en, ... }`: dynamic form labels, step titles, rule
 * messages). Shared by the dynamic wizard and the dashboard's custom-field cards.
 */

/** A configured text in the interface language, else German, English or any. */
export function localized(text: I18nText | undefined, language: string): string {
  if (!text) return '';
  const texts = text as Record<string, string | undefined>;
  const own = texts[language] ?? texts[baseLanguage(language)];
  return own ?? text[FALLBACK_LANGUAGE] ?? text.en ?? Object.values(text).find(Boolean) ?? '';
}

/** The message of a validator error: the rule's own text (e.g. a consent checkbox) or the code's. */
export function dynamicErrorMessage(error: Pick<DynamicFieldError, 'code' | 'values' | 'message'>, language: string) {
  const own = localized(error.message, language);
  return own || translateErrorCode(error.code, error.values);
}
