import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { partnerFileSchema, type PartnerFile } from '@finportal/contracts/partner';
import type { Db } from '../db/client.js';
import { AppError } from './errors.js';

export interface Partner extends PartnerFile {
  logoPath: string;
}

export class PartnerConfigError extends Error {
  constructor(file: string, detail: string) {
    super(`Partner configuration ${file} is invalid: ${detail}`);
    this.name = 'PartnerConfigError';
  }
}

/** Reads and validates partners/*.json; a bad file stops boot naming the file and field. */
export function readPartnerFiles(dir: string): Partner[] {
  if (!fs.existsSync(dir)) throw new PartnerConfigError(dir, 'the partners directory does not exist');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  if (files.length === 0) throw new PartnerConfigError(dir, 'no partner files (*.json) found');
  return files.map((name) => {
    const file = path.join(dir, name);
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      throw new PartnerConfigError(file, `not valid JSON (${(err as Error).message})`);
    }
    const parsed = partnerFileSchema.safeParse(raw);
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `field "${i.path.join('.') || '(root)'}": ${i.message}`).join('; ');
      throw new PartnerConfigError(file, detail);
    }
    const partner = parsed.data;
    if (`${partner.key}.json` !== name) {
      throw new PartnerConfigError(file, `field "key": "${partner.key}" must match the file name`);
    }
    const logoPath = path.join(dir, 'logos', partner.logo);
    if (!fs.existsSync(logoPath)) {
      throw new PartnerConfigError(file, `field "logo": ${logoPath} does not exist`);
    }
    return { ...partner, logoPath };
  });
}

export class PartnerRegistry {
  private readonly byKey: Map<string, Partner>;

  constructor(
    partners: Partner[],
    private readonly defaultKey: string,
    private readonly baseDomain: string,
  ) {
    this.byKey = new Map(partners.map((p) => [p.key, p]));
    if (!this.byKey.has(defaultKey)) {
      throw new PartnerConfigError('DEFAULT_PARTNER_KEY', `no partner file for "${defaultKey}"`);
    }
  }

  get(key: string): Partner | undefined {
    return this.byKey.get(key);
  }

  all(): Partner[] {
    return [...this.byKey.values()];
  }

  /** `<key>.<base domain>` selects a partner; the bare domain, IPs and other hosts use the default. */
  keyForHost(hostname: string): string {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    const suffix = `.${this.baseDomain}`;
    if (host.endsWith(suffix)) {
      const sub = host.slice(0, -suffix.length);
      return sub === 'www' ? this.defaultKey : sub;
    }
    return this.defaultKey;
  }

  forHost(hostname: string): Partner {
    const partner = this.byKey.get(this.keyForHost(hostname));
    if (!partner) throw new AppError('err_partner_not_found', 404);
    return partner;
  }
}

/** Stores the partner table from the files (config as code; every instance loads the same). */
export async function syncPartners(db: Db, partners: Partner[]): Promise<void> {
  for (const p of partners) {
    const { logoPath: _logo, ...config } = p;
    await db.execute(sql`
      INSERT INTO partners (id, config, updated_at) VALUES (${p.key}, ${JSON.stringify(config)}::jsonb, now())
      ON CONFLICT (id) DO UPDATE SET config = EXCLUDED.config, updated_at = now()`);
  }
}

/** The public origin of a partner's portal, e.g. http://acme.localhost:3000. */
export function partnerOrigin(publicBaseUrl: string, key: string): string {
  const url = new URL(publicBaseUrl);
  url.hostname = `${key}.${url.hostname}`;
  return url.origin;
}
