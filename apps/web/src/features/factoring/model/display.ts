import type { FactoringFieldKind } from '@finportal/contracts/factoring-rules';
import type { TFunction } from 'i18next';
import { formatMoney, formatNumber } from '../../../lib/format';

/** A stored factoring value as a card shows it, in the interface language ('–': not answered). */
export function formatFactoringValue(
  kind: FactoringFieldKind,
  value: unknown,
  { t, language, currency }: { t: TFunction; language: string; currency: string },
): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return t('factoring:card.not_given');
  }
  switch (kind) {
    case 'amount':
      return typeof value === 'number' ? formatMoney(value, currency, language) : String(value);
    case 'count':
      return typeof value === 'number' ? formatNumber(value, language) : String(value);
    case 'days':
      return typeof value === 'number' ? t('factoring:form.days_value', { count: value }) : String(value);
    case 'currencies':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'boolean':
      return value === true ? t('factoring:form.yes') : t('factoring:form.no');
    default:
      return String(value);
  }
}
