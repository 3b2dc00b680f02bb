import { AA_TEXT, contrastRatio, type ThemeColours } from '@finportal/contracts/colour-contrast';
import { CURRENCIES, LANGUAGES, type Currency, type Language } from '@finportal/contracts/constants';
import type { ErrorCode } from '@finportal/contracts/errors';
import { ENTITLEMENTS, FEATURES, type Entitlement } from '@finportal/contracts/partner-flags';
import { consoleConfigSchema, type ConsoleConfig } from '@finportal/contracts/partner-console';
import { themeIssues } from '@finportal/contracts/theme-readability';
import type { z } from 'zod';

/**
 * The console's draft form (issue 13) without markup: the form's fields (named by their path on
 * the wire, as the API names them in its field errors), the values of a draft, the draft the
 * values make, and the rules the API applies to it (the partner file's schema and the theme's
 * readability, contracts theme-readability.ts), so that the browser refuses what the API would.
 */

export const DRAFT_FIELDS = [
  'display_name',
  'legal_name',
  'fe_theme.color_primary',
  'fe_theme.color_cta_text',
  'fe_theme.color_link',
  'customer_support_email',
  'customer_support_phone',
  'url_list.terms',
  'url_list.privacy_policy',
  'url_list.imprint',
  'url_list.terms_of_use',
  'is_partner_terms_required',
  'languages.supported',
  'languages.default',
  'currencies.supported',
  'currencies.default',
  'features',
  'entitlements',
] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];

export type Feature = (typeof FEATURES)[number];
export { CURRENCIES, ENTITLEMENTS, FEATURES, LANGUAGES };

type TextField = Exclude<
  DraftField,
  | 'is_partner_terms_required'
  | 'languages.supported'
  | 'currencies.supported'
  | 'features'
  | 'entitlements'
  | 'languages.default'
  | 'currencies.default'
>;

/** The form's values: one entry per field, text as typed. */
export type DraftValues = { [K in TextField]: string } & {
  is_partner_terms_required: boolean;
  'languages.supported': Language[];
  'languages.default': string;
  'currencies.supported': Currency[];
  'currencies.default': string;
  features: Record<Feature, boolean>;
  entitlements: Entitlement[];
};

export interface DraftIssue {
  field: DraftField;
  code: ErrorCode;
  values: Record<string, string | number>;
}

/** The values of a draft, as the form shows them. */
export function valuesOf(config: ConsoleConfig): DraftValues {
  const active = (name: Feature) => config.features.some((f) => f.name === name && f.is_active);
  return {
    display_name: config.display_name,
    legal_name: config.legal_name,
    'fe_theme.color_primary': config.fe_theme.color_primary,
    'fe_theme.color_cta_text': config.fe_theme.color_cta_text,
    'fe_theme.color_link': config.fe_theme.color_link,
    customer_support_email: config.customer_support_email,
    customer_support_phone: config.customer_support_phone,
    'url_list.terms': config.url_list.terms,
    'url_list.privacy_policy': config.url_list.privacy_policy,
    'url_list.imprint': config.url_list.imprint ?? '',
    'url_list.terms_of_use': config.url_list.terms_of_use ?? '',
    is_partner_terms_required: config.is_partner_terms_required,
    'languages.supported': [...config.languages.supported],
    'languages.default': config.languages.default,
    'currencies.supported': [...config.currencies.supported],
    'currencies.default': config.currencies.default,
    features: Object.fromEntries(FEATURES.map((name) => [name, active(name)])) as Record<Feature, boolean>,
    entitlements: [...config.entitlements],
  };
}

/** A colour as the partner file writes it (`#rrggbb`, lower case): `0B5CAD`, `#abc` and ` #0b5cad ` are taken too. */
export function normaliseHex(value: string): string {
  const bare = value.trim().toLowerCase().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/.test(bare)) return `#${bare.replace(/./g, (c) => c + c)}`;
  return /^[0-9a-f]{6}$/.test(bare) ? `#${bare}` : value.trim();
}

export const isHex = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

/** `selected` in the order of `base` (what the draft had), new ones after it in the order of `all`. */
function inOrder<T extends string>(selected: readonly T[], base: readonly T[], all: readonly T[]): T[] {
  const rank = (v: T) => (base.includes(v) ? base.indexOf(v) : base.length + all.indexOf(v));
  return [...new Set(selected)].sort((a, b) => rank(a) - rank(b));
}

