import type { FieldIssue } from '@finportal/contracts/create-application';
import type { TFunction } from 'i18next';
import type { PortalConfig } from '../../../lib/config';
import { countryName, formatMoney } from '../../../lib/format';
import { translateErrorCode } from '../../../lib/i18n';
import { loanLimits, partnerRules } from './products';
import type { ClassicValues } from './wizard-state';

type Issue = Pick<FieldIssue, 'field' | 'code' | 'values' | 'kind'>;

/**
 * The text of a step's issue. What the partner refuses names the partner and the reason ("Demo
 * Finanz does not finance companies with the legal form GbR."); a value outside the limits
 * names the limits the slider shows (the product limits narrowed to the partner's range), money
 * in the currency and language. Anything else is the error code's text.
 */
export function issueMessage(
  issue: Issue,
  context: { config: PortalConfig; values: ClassicValues; t: TFunction; language: string },
): string {
  const { config, values, t, language } = context;
  const partner = partnerRules(config).name;
  const money = (n: number) => formatMoney(n, values.currency || config.app.currencies.default, language);
  const { amount, duration } = loanLimits(config, values.allBanksLoanPurpose);
  const range = (min: number, max: number) => ({ min: money(min), max: money(max) });
  const outOfRange = issue.code === 'err_too_small' || issue.code === 'err_too_big';
  const refused = issue.kind === 'refused';

  switch (issue.field) {
    case 'loanSize':
      if (refused) return t('wizard:refusals.amount', { partner, ...range(amount.min, amount.max) });
      if (outOfRange) return t('wizard:loan_info.errors.amount_range', range(amount.min, amount.max));
      if (issue.code === 'err_invalid_value') return t('wizard:loan_info.errors.whole_amount');
      break;
    case 'loanDuration':
      if (refused) return t('wizard:refusals.duration', { partner, min: duration.min, max: duration.max });
      if (outOfRange) return t('wizard:loan_info.errors.duration_range', { min: duration.min, max: duration.max });
      if (issue.code === 'err_invalid_value') return t('wizard:loan_info.errors.whole_months');
      break;
    case 'factoring_limit':
      if (refused) {
        const { min = 0, max = 0 } = issue.values ?? {};
        return t('wizard:refusals.factoring_limit', { partner, ...range(min, max) });
      }
      if (issue.code === 'err_too_small') return t('wizard:loan_info.errors.positive_amount');
      break;
    case 'annual_sales_previous_year':
      if (refused) return t('wizard:refusals.annual_sales', { partner, min: money(issue.values?.min ?? 0) });
      if (issue.code === 'err_too_small') return t('wizard:loan_info.errors.positive_amount');
      break;
    case 'companyCountry':
      if (refused)
        return t('wizard:refusals.country', { partner, country: countryName(values.companyCountry, language) });
      break;
    case 'allBanksLoanPurpose':
      if (refused) {
        return t('wizard:refusals.loan_type', {
          partner,
          loanType: t(`wizard:loan_types.${values.allBanksLoanPurpose}`, { defaultValue: values.allBanksLoanPurpose }),
          country: countryName(values.companyCountry, language),
        });
      }
      break;
    case 'companyType':
      if (refused) {
        const type = values.companyType;
        return t('wizard:refusals.company_type', {
          partner,
          type: t(`application:company_types.${type}`, { defaultValue: type }),
        });
      }
      break;
    case 'currency':
      if (refused) return t('wizard:refusals.currency', { partner, currency: values.currency });
      break;
  }
  return translateErrorCode(issue.code, issue.values);
}
