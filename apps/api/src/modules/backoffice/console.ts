import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import { staffCan, staffSeesPartner } from '@finportal/contracts/backoffice-permissions';
import { themeIssues } from '@finportal/contracts/theme-readability';
import { partnerFileSchema, UPLOADED_LOGO, type PartnerFile } from '@finportal/contracts/partner';
import {
  CONSOLE_FIELDS,
  consoleConfigSchema,
  type ConsoleConfig,
  type ConsoleVersion,
  type DraftResponse,
  type SaveDraftRequest,
} from '@finportal/contracts/partner-console';
import { rowsOf, type Db } from '../../db/client.js';
import { partnerDrafts, partnerVersions, staffUsers, type StaffUser } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import { demoAdaptersUsedBy } from '../../platform/demo-adapters.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, zodIssuesToItems } from '../../platform/errors.js';
import { logoKeyOf, PARTNER_CONFIG_CHANNEL, PartnerConfigError, type Partner } from '../../platform/tenancy.js';

/** The channel every instance listens on (main.ts): a publish reaches them at once. */
export { PARTNER_CONFIG_CHANNEL };

const pick = (config: Record<string, unknown>): ConsoleConfig =>
  consoleConfigSchema.parse(Object.fromEntries(CONSOLE_FIELDS.map((f) => [f, config[f]])));

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The partner console (issue 13, ADR 019): a partner admin (or a bouser) edits a draft of the
 * console's fields, previews it in their own browser, publishes it (a new numbered version, live on
 * every instance at once: NOTIFY) and restores an earlier version. Entitlements are the operator's:
 * only a bouser changes them. A theme whose text would be unreadable (WCAG AA) is refused.
 */
export class PartnerConsole {
  constructor(private readonly ctx: AppContext) {}

  /** The partner if this person may work on its console; 404 for a partner they do not see. */
  scope(staff: StaffUser, key: string): Partner {
    const partner = this.ctx.partners.get(key);
    if (!partner || !staffSeesPartner({ kind: staff.kind, partner_id: staff.partnerId }, key)) {
      throw new AppError('err_partner_not_found', 404);
    }
    return partner;
  }

  private async stored(db: Db, key: string, lock = false): Promise<Record<string, unknown>> {
    const [row] = rowsOf<{ config: Record<string, unknown> }>(
      await db.execute(sql`SELECT config FROM partners WHERE id = ${key} ${lock ? sql`FOR UPDATE` : sql``}`),
    );
    if (!row) throw new AppError('err_partner_not_found', 404);
    return row.config;
  }

  private async draftRow(db: Db, key: string) {
    const [row] = await db.select().from(partnerDrafts).where(eq(partnerDrafts.partnerId, key));
    return row;
  }

  /** The whole configuration with the console's fields of `fields`, checked like a partner file (400 naming the fields). */
  private merged(key: string, stored: Record<string, unknown>, fields: ConsoleConfig): PartnerFile {
    const parsed = partnerFileSchema.safeParse({ ...stored, ...fields });
    if (!parsed.success) throw new AppError('err_validation_failed', 400, zodIssuesToItems(parsed.error.issues));
    // No demo adapter where demo adapters may not run (issue 25): e.g. company research, which
    // only the demo company registry answers, switched on in production.
    if (!this.ctx.config.demoAdapters && demoAdaptersUsedBy(parsed.data).length) {
      throw AppError.field('err_demo_adapter_not_allowed', 'entitlements', 400, {
        adapters: demoAdaptersUsedBy(parsed.data).join(', '),
      });
    }
    try {
      this.ctx.partners.parseStored(key, parsed.data);
    } catch (error) {
      // A logo that is not in the partner files' logos directory (issue 25: never published).
      if (error instanceof PartnerConfigError) throw AppError.field('err_logo_not_found', 'logo', 400);
      throw error;
    }
    return parsed.data;
  }

  /**
   * An uploaded logo the draft names must be in the object store (issue 25): a draft naming one
   * that is not (typed by hand, or from another partner) is refused, so that the published logo
   * always exists. The partner files' logos are checked by `merged`.
   */
  private async assertLogoStored(key: string, logo: string | undefined): Promise<void> {
    if (!logo || !UPLOADED_LOGO.test(logo)) return;
    const found = await this.ctx.objectStore.stat(logoKeyOf(key, logo)).catch(() => null);
    if (!found) throw AppError.field('err_logo_not_found', 'logo', 400);
  }

  private assertReadable(fields: ConsoleConfig): void {
    const issues = themeIssues(fields.fe_theme);
    if (issues.length) {
      throw new AppError(
        'err_contrast_too_low',
        400,
        issues.map((i) => ({ code: i.code, field: `fe_theme.${i.field}`, values: i.values })),
      );
    }
  }

