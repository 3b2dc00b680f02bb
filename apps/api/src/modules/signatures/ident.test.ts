import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signatureStatusOf, type IdentStatus } from '@finportal/contracts/signature-providers';
import { expectError, useTestApp, type Borrower } from '../../test/harness.js';
import {
  callbacksThroughInject,
  completedJobs,
  identState,
  refOf,
  sendCallback,
  sessionStatus,
  signingCase,
  startIdent,
  videoIdentPath,
} from '../../test/signatures-ident.js';
import { loopbackTransport } from './providers/demo-provider.js';
import { identProviders } from './providers/registry.js';

/**
 * Identification and e-sign sessions, the demo provider's page and the providers' callbacks
 * (issue 14, ADR 020), on a real database.
 */

const t = await useTestApp();
callbacksThroughInject(t);
let applicant: Borrower;
let person: Borrower;
const demo = t.ctx.partners.get('demo')!;
const defaultSignatures = { ...demo.signatures };

beforeAll(async () => {
  [applicant, person] = await Promise.all([
    t.signUp('demo', { ip: '10.14.0.1' }),
    t.signUp('demo', { ip: '10.14.0.2' }),
  ]);
});

afterEach(() => {
  demo.signatures = { ...defaultSignatures };
});

const pageOf = (ref: string) =>
  t.app.inject({
    method: 'GET',
    url: `/demo-provider/sessions/${encodeURIComponent(ref)}`,
    headers: { host: 'demo.localhost:3000' },
  });

/** The first row of a query (there is one). */
const one = async <T>(text: string, params: unknown[]) => (await t.sql<T>(text, params))[0]!;

const formTokenOf = (html: string) => /name="token" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? '';

