import { z } from 'zod';
import { brandingShape } from './partner-branding.js';

/**
 * The partner console (issue 13, ADR 019): the part of a partner's configuration its admin edits
 * as a draft, previews, publishes and restores. The whole partner file stays the configuration;
 * the console edits these fields of it.
 */
export const CONSOLE_FIELDS = [
  'display_name',
  'legal_name',
  'fe_theme',
  'customer_support_email',
  'customer_support_phone',
  'url_list',
  'is_partner_terms_required',
  'languages',
  'currencies',
  'features',
  'entitlements',
  'logo',
] as const;
export type ConsoleField = (typeof CONSOLE_FIELDS)[number];

/** The console's fields of a partner configuration (the draft, or the published one). */
const shape = brandingShape;
export const consoleConfigSchema = z.strictObject({
  display_name: shape.display_name,
  legal_name: shape.legal_name,
  fe_theme: shape.fe_theme,
  customer_support_email: shape.customer_support_email,
  customer_support_phone: shape.customer_support_phone,
  url_list: shape.url_list,
  is_partner_terms_required: shape.is_partner_terms_required,
  languages: shape.languages,
  currencies: shape.currencies,
  features: shape.features,
  entitlements: shape.entitlements,
  /** The logo: a file of partners/logos, or one uploaded here (PUT .../draft/logo); left out on save: kept. */
  logo: shape.logo.optional(),
});
export type ConsoleConfig = z.infer<typeof consoleConfigSchema>;

/** PUT /backoffice/partners/{key}/draft: the draft as a whole (checked again, with the theme's contrast, at publish). */
export const saveDraftRequest = consoleConfigSchema;
export type SaveDraftRequest = z.input<typeof saveDraftRequest>;

export const consoleParams = z.object({ key: z.string().min(1).max(63) });
export const consoleVersionParams = z.object({
  key: z.string().min(1).max(63),
  version: z.coerce.number().int().min(1).max(1_000_000),
});

export const draftResponse = z.object({
  key: z.string(),
  draft: consoleConfigSchema,
  published: consoleConfigSchema,
  /** The version the portal shows now; null while the partner file's configuration is in force. */
  published_version: z.number().nullable(),
  /** True when the draft differs from what is published. */
  has_changes: z.boolean(),
  draft_updated_at: z.string().nullable(),
  draft_updated_by: z.string().nullable(),
  /** May this person change entitlements (the operator only)? */
  can_edit_entitlements: z.boolean(),
});
export type DraftResponse = z.infer<typeof draftResponse>;

export const versionSchema = z.object({
  version: z.number(),
  published_at: z.string(),
  published_by: z.string().nullable(),
  /** The version this one restored, if it is a restore. */
  restored_from: z.number().nullable(),
  config: consoleConfigSchema,
});
export type ConsoleVersion = z.infer<typeof versionSchema>;
export const versionsResponse = z.object({ versions: z.array(versionSchema) });
export type VersionsResponse = z.infer<typeof versionsResponse>;

/** PUT /backoffice/partners/{key}/draft/logo: a PNG (the body, image/png), at most LOGO_MAX_BYTES, 16 to 2000 pixels a side. */
export const LOGO_MAX_BYTES = 256 * 1024;

/** POST /backoffice/partners/{key}/preview: the draft on this browser's portal until ended. */
export const previewResponse = z.object({ preview_url: z.string() });
