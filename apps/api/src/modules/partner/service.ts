import {
  DEFAULT_PRODUCTS,
  FEATURES,
  logoUrlOf,
  type AppConfig,
  type PartnerConfig,
} from '@finportal/contracts/partner';
import type { Partner } from '../../platform/tenancy.js';

/** Every known public feature with its state for this partner (spec: features, name + is_active). */
export function publicFeatures(partner: Partner): { name: string; is_active: boolean }[] {
  return FEATURES.map((name) => ({
    name,
    is_active: partner.features.some((f) => f.name === name && f.is_active),
  }));
}

export function toPartnerConfig(partner: Partner, apiBase: string): PartnerConfig {
  return {
    key: partner.key,
    logo_url: logoUrlOf(apiBase, partner.key, partner.logo),
    entitlements: partner.entitlements,
    fe_theme: partner.fe_theme,
    parameters: {
      customer_support_email: partner.customer_support_email,
      customer_support_phone: partner.customer_support_phone,
      display_name: partner.display_name,
      legal_name: partner.legal_name,
      terms_url: partner.url_list.terms,
      data_protection_url: partner.url_list.privacy_policy,
      is_partner_terms_required: partner.is_partner_terms_required,
      user_application_types: partner.user_application_types,
      country_company_types: partner.country_company_types,
      supported_application_types_by_country: partner.supported_application_types_by_country,
    },
  };
}

export function toAppConfig(partner: Partner): AppConfig {
  const supportedCountries = Object.keys(partner.supported_application_types_by_country);
  return {
    public_features: publicFeatures(partner),
    currencies: partner.currencies,
    url_list: {
      terms: partner.url_list.terms,
      privacy_policy: partner.url_list.privacy_policy,
      imprint: partner.url_list.imprint ?? null,
      terms_of_use: partner.url_list.terms_of_use ?? null,
    },
    languages: partner.languages,
    company_types: partner.company_types,
    user_create_application: partner.user_create_application,
    loan_purposes: partner.loan_purposes,
    tag_manager_id: partner.tag_manager_id,
    cookie_required: partner.cookie_required,
    is_dynamic_form: partner.is_dynamic_form,
    appointment_config: partner.appointment_config,
    show_indicative_offer: partner.show_indicative_offer,
    fe_hide_items: partner.fe_hide_items,
    show_sl_keys: partner.show_sl_keys,
    allowed_file_upload_type_list: partner.allowed_file_upload_type_list,
    countries: partner.countries,
    supported_countries: supportedCountries.length ? supportedCountries : partner.countries,
    products: { ...DEFAULT_PRODUCTS, ...partner.products },
    eligibility: {
      excluded_company_types: partner.eligibility.excluded_company_types,
      amount_ranges: partner.eligibility.amount_ranges,
      duration_ranges: partner.eligibility.duration_ranges,
      factoring_limit_range: partner.eligibility.factoring_limit_range,
      min_annual_sales: partner.eligibility.min_annual_sales,
      min_company_age_months: partner.eligibility.min_company_age_months,
    },
  };
}
