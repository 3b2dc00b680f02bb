/** Business constants of spec 1 section 9 and spec 2 section 9. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const APPLICATION_CREATE_TIMEOUT_MS = 120_000;
export const ERROR_TOAST_MS = 7_000;
export const DEBOUNCE_MS = 500;
export const SIGNATURE_POLL_MS = 10_000;

export const EMAIL_MAX = 250;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 254;

export const COOKIE_CONSENT_DAYS = 180;
/** The cookie that holds the visitor's cookie choice (the server reads it too: ADR 013). */
export const COOKIE_CONSENT_COOKIE = 'fp_cookie_consent';
export const COMPANY_SEARCH_MIN_CHARS = 4;
export const DOCUMENT_PAGE_SIZE = 999;

export const LANGUAGES = ['de', 'en', 'pl', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'de';

export const CURRENCIES = ['EUR', 'CHF', 'PLN'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const BREAKPOINTS = { xs: 576, sm: 768, md: 992 } as const;

/** The credit-report providers of spec 2 section 3 (a representative's credit score). */
export const CREDIT_REPORT_PROVIDERS = ['credit_reform_de', 'credit_reform_ch', 'north_data', 'schufa'] as const;
export type CreditReportProvider = (typeof CREDIT_REPORT_PROVIDERS)[number];

/** Finance objects (spec 2 section 9): year built, count per object, objects per application (a partner setting). */
export const OBJECT_BUILT_YEAR_MIN = 1900;
export const OBJECT_BUILT_YEAR_MAX = 2050;
export const OBJECT_COUNT_MIN = 1;
export const OBJECT_COUNT_MAX = 20;
export const MAX_FINANCE_OBJECTS_DEFAULT = 6;
/** Amounts of the dashboard's forms (spec 2 section 9: factoring amounts max 999999999; the objects' amounts alike). */
export const AMOUNT_MAX = 999_999_999;