  async draft(staff: StaffUser, key: string): Promise<DraftResponse> {
    this.scope(staff, key);
    const db = this.ctx.db;
    const published = pick(await this.stored(db, key));
    const row = await this.draftRow(db, key);
    const draft = row ? pick({ ...published, ...(row.config as Record<string, unknown>) }) : published;
    const [latest] = await db
      .select({ version: partnerVersions.version })
      .from(partnerVersions)
      .where(eq(partnerVersions.partnerId, key))
      .orderBy(desc(partnerVersions.version))
      .limit(1);
    const by = row?.updatedBy
      ? (await db.select({ email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.id, row.updatedBy)))[0]
      : undefined;
    return {
      key,
      draft,
      published,
      published_version: latest?.version ?? null,
      has_changes: !same(draft, published),
      draft_updated_at: row ? row.updatedAt.toISOString() : null,
      draft_updated_by: by?.email ?? null,
      can_edit_entitlements: staff.kind === 'bouser',
    };
  }

  /** PUT .../draft: the whole draft, checked as it will be published (400), entitlements by the operator only (403). */
  async saveDraft(staff: StaffUser, key: string, body: SaveDraftRequest, ip: string): Promise<DraftResponse> {
    this.scope(staff, key);
    const sent = consoleConfigSchema.parse(body);
    await this.ctx.db.transaction(async (tx) => {
      const stored = await this.stored(tx, key);
      const published = pick(stored);
      // A draft saved without the logo keeps the one it has (uploaded, or the published one).
      const current = await this.draftRow(tx, key);
      const logo = sent.logo ?? (current?.config as ConsoleConfig | undefined)?.logo ?? published.logo;
      const fields: ConsoleConfig = { ...sent, logo };
      if (staff.kind !== 'bouser' && !same([...fields.entitlements].sort(), [...published.entitlements].sort())) {
        throw AppError.field('err_no_permission', 'entitlements', 403);
      }
      this.assertReadable(fields);
      this.merged(key, stored, fields);
      await this.assertLogoStored(key, fields.logo);
      const before = await this.draftRow(tx, key);
      await tx
        .insert(partnerDrafts)
        .values({ partnerId: key, config: fields, updatedBy: staff.id, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: partnerDrafts.partnerId,
          set: { config: fields, updatedBy: staff.id, updatedAt: new Date() },
        });
      await audit(tx, {
        partnerId: key,
        userId: staff.id,
        actorKind: 'staff',
        action: 'partner.draft_saved',
        entity: 'partner',
        entityId: key,
        before: (before?.config as Record<string, unknown>) ?? published,
        after: fields,
        ip,
      });
    });
    return this.draft(staff, key);
  }

  /**
   * PUT .../draft/logo: a PNG as the draft's logo (16 to 2000 pixels a side, at most
   * LOGO_MAX_BYTES), stored in the object store under a name made of its hash; the partner files'
   * logos stay where they are. SVG is not taken: an uploaded SVG could carry script.
   */
  async uploadLogo(staff: StaffUser, key: string, bytes: Buffer, ip: string): Promise<DraftResponse> {
    this.scope(staff, key);
    const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    if (
      bytes.length < 33 ||
      !bytes.subarray(0, 8).equals(PNG) ||
      bytes.subarray(12, 16).toString('latin1') !== 'IHDR'
    ) {
      throw AppError.field('err_file_content_mismatch', 'logo', 400);
    }
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    if (width < 16 || height < 16 || width > 2000 || height > 2000) {
      throw AppError.field('err_invalid_value', 'logo', 400, { min: 16, max: 2000 });
    }
    const name = `upload-${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.png`;
    await this.ctx.objectStore.write(logoKeyOf(key, name), Readable.from([bytes]));
    await this.ctx.db.transaction(async (tx) => {
      const published = pick(await this.stored(tx, key));
      const current = await this.draftRow(tx, key);
      const draft: ConsoleConfig = { ...published, ...((current?.config as Partial<ConsoleConfig>) ?? {}), logo: name };
      await tx
        .insert(partnerDrafts)
        .values({ partnerId: key, config: draft, updatedBy: staff.id, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: partnerDrafts.partnerId,
          set: { config: draft, updatedBy: staff.id, updatedAt: new Date() },
        });
      await audit(tx, {
        partnerId: key,
        userId: staff.id,
        actorKind: 'staff',
        action: 'partner.logo_uploaded',
        entity: 'partner',
        entityId: key,
        after: { logo: name, width, height, size_bytes: bytes.length },
        ip,
      });
    });
    return this.draft(staff, key);
  }

