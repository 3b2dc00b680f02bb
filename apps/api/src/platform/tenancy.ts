import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { partnerFileSchema, UPLOADED_LOGO, type PartnerFile } from '@finportal/contracts/partner';
import { rowsOf, type Db } from '../db/client.js';
import { AppError, zodIssuesToItems } from './errors.js';

export interface Partner extends PartnerFile {
  /** The logo's file in partners/logos; empty for an uploaded logo (logoKey). */
  logoPath: string;
  /** An uploaded logo (the partner console): its key in the object store. */
  logoKey?: string;
}

/** Where an uploaded logo of a partner lives in the object store. */
export const logoKeyOf = (key: string, logo: string) => `partner-logos/${key}/${logo.replace(/\.png$/, '')}`;

export class PartnerConfigError extends Error {
  constructor(file: string, detail: string) {
    super(`Partner configuration ${file} is invalid: ${detail}`);
    this.name = 'PartnerConfigError';
  }
}

/** A partner configuration (a file's JSON or a row of the partners table) checked by the partner schema. */
function parsePartnerConfig(raw: unknown, source: string): PartnerFile {
  const parsed = partnerFileSchema.safeParse(raw);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `field "${i.path.join('.') || '(root)'}": ${i.message}`).join('; ');
    throw new PartnerConfigError(source, detail);
  }
  return parsed.data;
}

/** The partner with the path of its logo, which must be a file in `logosDir`. */
function withLogo(partner: PartnerFile, logosDir: string, source: string): Partner {
  if (UPLOADED_LOGO.test(partner.logo))
    return { ...partner, logoPath: '', logoKey: logoKeyOf(partner.key, partner.logo) };
  const logoPath = path.join(logosDir, partner.logo);
  if (!fs.existsSync(logoPath)) {
    throw new PartnerConfigError(source, `field "logo": ${logoPath} does not exist`);
  }
  return { ...partner, logoPath };
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
    const partner = parsePartnerConfig(raw, file);
    if (`${partner.key}.json` !== name) {
      throw new PartnerConfigError(file, `field "key": "${partner.key}" must match the file name`);
    }
    return withLogo(partner, path.join(dir, 'logos'), file);
  });
}

/** The channel a stored partner change is announced on (NOTIFY); every instance listens (main.ts). */
export const PARTNER_CONFIG_CHANNEL = 'partner_config';

/** Where the registry reports a stored configuration it cannot use (pino's signature). */
export interface PartnerRefreshLog {
  warn(obj: object, msg: string): void;
}

/** The partners table's version of a row: updated_at in microseconds, exact (a Date keeps milliseconds only). */
const VERSIONS = sql`SELECT id, (extract(epoch FROM updated_at) * 1000000)::bigint::text AS version FROM partners`;

/**
 * The partners of this instance. Built from the partner files at boot, then following the
 * partners table (`refresh`): a change stored by any instance reaches every instance.
 */
