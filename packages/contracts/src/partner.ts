import { z } from 'zod';
import { text } from './text.js';
import { CREDIT_REPORT_PROVIDERS, CURRENCIES, LANGUAGES, MAX_FINANCE_OBJECTS_DEFAULT } from './constants.js';
import { appointmentConfigSchema } from './appointments.js';
import { brandingShape } from './partner-branding.js';
import { signaturesConfigSchema } from './signatures-config.js';
import { ENTITLEMENTS } from './partner-flags.js';
import { FACTORING_MAX_DEBITORS_DEFAULT } from './debitor-rules.js';
import { documentCategoryConfig } from './documents.js';
import {
  DEFAULT_UPLOAD_QUOTAS,
  MAX_FILE_SIZE_BYTES,
  UPLOAD_EXTENSIONS,
  type UploadExtension,
} from './document-rules.js';
import { dynamicFormConfig } from './dynamic-forms.js';
import { PENDING_STEPS } from './pending-items.js';
import { signatoryFormConfig } from './signatory-custom-fields.js';
import { DEFAULT_PRODUCTS, LOAN_TYPES, PRODUCT_TYPES, productTypeOf, type LoanType } from './products.js';

export { ENTITLEMENTS, FEATURES, type Entitlement } from './partner-flags.js';

// Loan types and their products live in products.ts (zod-free, for the wizard's first route).
export { DEFAULT_PRODUCTS, LOAN_TYPES, productTypeOf, type LoanType };

/** One upload quota: at least one file of the largest size any partner allows. */
const uploadQuota = z.strictObject({
  max_files: z.number().int().min(1).max(100_000),
  max_bytes: z
    .number()
    .int()
    .min(MAX_FILE_SIZE_BYTES)
    .max(1024 * 1024 * 1024 * 1024),
});

const countryCode = z.string().regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166 alpha-2 code' });

/**
 * The partner file `partners/<key>.json` (config as code). Validated at boot; a bad file
 * stops boot with its name and the failing field. Later issues add their own sections.
 */
