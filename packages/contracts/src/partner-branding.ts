import { z } from 'zod';
import { text } from './text.js';
import { CURRENCIES, LANGUAGES } from './constants.js';
import { ENTITLEMENTS, FEATURES } from './partner-flags.js';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a #rrggbb colour' });
const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * The rules of the partner file's fields that the partner console edits (issue 13): written once
 * here, used by the partner file's schema (partner.ts, at boot and by the API on every save and
 * publish) and by the console's draft form in the browser. A module of its own, so that the
 * console's form gets these rules without the rest of the partner file's schema.
 */
export const brandingShape = {
  display_name: text().min(1).max(80),
  legal_name: text().min(1).max(200),
  logo: z.string().regex(/^[a-z0-9-]+\.(svg|png)$/, { error: 'a file name in partners/logos (svg or png)' }),
  fe_theme: z.strictObject({
    color_link: hexColor,
    color_primary: hexColor,
    color_cta_text: hexColor,
  }),
  customer_support_email: z.email(),
  customer_support_phone: z.string().regex(/^\+[0-9 ()-]{8,20}$/),
  url_list: z.strictObject({
    terms: httpUrl,
    privacy_policy: httpUrl,
    imprint: httpUrl.optional(),
    terms_of_use: httpUrl.optional(),
  }),
  is_partner_terms_required: z.boolean().default(false),
  entitlements: z.array(z.enum(ENTITLEMENTS)),
  features: z.array(z.strictObject({ name: z.enum(FEATURES), is_active: z.boolean() })).default([]),
  languages: z
    .strictObject({ supported: z.array(z.enum(LANGUAGES)).min(1), default: z.enum(LANGUAGES) })
    .refine((l) => l.supported.includes(l.default), { error: 'default must be one of supported' }),
  currencies: z
    .strictObject({ supported: z.array(z.enum(CURRENCIES)).min(1), default: z.enum(CURRENCIES) })
    .refine((c) => c.supported.includes(c.default), { error: 'default must be one of supported' }),
};
