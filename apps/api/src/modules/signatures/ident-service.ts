import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  identStatusOf,
  OPEN_IDENT_STATUSES,
  type IdentKind,
  type IdentProvider,
  type IdentStatus,
} from '@finportal/contracts/signature-providers';
import type { IdentSession } from '@finportal/contracts/signatures';
import type { Db } from '../../db/client.js';
import { documents, identEvents, identSessions, signatories, users, type IdentSessionRow } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { enqueue } from '../../platform/jobs/queue.js';
import { guaranteesRequired, listEntryOf, type SignatoryRow } from '../representatives/public.js';
import { providedDocument } from '../representatives/public.js';
import { isGuarantor } from '@finportal/contracts/representative-list-rules';
import { AppError } from '../../platform/errors.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { ApplicationsService, type ApplicationRecord } from '../applications/public.js';
import { SESSION_COMPLETED } from './job-types.js';
import { identProviders, type IdentProviders } from './providers/registry.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_ID = '00000000-0000-0000-0000-000000000000';
const OPEN = OPEN_IDENT_STATUSES as IdentStatus[];

const isPdf = (d: { contentType: string | null; documentName: string }) =>
  d.contentType === 'application/pdf' || (!d.contentType && /\.pdf$/i.test(d.documentName));

/** The wire shape of a session; the URL only while the person can still act on it. */
export function identSessionOf(row: IdentSessionRow, url: string | null): IdentSession {
  return {
    session_id: row.id,
    provider: row.provider as IdentProvider,
    kind: row.kind,
    status: row.status,
    url: OPEN.includes(row.status) ? url : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the demo provider's page shows of a session. */
export interface SessionPage {
  session: IdentSessionRow;
  partner: Partner;
  personName: string;
  /** The person's interface language when the partner offers it, else the partner's default. */
  language: string;
  documentNames: string[];
}

/**
 * Identification and e-sign sessions (ADR 020): the person starts (or continues) their session
 * with the partner's provider; the provider's callbacks move it on, once.
 */
export class IdentService {
  private readonly applications: ApplicationsService;
  readonly providers: IdentProviders;

  constructor(private readonly ctx: AppContext) {
    this.applications = new ApplicationsService(ctx);
    this.providers = identProviders(ctx);
  }

  /**
   * POST …/signatories_requirements/{signatoryId}/video_idents. Only the person themselves (the
   * accepted signatory whose account is the caller) while the application is at Signature. An
   * open session is continued (answered as it is); after a failed, canceled or expired one a new
   * one starts. A completed session is answered as it is unless there are documents to sign that
   * it did not cover (an identification before the contract was provided): then a new e-sign one.
   */
  async start(
    partner: Partner,
    user: SessionUser,
    applicationId: string,
    signatoryId: string,
    ip: string,
    origin: string,
  ): Promise<{ session: IdentSession; created: boolean }> {
    const { record } = await this.applications.access(partner, user, applicationId);
    if (record.status !== 'Signature') throw new AppError('err_signature_not_open', 409);
    const [person] = await this.ctx.db
      .select()
      .from(signatories)
      .where(
        and(eq(signatories.id, UUID.test(signatoryId) ? signatoryId : NO_ID), eq(signatories.applicationId, record.id)),
      );
    if (!person) throw new AppError('err_entity_not_found', 404);
    if (person.userId !== user.id || person.inviteStatus !== 'accepted') throw new AppError('err_no_permission', 403);

    const providerName = partner.signatures.ident_provider;
    if (providerName === null || providerName === 'manual') throw new AppError('err_signing_method_not_allowed', 409);
    const provider = this.providers.get(providerName);
    if (!provider) throw new AppError('err_provider_unknown', 409);

    const toSign = await this.documentsToSign(partner, record, person);
    if (toSign.some((d) => !isPdf(d))) throw new AppError('err_signing_only_pdf', 409);
    const kind: IdentKind = toSign.length ? 'esign' : 'ident';
    const documentIds = toSign.map((d) => d.id);
    // What the session covers, exactly: a signature counts for the version it signed (ADR 021).
    const documentHashes = Object.fromEntries(toSign.filter((d) => d.sha256).map((d) => [d.id, d.sha256!]));
    const personName = [person.firstName, person.lastName].filter(Boolean).join(' ');

    // Everything read before: on embedded PGlite the transaction holds the only connection.
    return this.ctx.db.transaction(async (tx) => {
      // Two starts of one person at once make one session.
      await tx.select({ id: signatories.id }).from(signatories).where(eq(signatories.id, person.id)).for('update');
      const [newest] = await tx
        .select()
        .from(identSessions)
        .where(eq(identSessions.signatoryId, person.id))
        .orderBy(desc(identSessions.createdAt), desc(identSessions.id))
        .limit(1);
      const covers = (row: IdentSessionRow) =>
        row.kind === 'esign'
          ? toSign.every((d) => row.documentIds.includes(d.id) && (row.documentHashes[d.id] ?? d.sha256) === d.sha256)
          : kind === 'ident';
      if (newest && (OPEN.includes(newest.status) || (newest.status === 'completed' && covers(newest)))) {
        const url = this.providers.get(newest.provider)?.sessionUrl(newest.ref, origin) ?? null;
        return { session: identSessionOf(newest, url), created: false };
      }
      const started = await provider.start({ kind, personName, documentIds, origin });
      const [row] = await tx
        .insert(identSessions)
        .values({
          ref: started.ref,
          signatoryId: person.id,
          applicationId: record.id,
          partnerId: partner.key,
          userId: user.id,
          provider: provider.name,
          kind,
          documentIds,
          documentHashes,
          ip,
        })
        .returning();
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'ident_session.started',
        entity: 'ident_session',
        entityId: row!.id,
        applicationId: record.id,
        before: newest ? { session_id: newest.id, status: newest.status } : null,
        after: {
          signatory_id: person.id,
          provider: provider.name,
          kind,
          status: row!.status,
          document_ids: documentIds,
        },
        ip,
      });
      return { session: identSessionOf(row!, started.url), created: true };
    });
  }

  /**
   * The documents the person signs online in the session: the loan contract while the partner
   * signs it online, and the guarantee agreement for a guarantor (the one rule, contracts
   * isGuarantor) while the partner signs that online; each the newest one provided and available
   * (the one rule, contracts isFileAvailable): never one still being checked or not checkable.
   */
  private async documentsToSign(partner: Partner, record: ApplicationRecord, person: SignatoryRow) {
    const types: string[] = [];
    if (partner.signatures.loan_contract_signing === 'online') types.push('loan_contract');
    const guarantor =
      person.isContractSignatory === true &&
      isGuarantor(listEntryOf(person), guaranteesRequired(partner, record.product_type));
    if (guarantor && partner.signatures.guarantor_contract_signing === 'online') types.push('guarantor_contract');
    const found = [];
    for (const type of types) {
      const doc = await providedDocument(this.ctx.db, record.id, type, !!this.ctx.virusScanner, { toSign: true });
      if (doc) found.push(doc);
    }
    return found;
  }

  /**
   * POST /signatures/callbacks/{provider}: a provider's callback. Verified over the raw body (401),
   * for a session of that provider (404), an event id not taken before (409). The status moves
   * with one conditional UPDATE from an open status, so concurrent callbacks make the change
   * once; only the request that made it writes the audit entry and, on completion, enqueues
   * SESSION_COMPLETED. One transaction: a refused callback changes nothing.
   */
  async callback(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    ip: string,
  ): Promise<{ changed: boolean }> {
    const provider = this.providers.get(providerName);
    if (!provider) throw new AppError('err_entity_not_found', 404);
    const now = this.ctx.clock.now();
    const event = provider.verifyCallback(rawBody, headers, now);
    const [session] = await this.ctx.db
      .select()
      .from(identSessions)
      .where(and(eq(identSessions.ref, event.sessionRef), eq(identSessions.provider, provider.name)));
    if (!session) throw new AppError('err_entity_not_found', 404);
    const next = identStatusOf(provider.name, event.status);

    return this.ctx.db.transaction(async (tx) => {
      const taken = await tx
        .insert(identEvents)
        .values({ provider: provider.name, eventId: event.eventId, sessionId: session.id, status: event.status })
        .onConflictDoNothing()
        .returning({ eventId: identEvents.eventId });
      if (!taken.length) throw new AppError('err_callback_replayed', 409);
      // An unknown status name, or back to not started: taken, nothing changes.
      if (!next || next === 'not_started') return { changed: false };
      if (!(await this.move(tx, session.id, next, now))) return { changed: false };
      await audit(tx, {
        partnerId: session.partnerId,
        actorKind: 'system',
        action: 'ident_session.status_changed',
        entity: 'ident_session',
        entityId: session.id,
        applicationId: session.applicationId,
        before: { status: session.status },
        after: { status: next },
        data: { provider: provider.name, event_id: event.eventId, provider_status: event.status },
        ip,
      });
      if (next === 'completed') await enqueue(tx, SESSION_COMPLETED, { session_id: session.id });
      return { changed: true };
    });
  }

  /** The one conditional status change: from an open status only; false when another request was first. */
  private async move(tx: Db, sessionId: string, next: IdentStatus, now: Date): Promise<boolean> {
    const rows = await tx
      .update(identSessions)
      .set({ status: next, updatedAt: now, ...(next === 'completed' ? { completedAt: now } : {}) })
      .where(and(eq(identSessions.id, sessionId), inArray(identSessions.status, OPEN), ne(identSessions.status, next)))
      .returning({ id: identSessions.id });
    return rows.length > 0;
  }

  /** The session of a demo provider's page, with what the page shows; null: no such session. */
  async pageOf(ref: string): Promise<SessionPage | null> {
    if (ref.length > 100) return null;
    const [session] = await this.ctx.db.select().from(identSessions).where(eq(identSessions.ref, ref));
    if (!session || !this.providers.demo(session.provider)) return null;
    const partner = this.ctx.partners.get(session.partnerId);
    if (!partner) return null;
    const [person] = await this.ctx.db
      .select({ firstName: signatories.firstName, lastName: signatories.lastName })
      .from(signatories)
      .where(eq(signatories.id, session.signatoryId));
    const [account] = session.userId
      ? await this.ctx.db.select({ language: users.interfaceLanguage }).from(users).where(eq(users.id, session.userId))
      : [];
    const supported = partner.languages.supported as readonly string[];
    const language = account && supported.includes(account.language) ? account.language : partner.languages.default;
    const docs = session.documentIds.length
      ? await this.ctx.db
          .select({ id: documents.id, name: documents.documentName })
          .from(documents)
          .where(inArray(documents.id, session.documentIds))
      : [];
    const byId = new Map(docs.map((d) => [d.id, d.name]));
    return {
      session,
      partner,
      personName: [person?.firstName, person?.lastName].filter(Boolean).join(' '),
      language,
      documentNames: session.documentIds.map((id) => byId.get(id)).filter((n): n is string => !!n),
    };
  }

  /**
   * The person opened the provider's page: a session not started yet is in progress now. The
   * demo provider has no store of its own (its state is this row), so it moves the row directly
   * instead of calling itself back; the decision on the page goes through the signed callback.
   */
  async opened(session: IdentSessionRow, ip: string): Promise<IdentSessionRow> {
    if (session.status !== 'not_started') return session;
    return this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(identSessions)
        .set({ status: 'in_progress', updatedAt: this.ctx.clock.now() })
        .where(and(eq(identSessions.id, session.id), eq(identSessions.status, 'not_started')))
        .returning();
      if (!row) return session;
      await audit(tx, {
        partnerId: session.partnerId,
        actorKind: 'system',
        action: 'ident_session.status_changed',
        entity: 'ident_session',
        entityId: session.id,
        applicationId: session.applicationId,
        before: { status: 'not_started' },
        after: { status: 'in_progress' },
        data: { provider: session.provider, via: 'provider page opened' },
        ip,
      });
      return row;
    });
  }
}