export const partnerFileSchema = z
  .strictObject({
    key: z.string().regex(/^[a-z0-9][a-z0-9-]{1,40}$/, { error: 'lower-case letters, digits and hyphens' }),
    // The fields the partner console edits (partner-branding.ts: one set of rules for the file and the console).
    ...brandingShape,
    countries: z.array(countryCode).min(1),
    company_types: z.strictObject({ supported: z.array(z.string().min(1)).min(1), default: z.string().nullable() }),
    country_company_types: z.record(countryCode, z.array(z.string().min(1))).default({}),
    user_create_application: z.boolean(),
    user_application_types: z.array(z.enum(LOAN_TYPES)).min(1),
    supported_application_types_by_country: z.record(countryCode, z.array(z.enum(LOAN_TYPES))).default({}),
    loan_purposes: z
      .strictObject({
        items: z.array(z.string()),
        by_loan_type: z.record(z.string(), z.array(z.string())),
      })
      .default({ items: [], by_loan_type: {} }),
    show_indicative_offer: z.boolean().default(true),
    cookie_required: z.boolean().default(true),
    tag_manager_id: z.string().nullable().default(null),
    fe_hide_items: z.array(z.string()).default([]),
    show_sl_keys: z.boolean().default(false),
    /** The file types the partner accepts at all (spec 1 section 3); each document type takes a subset. */
    allowed_file_upload_type_list: z
      .array(z.enum(Object.keys(UPLOAD_EXTENSIONS) as [UploadExtension, ...UploadExtension[]]))
      .default(['pdf', 'jpg', 'png', 'docx', 'xlsx']),
    /**
     * Upload quotas (issue 25, ADR 033): files and bytes per document type of one application, per
     * application, and per borrower over all their applications; each level defaults separately.
     */
    upload_quotas: z
      .strictObject({
        per_document_type: uploadQuota.default(DEFAULT_UPLOAD_QUOTAS.per_document_type),
        per_application: uploadQuota.default(DEFAULT_UPLOAD_QUOTAS.per_application),
        per_user: uploadQuota.default(DEFAULT_UPLOAD_QUOTAS.per_user),
      })
      .default(DEFAULT_UPLOAD_QUOTAS),
    /** Advisor appointments (spec 2 section 3); null: no booking offered. */
    appointment_config: appointmentConfigSchema.nullable().default(null),
    /**
     * Which pending-item checks apply before submission (spec 1 section 4): `checks` for every
     * product, `by_product` replaces it for one product type. Objects apply only to object
     * financing, factoring only to factoring, signature checks only at the Signature status.
     */
    pending_items: z
      .strictObject({
        checks: z.array(z.enum(PENDING_STEPS)).optional(),
        by_product: z.partialRecord(z.enum(PRODUCT_TYPES), z.array(z.enum(PENDING_STEPS))).default({}),
      })
      .default({ by_product: {} }),
    /**
     * Document categories the borrower uploads (document_configurations.document_categories):
     * `default` for every product, `by_product` replaces it for one product type.
     */
    documents: z
      .strictObject({
        default: z.array(documentCategoryConfig).default([]),
        by_product: z.partialRecord(z.enum(PRODUCT_TYPES), z.array(documentCategoryConfig)).default({}),
      })
      .default({ default: [], by_product: {} }),
    /**
     * Representatives (issue 10, ADR 014): the products whose loans need guarantees (the
     * guarantor list rule applies: guarantors together hold more than 50 %), and the
     * credit-report provider that scores a representative (shown on the card; null: none).
     */
    representatives: z
      .strictObject({
        guarantees_required: z.array(z.enum(PRODUCT_TYPES)).default([]),
        credit_report_provider: z.enum(CREDIT_REPORT_PROVIDERS).nullable().default(null),
      })
      .default({ guarantees_required: [], credit_report_provider: null }),
    /** Invitations, identification and signing (issue 14, ADR 020). */
    signatures: signaturesConfigSchema,
    /** Finance objects per object-financing application (ARCHITECTURE.md: a partner setting, default 6; ADR 016). */
    max_finance_objects: z.number().int().min(1).max(100).default(MAX_FINANCE_OBJECTS_DEFAULT),
    /**
     * Factoring (issue 12, ADR 018): the most debtors an application lists ("the top 5 debtors are
     * requested", default 5), and whether a debtor row links to the company route (spec 2 section 2).
     */
    factoring: z
      .strictObject({
        max_debitors: z.number().int().min(1).max(50).default(FACTORING_MAX_DEBITORS_DEFAULT),
        debitor_company_link: z.boolean().default(false),
      })
      .default({ max_debitors: FACTORING_MAX_DEBITORS_DEFAULT, debitor_company_link: false }),
    is_dynamic_form: z.boolean().default(false),
    /** The dynamic application form; required when is_dynamic_form is true. */
    dynamic_form: dynamicFormConfig.nullable().default(null),
    /**
     * The custom fields each representative answers (scope signatory), per loan type, in the
     * dynamic form's shape: GET /dynamic_forms_config?dynamic_forms_name=signatory (issue 10).
     */
    signatory_form: signatoryFormConfig.nullable().default(null),
    /** Product type of each loan type (decides the slider limits and the pricing table); missing ones use DEFAULT_PRODUCTS. */
    products: z.partialRecord(z.enum(LOAN_TYPES), z.enum(PRODUCT_TYPES)).default(DEFAULT_PRODUCTS),
    /** Eligibility rules of the offer engine; a failed rule rejects with its err_* code. */
    eligibility: z
      .strictObject({
        /** Company types that are never financed (e.g. GBR). */
        excluded_company_types: z.array(z.string()).default([]),
        /** Minimum age of the company in months, when its foundation date is known. */
        min_company_age_months: z.number().int().min(0).default(0),
        /** Per loan type: amount and duration range (defaults: the product limits). */
        amount_ranges: z
          .partialRecord(z.enum(LOAN_TYPES), z.strictObject({ min: z.number(), max: z.number() }))
          .default({}),
        duration_ranges: z
          .partialRecord(z.enum(LOAN_TYPES), z.strictObject({ min: z.number(), max: z.number() }))
          .default({}),
        factoring_limit_range: z
          .strictObject({ min: z.number(), max: z.number() })
          .default({ min: 10_000, max: 5_000_000 }),
        /** Factoring: minimum annual sales of the previous year. */
        min_annual_sales: z.number().min(0).default(0),
      })
      .default({
        excluded_company_types: [],
        min_company_age_months: 0,
        amount_ranges: {},
        duration_ranges: {},
        factoring_limit_range: { min: 10_000, max: 5_000_000 },
        min_annual_sales: 0,
      }),
    /** Pricing per product type (annual rates in percent). */
    pricing: z
      .partialRecord(
        z.enum(PRODUCT_TYPES),
        z.strictObject({
          base_rate: z.number().min(0).max(30),
          /** Width of the indicative range: high = low + spread. 0 gives a single rate. */
          spread: z.number().min(0).max(10),
          /** Added to the rate per year of duration above 3 years. */
          duration_add_per_year: z.number().min(0).max(2).default(0),
          /** Surcharge for companies younger than 24 months (when the founding date is known). */
          young_company_add: z.number().min(0).max(5).default(0),
          transaction_fee_rate: z.number().min(0).max(10),
          min_transaction_fee: z.number().min(0).default(0),
          is_final_interest_rate: z.boolean().default(false),
          is_final_transaction_fee: z.boolean().default(false),
          /** Factoring: annual fee in percent of the factoring limit (required for the factoring product). */
          factoring_fee_rate: z.number().min(0).max(10).optional(),
        }),
      )
      .default({}),
    /**
     * The bounds of the final pricing that the back office sets (issue 13, ADR 019; contracts
     * pricing-rules.ts): annual rate in percent, transaction fee in the application's currency.
     */
    pricing_bounds: z
      .strictObject({
        interest_rate_min: z.number().min(0).max(30).default(1),
        interest_rate_max: z.number().min(0).max(30).default(15),
        transaction_fee_max: z.number().min(0).max(1_000_000).default(50_000),
      })
      .default({ interest_rate_min: 1, interest_rate_max: 15, transaction_fee_max: 50_000 }),
  })
  .superRefine((p, ctx) => {
    if (p.is_dynamic_form && !p.dynamic_form) {
      ctx.addIssue({ code: 'custom', path: ['dynamic_form'], message: 'is required when is_dynamic_form is true' });
    }
    for (const loanType of Object.keys(p.dynamic_form?.ui_config.loan_purposes ?? {})) {
      if (!(p.user_application_types as string[]).includes(loanType)) {
        ctx.addIssue({
          code: 'custom',
          path: ['dynamic_form', 'ui_config', 'loan_purposes', loanType],
          message: `"${loanType}" is not one of user_application_types (${p.user_application_types.join(', ')})`,
        });
      }
    }
    for (const loanType of Object.keys(p.signatory_form?.ui_config.loan_purposes ?? {})) {
      if (!(p.user_application_types as string[]).includes(loanType)) {
        ctx.addIssue({
          code: 'custom',
          path: ['signatory_form', 'ui_config', 'loan_purposes', loanType],
          message: `"${loanType}" is not one of user_application_types (${p.user_application_types.join(', ')})`,
        });
      }
    }
    p.dynamic_form?.definitions.fields.forEach((d, i) => {
      if (d.scope === 'signatory') {
        ctx.addIssue({
          code: 'custom',
          path: ['dynamic_form', 'definitions', 'fields', i, 'scope'],
          message: `"${d.id}": signatory fields belong in signatory_form`,
        });
      }
    });
    if (p.pricing.factoring && p.pricing.factoring.factoring_fee_rate === undefined) {
      ctx.addIssue({ code: 'custom', path: ['pricing', 'factoring', 'factoring_fee_rate'], message: 'is required' });
    }
  });