  /** Makes `fields` the live configuration: a new version, the partners row, NOTIFY, this instance's registry. */
  private async publishFields(
    tx: Db,
    staff: StaffUser,
    key: string,
    stored: Record<string, unknown>,
    fields: ConsoleConfig,
    restoredFrom: number | null,
  ): Promise<number> {
    const config = this.merged(key, stored, fields);
    const [latest] = await tx
      .select({ version: partnerVersions.version })
      .from(partnerVersions)
      .where(eq(partnerVersions.partnerId, key))
      .orderBy(desc(partnerVersions.version))
      .limit(1);
    let version = latest?.version ?? 0;
    if (version === 0) {
      // The first publish keeps the partner file's configuration as version 1: it can be restored too.
      version = 1;
      await tx.insert(partnerVersions).values({ partnerId: key, version, config: stored, publishedBy: null });
    }
    version += 1;
    await tx.insert(partnerVersions).values({ partnerId: key, version, config, publishedBy: staff.id, restoredFrom });
    await tx.execute(sql`
      UPDATE partners SET config = ${JSON.stringify(config)}::jsonb, updated_at = now(), source = 'console'
      WHERE id = ${key}`);
    await tx.delete(partnerDrafts).where(eq(partnerDrafts.partnerId, key));
    await tx.execute(sql`SELECT pg_notify(${PARTNER_CONFIG_CHANNEL}, ${key})`);
    return version;
  }

  /** POST .../publish: the draft goes live (409 err_nothing_to_publish without a change). */
  async publish(staff: StaffUser, key: string, ip: string): Promise<DraftResponse> {
    this.scope(staff, key);
    await this.ctx.db.transaction(async (tx) => {
      const stored = await this.stored(tx, key, true);
      const published = pick(stored);
      const row = await this.draftRow(tx, key);
      const draft = row ? pick({ ...published, ...(row.config as Record<string, unknown>) }) : published;
      if (same(draft, published)) throw new AppError('err_nothing_to_publish', 409);
      this.assertReadable(draft);
      await this.assertLogoStored(key, draft.logo);
      const version = await this.publishFields(tx, staff, key, stored, draft, null);
      await audit(tx, {
        partnerId: key,
        userId: staff.id,
        actorKind: 'staff',
        action: 'partner.published',
        entity: 'partner',
        entityId: key,
        before: published,
        after: draft,
        data: { version },
        ip,
      });
    });
    await this.ctx.partners.refresh(this.ctx.db);
    return this.draft(staff, key);
  }

  async versions(staff: StaffUser, key: string): Promise<ConsoleVersion[]> {
    this.scope(staff, key);
    const rows = rowsOf<{
      version: number;
      config: Record<string, unknown>;
      published_at: Date | string;
      restored_from: number | null;
      email: string | null;
    }>(
      await this.ctx.db.execute(sql`
        SELECT v.version, v.config, v.published_at, v.restored_from, s.email
        FROM partner_versions v LEFT JOIN staff_users s ON s.id = v.published_by
        WHERE v.partner_id = ${key} ORDER BY v.version DESC`),
    );
    return rows.map((r) => ({
      version: Number(r.version),
      published_at: new Date(r.published_at).toISOString(),
      published_by: r.email,
      restored_from: r.restored_from === null ? null : Number(r.restored_from),
      config: pick(r.config),
    }));
  }

  /** POST .../versions/{version}/restore: that version's console fields go live again, as a new version. */
  async restore(staff: StaffUser, key: string, version: number, ip: string): Promise<DraftResponse> {
    this.scope(staff, key);
    if (!staffCan({ kind: staff.kind, role: staff.role }, 'partner.write'))
      throw new AppError('err_no_permission', 403);
    await this.ctx.db.transaction(async (tx) => {
      const stored = await this.stored(tx, key, true);
      const [old] = await tx
        .select()
        .from(partnerVersions)
        .where(and(eq(partnerVersions.partnerId, key), eq(partnerVersions.version, version)));
      if (!old) throw new AppError('err_version_not_found', 404);
      const fields = pick(old.config as Record<string, unknown>);
      const published = pick(stored);
      if (staff.kind !== 'bouser' && !same([...fields.entitlements].sort(), [...published.entitlements].sort())) {
        throw AppError.field('err_no_permission', 'entitlements', 403);
      }
      await this.assertLogoStored(key, fields.logo);
      const next = await this.publishFields(tx, staff, key, stored, fields, version);
      await audit(tx, {
        partnerId: key,
        userId: staff.id,
        actorKind: 'staff',
        action: 'partner.restored',
        entity: 'partner',
        entityId: key,
        before: published,
        after: fields,
        data: { version: next, restored_from: version },
        ip,
      });
    });
    await this.ctx.partners.refresh(this.ctx.db);
    return this.draft(staff, key);
  }

  /**
   * The partner as the draft would make it, for a preview (null when there is no draft or it no
   * longer fits the configuration).
   */
  async previewPartner(key: string): Promise<Partner | null> {
    const row = await this.draftRow(this.ctx.db, key);
    if (!row) return null;
    try {
      const stored = await this.stored(this.ctx.db, key);
      const config = partnerFileSchema.parse({ ...stored, ...(row.config as Record<string, unknown>) });
      return this.ctx.partners.parseStored(key, config);
    } catch {
      return null;
    }
  }
}