/**
 * The draft the values make, for the API (PUT …/draft) and its rules. `base` is the draft the
 * form started from: lists keep its order and its switched-off feature entries, so that values
 * nobody changed make exactly that draft again.
 */
export function toWire(values: DraftValues, base: ConsoleConfig): ConsoleConfig {
  const optional = (text: string) => (text.trim() ? text.trim() : undefined);
  const listed = base.features.map((f) => ({ name: f.name, is_active: values.features[f.name] }));
  const added = FEATURES.filter((name) => values.features[name] && !base.features.some((f) => f.name === name)).map(
    (name) => ({ name, is_active: true }),
  );
  const imprint = optional(values['url_list.imprint']);
  const termsOfUse = optional(values['url_list.terms_of_use']);
  return {
    display_name: values.display_name.trim(),
    legal_name: values.legal_name.trim(),
    fe_theme: {
      color_link: normaliseHex(values['fe_theme.color_link']),
      color_primary: normaliseHex(values['fe_theme.color_primary']),
      color_cta_text: normaliseHex(values['fe_theme.color_cta_text']),
    },
    customer_support_email: values.customer_support_email.trim(),
    customer_support_phone: values.customer_support_phone.trim(),
    url_list: {
      terms: values['url_list.terms'].trim(),
      privacy_policy: values['url_list.privacy_policy'].trim(),
      ...(imprint ? { imprint } : {}),
      ...(termsOfUse ? { terms_of_use: termsOfUse } : {}),
    },
    is_partner_terms_required: values.is_partner_terms_required,
    languages: {
      supported: inOrder(values['languages.supported'], base.languages.supported, LANGUAGES),
      default: values['languages.default'] as Language,
    },
    currencies: {
      supported: inOrder(values['currencies.supported'], base.currencies.supported, CURRENCIES),
      default: values['currencies.default'] as Currency,
    },
    features: [...listed, ...added],
    entitlements: inOrder(values.entitlements, base.entitlements, ENTITLEMENTS),
    // The logo is uploaded on its own (PUT …/draft/logo): the draft keeps the one it has.
    ...(base.logo !== undefined ? { logo: base.logo } : {}),
  };
}

/**
 * The form field of an error's path, as the API writes it (`fe_theme.color_cta_text`,
 * `languages.supported.0`, `languages` for the default not being offered); null for none.
 */
export function fieldOfPath(path: string | undefined): DraftField | null {
  if (!path) return null;
  const [head = '', second] = path.split('.');
  if (head === 'languages' || head === 'currencies') {
    return second === 'supported' ? `${head}.supported` : `${head}.default`;
  }
  if (head === 'features' || head === 'entitlements') return head;
  const field = second && (head === 'fe_theme' || head === 'url_list') ? `${head}.${second}` : head;
  return (DRAFT_FIELDS as readonly string[]).includes(field) ? (field as DraftField) : null;
}

const ERR = /^err_[a-z0-9_]+$/;

/** The code the API answers for a schema issue (apps/api platform/errors.ts zodIssuesToItems). */
function codeOf(issue: z.core.$ZodIssue): ErrorCode {
  const wrongType = issue.code === 'invalid_type' && issue.input !== undefined && issue.input !== null;
  if (wrongType && (issue.message === 'err_required' || !ERR.test(issue.message))) return 'err_invalid_value';
  if (ERR.test(issue.message)) return issue.message as ErrorCode;
  if (issue.code === 'invalid_type') return 'err_required';
  if (issue.code === 'too_small') return issue.origin === 'string' ? 'err_too_short' : 'err_too_small';
  if (issue.code === 'too_big') return issue.origin === 'string' ? 'err_too_long' : 'err_too_big';
  return 'err_invalid_value';
}

function limitsOf(issue: z.core.$ZodIssue): Record<string, number> {
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  return {};
}

/** The readability of the theme's two pairs (WCAG AA, the API's rule); null ratio while a colour is no colour. */
export interface Readability {
  pair: 'cta' | 'link';
  /** Contrast found, two decimals rounded down (as the API reports it). */
  ratio: number | null;
  required: number;
  readable: boolean;
}

const floor2 = (n: number) => Math.floor(n * 100) / 100;