export type PartnerFile = z.infer<typeof partnerFileSchema>;

/** GET /partner/key/{key}/config and /logo: the partner key (its subdomain). */
export const partnerKeyParams = z.object({ key: z.string().min(1).max(63) });
/** GET /partner/key/{key}/logo?v=<logo>: the version in the address lets a changed logo be fetched at once. */
export const partnerLogoQuery = z.object({ v: text().max(100).optional() });

/** A logo uploaded in the partner console (issue 13): stored in the object store, not in partners/logos. */
export const UPLOADED_LOGO = /^upload-[a-f0-9]{32}\.png$/;
/** The address of a partner's logo, with its version. */
export const logoUrlOf = (apiBase: string, key: string, logo: string) =>
  `${apiBase}/partner/key/${key}/logo?v=${encodeURIComponent(logo)}`;
/**
 * The logo as a PNG for e-mails (issue 26): mail clients show no SVG, and load images from other
 * origins. GET /partner/key/{key}/logo.png?v=<logo>.
 */
export const mailLogoUrlOf = (apiBase: string, key: string, logo: string) =>
  `${apiBase}/partner/key/${key}/logo.png?v=${encodeURIComponent(logo)}`;
export type PartnerKeyParams = z.infer<typeof partnerKeyParams>;

/** GET /partner/key/{key}/logo.png: a PNG (the partner's own, or its SVG drawn at twice the mail's size). */
export const partnerMailLogoResponse = {
  description: 'The partner logo as a PNG',
  content: { 'image/png': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
};

/** GET /partner/key/{key}/logo: the logo file itself (SVG or PNG), not JSON: the API streams it. */
const logoFile = z.unknown().meta({ type: 'string', format: 'binary' });
export const partnerLogoResponse = {
  description: 'The partner logo',
  content: { 'image/svg+xml': { schema: logoFile }, 'image/png': { schema: logoFile } },
};

/** GET /partner/key/{subdomain}/config */
export const partnerConfigResponse = z.object({
  key: z.string(),
  logo_url: z.string(),
  entitlements: z.array(z.enum(ENTITLEMENTS)),
  fe_theme: z.object({ color_link: z.string(), color_primary: z.string(), color_cta_text: z.string() }),
  parameters: z.object({
    customer_support_email: z.string(),
    customer_support_phone: z.string(),
    display_name: z.string(),
    legal_name: z.string(),
    terms_url: z.string(),
    data_protection_url: z.string(),
    is_partner_terms_required: z.boolean(),
    user_application_types: z.array(z.enum(LOAN_TYPES)),
    country_company_types: z.record(z.string(), z.array(z.string())),
    supported_application_types_by_country: z.record(z.string(), z.array(z.enum(LOAN_TYPES))),
  }),
  /** True when a partner admin previews the console's draft in this browser (issue 13): the portal says so. */
  is_preview: z.boolean().optional(),
});
export type PartnerConfig = z.infer<typeof partnerConfigResponse>;

/** GET /config: the partner's public configuration (config state of spec 1 section 3). */
export const appConfigResponse = z.object({
  public_features: z.array(z.object({ name: z.string(), is_active: z.boolean() })),
  currencies: z.object({ supported: z.array(z.enum(CURRENCIES)), default: z.enum(CURRENCIES) }),
  url_list: z.object({
    terms: z.string(),
    privacy_policy: z.string(),
    imprint: z.string().nullable(),
    terms_of_use: z.string().nullable(),
  }),
  languages: z.object({ supported: z.array(z.enum(LANGUAGES)), default: z.enum(LANGUAGES) }),
  company_types: z.object({ supported: z.array(z.string()), default: z.string().nullable() }),
  user_create_application: z.boolean(),
  loan_purposes: z.object({ items: z.array(z.string()), by_loan_type: z.record(z.string(), z.array(z.string())) }),
  tag_manager_id: z.string().nullable(),
  cookie_required: z.boolean(),
  is_dynamic_form: z.boolean(),
  appointment_config: appointmentConfigSchema.nullable(),
  show_indicative_offer: z.boolean(),
  fe_hide_items: z.array(z.string()),
  show_sl_keys: z.boolean(),
  allowed_file_upload_type_list: z.array(z.string()),
  countries: z.array(z.string()),
  supported_countries: z.array(z.string()),
  /** Product type of each loan type (slider limits and pricing follow it). */
  products: z.partialRecord(z.enum(LOAN_TYPES), z.enum(PRODUCT_TYPES)),
  /** What the partner refuses for certain, checked by the wizard before account creation (contracts/eligibility). */
  eligibility: z.object({
    excluded_company_types: z.array(z.string()),
    amount_ranges: z.partialRecord(z.enum(LOAN_TYPES), z.object({ min: z.number(), max: z.number() })),
    duration_ranges: z.partialRecord(z.enum(LOAN_TYPES), z.object({ min: z.number(), max: z.number() })),
    factoring_limit_range: z.object({ min: z.number(), max: z.number() }),
    min_annual_sales: z.number(),
    /** The company's minimum age: the dynamic wizard asks for the foundation date (issue 26). */
    min_company_age_months: z.number().int().min(0).optional(),
  }),
});
export type AppConfig = z.infer<typeof appConfigResponse>;

export function isFeatureActive(config: Pick<AppConfig, 'public_features'>, name: string): boolean {
  return config.public_features.some((f) => f.name === name && f.is_active);
}