export class PartnerRegistry {
  private readonly byKey: Map<string, Partner>;
  /** The partners table's updated_at (see VERSIONS) of the configuration held, per key. */
  private readonly versions = new Map<string, string>();
  /** The logos directory of each partner's file: a stored configuration names a logo file there. */
  private readonly logosDirs: Map<string, string>;
  /** The last refresh queued: refreshes run one after the other. */
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    partners: Partner[],
    private readonly defaultKey: string,
    private readonly baseDomain: string,
  ) {
    this.byKey = new Map(partners.map((p) => [p.key, p]));
    this.logosDirs = new Map(partners.map((p) => [p.key, path.dirname(p.logoPath)]));
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

  /**
   * A stored configuration of `key` as a Partner, checked as a partner file is (throws
   * PartnerConfigError). Its logo is a file next to the partner file's logo; a partner without
   * a file has none, so it is refused until partners can be created elsewhere.
   */
  parseStored(key: string, config: unknown): Partner {
    const source = `partners table row "${key}"`;
    const logosDir = this.logosDirs.get(key);
    if (!logosDir) throw new PartnerConfigError(source, 'no partner file has this key');
    const partner = parsePartnerConfig(config, source);
    if (partner.key !== key) throw new PartnerConfigError(source, `field "key": "${partner.key}" must be "${key}"`);
    return withLogo(partner, logosDir, source);
  }

  /**
   * Loads the partners whose row changed since the last refresh: one query over (id, updated_at),
   * then the changed configurations only. A configuration that fails the partner schema is
   * logged and ignored (the one held stays, and is tried again only when the row changes).
   * Answers the keys reloaded. A call while another runs starts after it, so that it sees
   * every change committed before the call.
   */
  refresh(db: Db, log?: PartnerRefreshLog): Promise<string[]> {
    this.pending += 1;
    const run = this.queue
      .catch(() => undefined)
      .then(() => this.load(db, log))
      .finally(() => {
        this.pending -= 1;
      });
    this.queue = run;
    return run;
  }

  private async load(db: Db, log?: PartnerRefreshLog): Promise<string[]> {
    const rows = rowsOf<{ id: string; version: string }>(await db.execute(VERSIONS));
    const changed = rows.filter((r) => this.versions.get(r.id) !== r.version);
    if (!changed.length) return [];
    const configs = rowsOf<{ id: string; config: unknown; version: string }>(
      await db.execute(sql`
        SELECT id, config, (extract(epoch FROM updated_at) * 1000000)::bigint::text AS version FROM partners
        WHERE id IN (${sql.join(
          changed.map((r) => sql`${r.id}`),
          sql`, `,
        )})`),
    );
    const loaded: string[] = [];
    for (const row of configs) {
      this.versions.set(row.id, row.version);
      try {
        this.byKey.set(row.id, this.parseStored(row.id, row.config));
        loaded.push(row.id);
      } catch (err) {
        log?.warn({ partner: row.id, err: (err as Error).message }, 'stored partner configuration ignored');
      }
    }
    return loaded;
  }

  /** Refreshes every `seconds` until stopRefresh (the timer does not keep the process alive). */
  startRefresh(db: Db, seconds: number, log: PartnerRefreshLog): void {
    this.stopRefresh();
    this.timer = setInterval(() => {
      // A slow database must not pile refreshes up.
      if (this.pending > 0) return;
      this.refresh(db, log).catch((err: unknown) => {
        log.warn({ err: (err as Error).message }, 'partner refresh failed; trying again');
      });
    }, seconds * 1000);
    this.timer.unref();
  }

  /** Stops the timer and waits for a refresh under way. */
  async stopRefresh(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.queue.catch(() => undefined);
  }
}

/**
 * Stores the partner table from the files (config as code; every instance loads the same). A row
 * is written only when its configuration differs, so that an instance's boot does not make every
 * other instance reload the partners, and only while the file is the partner's source: once its
 * configuration was published in the partner console (issue 13), the console's version is the truth.
 */
export async function syncPartners(db: Db, partners: Partner[]): Promise<void> {
  for (const p of partners) {
    const { logoPath: _logo, ...config } = p;
    await db.execute(sql`
      INSERT INTO partners (id, config, updated_at) VALUES (${p.key}, ${JSON.stringify(config)}::jsonb, now())
      ON CONFLICT (id) DO UPDATE SET config = EXCLUDED.config, updated_at = now()
      WHERE partners.config IS DISTINCT FROM EXCLUDED.config AND partners.source = 'file'`);
  }
}

/**
 * Merges `changes` into the stored configuration of `key` (top-level keys replace the stored
 * ones), checks the result with the partner schema and stores it; this instance's registry
 * follows at once, the others at their next refresh. 404 err_partner_not_found for an unknown
 * key, 400 err_validation_failed naming the fields of a configuration the schema refuses.
 */
export async function updatePartnerConfig(
  db: Db,
  registry: PartnerRegistry,
  key: string,
  changes: Record<string, unknown>,
): Promise<PartnerFile> {
  const stored = await db.transaction(async (tx) => {
    // FOR UPDATE: two changes at once are applied one after the other, neither lost.
    const row = rowsOf<{ config: Record<string, unknown> }>(
      await tx.execute(sql`SELECT config FROM partners WHERE id = ${key} FOR UPDATE`),
    )[0];
    if (!row || !registry.get(key)) throw new AppError('err_partner_not_found', 404);
    const merged = { ...row.config, ...changes };
    const parsed = partnerFileSchema.safeParse(merged);
    if (!parsed.success) throw new AppError('err_validation_failed', 400, zodIssuesToItems(parsed.error.issues));
    if (parsed.data.key !== key) throw AppError.field('err_invalid_value', 'key');
    try {
      registry.parseStored(key, parsed.data);
    } catch {
      throw AppError.field('err_invalid_value', 'logo');
    }
    await tx.execute(
      sql`UPDATE partners SET config = ${JSON.stringify(parsed.data)}::jsonb, updated_at = now() WHERE id = ${key}`,
    );
    await tx.execute(sql`SELECT pg_notify(${PARTNER_CONFIG_CHANNEL}, ${key})`);
    return parsed.data;
  });
  await registry.refresh(db);
  return stored;
}

/** The public origin of a partner's portal, e.g. http://acme.localhost:3000. */
export function partnerOrigin(publicBaseUrl: string, key: string): string {
  const url = new URL(publicBaseUrl);
  url.hostname = `${key}.${url.hostname}`;
  return url.origin;
}