export function readabilityOf(theme: ThemeColours): Readability[] {
  const pair = (name: Readability['pair'], text: string, background: string): Readability => {
    if (!isHex(text) || !isHex(background)) return { pair: name, ratio: null, required: AA_TEXT, readable: false };
    const ratio = floor2(contrastRatio(text, background));
    return { pair: name, ratio, required: AA_TEXT, readable: ratio >= AA_TEXT };
  };
  return [pair('cta', theme.color_cta_text, theme.color_primary), pair('link', theme.color_link, '#ffffff')];
}

/** The theme's readability as the API judges it (contracts theme-readability.ts), on the form's fields. */
export function readabilityIssues(theme: ThemeColours): DraftIssue[] {
  if (!isHex(theme.color_primary) || !isHex(theme.color_cta_text) || !isHex(theme.color_link)) return [];
  return themeIssues(theme).map((issue) => ({
    field: `fe_theme.${issue.field}` as const,
    code: issue.code,
    values: issue.values,
  }));
}

/**
 * Every rule's verdict on a draft, in the form's order, one per field: the partner file's schema
 * (with the API's codes) and the theme's readability (err_contrast_too_low on the text colour).
 * A required text left empty says so (err_required) rather than "too short".
 */
export function draftIssues(wire: ConsoleConfig): DraftIssue[] {
  const found = new Map<DraftField, DraftIssue>();
  // The API's rules for a draft: the partner file's rules for the console's fields (contracts partner-branding.ts).
  const parsed = consoleConfigSchema.safeParse(wire);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path.map(String).join('.'));
      if (!field || found.has(field)) continue;
      const input = issue.path.reduce<unknown>(
        (value, key) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined),
        wire,
      );
      const empty = typeof input === 'string' && input === '';
      found.set(field, { field, code: empty ? 'err_required' : codeOf(issue), values: empty ? {} : limitsOf(issue) });
    }
  }
  for (const issue of readabilityIssues(wire.fe_theme)) {
    if (!found.has(issue.field)) found.set(issue.field, issue);
  }
  return DRAFT_FIELDS.flatMap((field) => found.get(field) ?? []);
}

/** The same JSON whatever the order of the keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export const sameConfig = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** One changed value between two drafts, for the publish confirmation ("what changes"). */
export type Change =
  | { kind: 'text' | 'colour' | 'url'; field: DraftField; before: string; after: string }
  | { kind: 'yes_no'; field: DraftField; before: boolean; after: boolean }
  | { kind: 'languages' | 'currencies' | 'entitlements'; field: DraftField; before: string[]; after: string[] }
  | { kind: 'feature'; field: 'features'; name: Feature; before: boolean; after: boolean }
  | { kind: 'logo'; field: 'logo'; before: string | null; after: string | null };

/** What `after` changes against `before` (the published configuration), in the form's order. */
export function configChanges(before: ConsoleConfig, after: ConsoleConfig): Change[] {
  const a = valuesOf(before);
  const b = valuesOf(after);
  const changes: Change[] = [];
  if ((before.logo ?? null) !== (after.logo ?? null)) {
    changes.push({ kind: 'logo', field: 'logo', before: before.logo ?? null, after: after.logo ?? null });
  }
  for (const field of DRAFT_FIELDS) {
    if (field === 'features') {
      for (const name of FEATURES) {
        if (a.features[name] !== b.features[name]) {
          changes.push({ kind: 'feature', field, name, before: a.features[name], after: b.features[name] });
        }
      }
      continue;
    }
    const x = a[field];
    const y = b[field];
    if (canonical(x) === canonical(y)) continue;
    if (typeof x === 'boolean') changes.push({ kind: 'yes_no', field, before: x, after: y as boolean });
    else if (field === 'languages.default' || field === 'currencies.default') {
      const kind = field === 'languages.default' ? 'languages' : 'currencies';
      changes.push({ kind, field, before: [x as string], after: [y as string] });
    } else if (Array.isArray(x)) {
      const kind =
        field === 'entitlements' ? 'entitlements' : field.startsWith('languages') ? 'languages' : 'currencies';
      changes.push({ kind, field, before: x, after: y as string[] });
    } else {
      const kind = field.startsWith('fe_theme') ? 'colour' : field.startsWith('url_list') ? 'url' : 'text';
      changes.push({ kind, field, before: x as string, after: y as string });
    }
  }
  return changes;
}