const submit = (ref: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/demo-provider/sessions/${encodeURIComponent(ref)}`,
    headers: {
      host: 'demo.localhost:3000',
      origin: 'http://demo.localhost:3000',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    payload: new URLSearchParams(form).toString(),
  });

const auditCount = async (sessionId: string, action: string) => {
  const [row] = await t.sql<{ n: number }>(
    'SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1 AND action = $2',
    [sessionId, action],
  );
  return row!.n;
};

describe('starting a session (video_idents)', () => {
  it('starts an identification for the person themselves, and continues it on the next call', async () => {
    const c = await signingCase(t, applicant.client, person);
    const session = await startIdent(person.client, c, 201);
    expect(session).toMatchObject({ provider: 'idnow', kind: 'ident', status: 'not_started' });
    expect(session.url).toMatch(/^http:\/\/demo\.localhost:3000\/demo-provider\/sessions\/[A-Za-z0-9_-]{32}$/);
    const [row] = await t.sql<{ signatory_id: string; user_id: string; ip: string; document_ids: string[] }>(
      'SELECT signatory_id, user_id, ip, document_ids FROM ident_sessions WHERE id = $1',
      [session.session_id],
    );
    expect(row).toEqual({
      signatory_id: c.signatoryId,
      user_id: person.user.userId,
      ip: '10.14.0.2',
      document_ids: [],
    });
    expect(await auditCount(session.session_id, 'ident_session.started')).toBe(1);

    const again = await startIdent(person.client, c, 200);
    expect(again.session_id).toBe(session.session_id);
    expect(again.url).toBe(session.url);
    const { n } = await one<{ n: number }>('SELECT count(*)::int AS n FROM ident_sessions WHERE signatory_id = $1', [
      c.signatoryId,
    ]);
    expect(n).toBe(1);
  });

  it('is an e-sign session over the newest loan contract when the partner signs it online', async () => {
    const c = await signingCase(t, applicant.client, person, {
      documents: [{ document_type: 'loan_contract' }, { document_type: 'annual_statement_2024' }],
    });
    const [contract] = await t.sql<{ id: string }>(
      "SELECT id FROM documents WHERE application_id = $1 AND document_type = 'loan_contract'",
      [c.applicationId],
    );
    const session = await startIdent(person.client, c);
    expect(session.kind).toBe('esign');
    const [row] = await t.sql<{ document_ids: string[] }>('SELECT document_ids FROM ident_sessions WHERE id = $1', [
      session.session_id,
    ]);
    expect(row!.document_ids).toEqual([contract!.id]);
  });

  it('refuses the applicant who is not that person (403) and an application before Signature (409)', async () => {
    const c = await signingCase(t, applicant.client, person);
    expectError(await applicant.client.post(videoIdentPath(c), {}), 403, 'err_no_permission');

    const open = await signingCase(t, applicant.client, person, { status: 'Open' });
    expectError(await person.client.post(videoIdentPath(open), {}), 409, 'err_signature_not_open');
    const { n } = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM ident_sessions WHERE application_id IN ($1, $2)',
      [c.applicationId, open.applicationId],
    );
    expect(n).toBe(0);
  });

  it('refuses a partner without a provider, with manual identification, or with an unknown provider', async () => {
    const c = await signingCase(t, applicant.client, person);
    for (const [provider, code] of [
      [null, 'err_signing_method_not_allowed'],
      ['manual', 'err_signing_method_not_allowed'],
      ['acme_ident', 'err_provider_unknown'],
    ] as const) {
      demo.signatures = { ...defaultSignatures, ident_provider: provider };
      expectError(await person.client.post(videoIdentPath(c), {}), 409, code);
    }
  });

  it('restarts after a failed session: a new one', async () => {
    const c = await signingCase(t, applicant.client, person);
    const first = await startIdent(person.client, c);
    expect((await sendCallback(t, 'idnow', refOf(first), 'FRAUD_SUSPICION_CONFIRMED')).statusCode).toBe(200);
    const second = await startIdent(person.client, c, 201);
    expect(second.session_id).not.toBe(first.session_id);
    expect(second.status).toBe('not_started');
    expect(refOf(second)).not.toBe(refOf(first));
  });
});

describe("the demo provider's page", () => {
  it('renders in the person’s language, escapes a hostile name, and moves the session to in_progress', async () => {
    const c = await signingCase(t, applicant.client, person, {
      signatory: { first_name: '<script>alert(1)</script>', last_name: '"Ünal" & Co' },
      documents: [{ document_type: 'loan_contract' }],
    });
    await t.sql("UPDATE users SET interface_language = 'pl' WHERE id = $1", [person.user.userId]);
    const session = await startIdent(person.client, c);
    const res = await pageOf(refOf(session));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Demonstracyjny dostawca identyfikacji (bez rzeczywistej weryfikacji)');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;Ünal&quot; &amp; Co');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('Demo Finanz');
    expect(res.body).toContain('loan_contract.pdf');
    expect(await sessionStatus(t, session.session_id)).toBe('in_progress');
    await t.sql("UPDATE users SET interface_language = 'de' WHERE id = $1", [person.user.userId]);
  });

  it('answers an unknown session with 404 (HTML), and on another partner’s host too', async () => {
    const missing = await pageOf('no-such-session-ref-0000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    const c = await signingCase(t, applicant.client, person);
    const session = await startIdent(person.client, c);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/demo-provider/sessions/${refOf(session)}`,
      headers: { host: 'nordbank.localhost:3000' },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(await sessionStatus(t, session.session_id)).toBe('not_started');
  });

  it('confirms through a signed callback and sends the browser back to the Signatures tab', async () => {
    const c = await signingCase(t, applicant.client, person);
    const session = await startIdent(person.client, c);
    const token = formTokenOf((await pageOf(refOf(session))).body);

    const before = await identState(t);
    const forged = await submit(refOf(session), { action: 'confirm', token: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    const foreign = await submit(refOf(session), { action: 'confirm', token }, { origin: 'http://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(await identState(t)).toEqual(before);

    const res = await submit(refOf(session), { action: 'confirm', token });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/dashboard/applications/${c.applicationId}?tab=signatures`);
    expect(await sessionStatus(t, session.session_id)).toBe('completed');
    expect(await completedJobs(t, session.session_id)).toBe(1);
    const [event] = await t.sql<{ provider: string; status: string }>(
      'SELECT provider, status FROM ident_events WHERE session_id = $1',
      [session.session_id],
    );
    expect(event).toEqual({ provider: 'idnow', status: 'SUCCESS' });
    // The closed session's page shows it closed, without the form.
    const closed = await pageOf(refOf(session));
    expect(closed.body).not.toContain('<form');
  });

  it('calls the portal back over real HTTP on the port the request came in on', async () => {
    identProviders(t.ctx).transport = loopbackTransport;
    try {
      demo.signatures = { ...defaultSignatures, ident_provider: 'postident' };
      const c = await signingCase(t, applicant.client, person);
      const session = await startIdent(person.client, c);
      expect(session.provider).toBe('postident');
      const token = formTokenOf((await pageOf(refOf(session))).body);
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const body = new URLSearchParams({ action: 'fail', token }).toString();
      const status = await new Promise<{ code: number; location: string | undefined }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/demo-provider/sessions/${refOf(session)}`,
            headers: {
              host: `demo.localhost:${port}`,
              origin: `http://demo.localhost:${port}`,
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': String(Buffer.byteLength(body)),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ code: res.statusCode ?? 0, location: res.headers.location }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect(status).toEqual({ code: 303, location: `/dashboard/applications/${c.applicationId}?tab=signatures` });
      expect(await sessionStatus(t, session.session_id)).toBe('failed');
      const [event] = await t.sql<{ status: string }>('SELECT status FROM ident_events WHERE session_id = $1', [
        session.session_id,
      ]);
      expect(event!.status).toBe('closed_unsuccessful');
    } finally {
      callbacksThroughInject(t);
    }
  });
});

describe('provider callbacks', () => {
  it('a valid success completes the session and enqueues exactly one SESSION_COMPLETED job', async () => {
    const c = await signingCase(t, applicant.client, person);
    const session = await startIdent(person.client, c);
    const res = await sendCallback(t, 'idnow', refOf(session), 'SUCCESS');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, changed: true });
    const [row] = await t.sql<{ status: string; completed_at: Date | null }>(
      'SELECT status, completed_at FROM ident_sessions WHERE id = $1',
      [session.session_id],
    );
    expect(row!.status).toBe('completed');
    expect(row!.completed_at).not.toBeNull();
    expect(await completedJobs(t, session.session_id)).toBe(1);
    expect(await auditCount(session.session_id, 'ident_session.status_changed')).toBe(1);
    // The session is final: a later callback (another event) changes nothing more.
    const later = await sendCallback(t, 'idnow', refOf(session), 'FRAUD_SUSPICION_CONFIRMED');
    expect(later.json()).toEqual({ received: true, changed: false });
    expect(await sessionStatus(t, session.session_id)).toBe('completed');
    expect(await completedJobs(t, session.session_id)).toBe(1);
  });

  it('refuses a wrong, missing or stale signature, another session or provider, and a replay, changing nothing', async () => {
    const c = await signingCase(t, applicant.client, person);
    const session = await startIdent(person.client, c);
    const ref = refOf(session);
    const now = Math.floor(Date.now() / 1000);
    const taken = await sendCallback(t, 'idnow', ref, 'IN_PROGRESS', { eventId: 'evt-replayed-0001' });
    expect(taken.statusCode, taken.body).toBe(200);
    const before = await identState(t);

    const cases: [string, Promise<Awaited<ReturnType<typeof sendCallback>>>, number, string][] = [
      [
        'wrong secret',
        sendCallback(t, 'idnow', ref, 'SUCCESS', { secret: 'not-the-demo-provider-secret' }),
        401,
        'err_callback_signature_invalid',
      ],
      [
        'no signature',
        sendCallback(t, 'idnow', ref, 'SUCCESS', { header: null }),
        401,
        'err_callback_signature_invalid',
      ],
      [
        'garbage header',
        sendCallback(t, 'idnow', ref, 'SUCCESS', { header: 't=abc,v1=xyz' }),
        401,
        'err_callback_signature_invalid',
      ],
      ['stale', sendCallback(t, 'idnow', ref, 'SUCCESS', { at: now - 3600 }), 401, 'err_callback_signature_invalid'],
      [
        'from the future',
        sendCallback(t, 'idnow', ref, 'SUCCESS', { at: now + 3600 }),
        401,
        'err_callback_signature_invalid',
      ],
      [
        'body changed after signing',
        sendCallback(t, 'idnow', ref, 'FRAUD_SUSPICION_CONFIRMED', {
          sentBody: JSON.stringify({
            event_id: 'evt-tampered-01',
            session_ref: ref,
            status: 'SUCCESS',
            occurred_at: 'x',
          }),
        }),
        401,
        'err_callback_signature_invalid',
      ],
      ['unknown session', sendCallback(t, 'idnow', 'no-such-session-ref-0000', 'SUCCESS'), 404, 'err_entity_not_found'],
      ['session of another provider', sendCallback(t, 'swiss_sign', ref, 'signed'), 404, 'err_entity_not_found'],
      ['unknown provider', sendCallback(t, 'acme', ref, 'SUCCESS'), 404, 'err_entity_not_found'],
      ['manual is no provider', sendCallback(t, 'manual', ref, 'SUCCESS'), 404, 'err_entity_not_found'],
      [
        'replayed event id',
        sendCallback(t, 'idnow', ref, 'SUCCESS', { eventId: 'evt-replayed-0001' }),
        409,
        'err_callback_replayed',
      ],
    ];
    for (const [label, pending, status, code] of cases) {
      const res = await pending;
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.json<{ errors: { code: string }[] }>().errors[0]?.code, label).toBe(code);
    }
    expect(await identState(t)).toEqual(before);
    expect(await sessionStatus(t, session.session_id)).toBe('in_progress');
  });

  it('another session’s ref completes that session, never this one', async () => {
    const mine = await startIdent(person.client, await signingCase(t, applicant.client, person));
    const other = await startIdent(person.client, await signingCase(t, applicant.client, person));
    expect((await sendCallback(t, 'idnow', refOf(other), 'SUCCESS')).statusCode).toBe(200);
    expect(await sessionStatus(t, other.session_id)).toBe('completed');
    expect(await sessionStatus(t, mine.session_id)).toBe('not_started');
  });

  it('an unknown status name is taken and changes nothing', async () => {
    const session = await startIdent(person.client, await signingCase(t, applicant.client, person));
    const res = await sendCallback(t, 'idnow', refOf(session), 'SOMETHING_NEW');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, changed: false });
    expect(await sessionStatus(t, session.session_id)).toBe('not_started');
  });

  it('20 concurrent valid callbacks with distinct event ids complete the session once', async () => {
    const session = await startIdent(person.client, await signingCase(t, applicant.client, person));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => sendCallback(t, 'idnow', refOf(session), 'SUCCESS')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((r) => r.json<{ changed: boolean }>().changed)).toHaveLength(1);
    expect(await sessionStatus(t, session.session_id)).toBe('completed');
    expect(await completedJobs(t, session.session_id)).toBe(1);
    expect(await auditCount(session.session_id, 'ident_session.status_changed')).toBe(1);
    const { n } = await one<{ n: number }>('SELECT count(*)::int AS n FROM ident_events WHERE session_id = $1', [
      session.session_id,
    ]);
    expect(n).toBe(20);
  });

  it("each provider's own vocabulary: a failure is failed (Failed on the screen), a decline canceled", async () => {
    const cases: [string, string, IdentStatus][] = [
      ['idnow', 'FRAUD_SUSPICION_CONFIRMED', 'failed'],
      ['swiss_sign', 'failed', 'failed'],
      ['swiss_sign', 'declined', 'canceled'],
      ['postident', 'closed_unsuccessful', 'failed'],
      ['postident', 'closed_successful', 'completed'],
    ];
    for (const [provider, providerStatus, expected] of cases) {
      demo.signatures = { ...defaultSignatures, ident_provider: provider };
      const session = await startIdent(person.client, await signingCase(t, applicant.client, person));
      expect(session.provider).toBe(provider);
      const res = await sendCallback(t, provider, refOf(session), providerStatus);
      expect(res.statusCode, res.body).toBe(200);
      const status = (await sessionStatus(t, session.session_id)) as IdentStatus;
      expect(status, `${provider} ${providerStatus}`).toBe(expected);
      expect(await completedJobs(t, session.session_id)).toBe(expected === 'completed' ? 1 : 0);
    }
    expect(signatureStatusOf('failed')).toBe('Failed');
    // The restart after a failure answers a fresh session the person can open.
    demo.signatures = { ...defaultSignatures };
    const c = await signingCase(t, applicant.client, person);
    const failed = await startIdent(person.client, c);
    await sendCallback(t, 'idnow', refOf(failed), 'FRAUD_SUSPICION_CONFIRMED');
    const answer = await person.client.post(videoIdentPath(c), {});
    expect(answer.statusCode).toBe(201);
    expect(signatureStatusOf(answer.json<{ status: IdentStatus }>().status)).toBe('NotCompleted');
  });
});
