import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RawStatus } from '@finportal/contracts/statuses';
import { videoIdentResponse, type VideoIdentResponse } from '@finportal/contracts/signatures';
import { DEMO_SIGNATURE_HEADER, signDemoCallback } from '../modules/signatures/providers/demo-provider.js';
import { identProviders } from '../modules/signatures/providers/registry.js';
import { COMPLETE_SIGNATORY, createApplication, seed, type Fixtures } from './dashboard.js';
import type { Borrower, TestApp, TestClient, TestResponse } from './harness.js';

/**
 * Helpers of the identification tests (issue 14, ADR 020): an application at Signature whose
 * representative is a logged-in borrower, the start call, and signed provider callbacks.
 */

/** The demo provider calls the portal back through app.inject (the tests have no listening socket). */
export function callbacksThroughInject(t: TestApp): void {
  identProviders(t.ctx).transport = async (request) => {
    const res = await t.app.inject({
      method: 'POST',
      url: request.path,
      headers: { ...request.headers, host: request.host },
      payload: request.body,
    });
    return { statusCode: res.statusCode, body: res.body };
  };
}

export interface SigningCase {
  applicationId: string;
  signatoryId: string;
}

/**
 * An application of `applicant` at `status` (default Signature) with one representative who is
 * the borrower `person` (an accepted signatory: the row's user_id is theirs).
 */
export async function signingCase(
  t: TestApp,
  applicant: TestClient,
  person: Borrower,
  options: { status?: RawStatus; documents?: Fixtures['documents']; signatory?: Record<string, unknown> } = {},
): Promise<SigningCase> {
  const application = await createApplication(applicant);
  await seed(t, application.applicationId, {
    status: options.status ?? 'Signature',
    signatories: [
      {
        ...COMPLETE_SIGNATORY,
        first_name: 'Petra',
        last_name: 'Prokura',
        email: person.user.email,
        user_email: person.user.email,
        invite_status: 'accepted',
        ...options.signatory,
      },
    ],
    documents: options.documents ?? [],
  });
  const [row] = await t.sql<{ id: string; user_id: string }>(
    'SELECT id, user_id FROM signatories WHERE application_id = $1',
    [application.applicationId],
  );
  expect(row?.user_id).toBe(person.user.userId);
  return { applicationId: application.applicationId, signatoryId: row!.id };
}

export const videoIdentPath = ({ applicationId, signatoryId }: SigningCase) =>
  `/user/applications/${applicationId}/signatories_requirements/${signatoryId}/video_idents`;

/** POST video_idents; expects `status` and answers the session. */
export async function startIdent(client: TestClient, c: SigningCase, status = 201): Promise<VideoIdentResponse> {
  const res = await client.post(videoIdentPath(c), {});
  expect(res.statusCode, res.body).toBe(status);
  return videoIdentResponse.parse(res.json());
}

/** The session's ref (the last path segment of its URL). */
export const refOf = (session: VideoIdentResponse) => decodeURIComponent(session.url!.split('/').pop()!);

export interface CallbackOptions {
  secret?: string;
  /** Unix seconds of the signature (default now). */
  at?: number;
  eventId?: string;
  /** Send this header value instead of a signature. */
  header?: string | null;
  /** Sign this body but send another. */
  sentBody?: string;
}

/** A provider callback as the demo provider sends it, signed with the configured secret unless told otherwise. */
export function sendCallback(
  t: TestApp,
  provider: string,
  ref: string,
  status: string,
  options: CallbackOptions = {},
): Promise<TestResponse> {
  const body = JSON.stringify({
    event_id: options.eventId ?? randomUUID(),
    session_ref: ref,
    status,
    occurred_at: new Date().toISOString(),
  });
  const at = options.at ?? Math.floor(Date.now() / 1000);
  const header =
    options.header === undefined
      ? signDemoCallback(options.secret ?? t.config.DEMO_PROVIDER_SECRET, body, at)
      : options.header;
  return t.app.inject({
    method: 'POST',
    url: `${t.config.API_BASE_PATH}/signatures/callbacks/${provider}`,
    headers: {
      host: 'demo.localhost:3000',
      'content-type': 'application/json',
      ...(header === null ? {} : { [DEMO_SIGNATURE_HEADER]: header }),
    },
    payload: options.sentBody ?? body,
  });
}

/** What a callback can change: the sessions, the events taken, the signature jobs and the audit entries. */
export async function identState(t: TestApp): Promise<Record<string, string>> {
  const digestOf = (query: string) =>
    `(SELECT count(*) || ' ' || md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) FROM (${query}) x)`;
  const [row] = await t.sql<Record<string, string>>(
    `SELECT ${digestOf('SELECT * FROM ident_sessions')} AS sessions,
            ${digestOf('SELECT * FROM ident_events')} AS events,
            ${digestOf("SELECT id, type, payload FROM jobs WHERE type LIKE 'signatures.%'")} AS jobs,
            ${digestOf("SELECT id, action, entity_id FROM audit_log WHERE entity = 'ident_session'")} AS audits`,
  );
  return row!;
}

/** The SESSION_COMPLETED jobs of a session. */
export async function completedJobs(t: TestApp, sessionId: string): Promise<number> {
  const [row] = await t.sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM jobs WHERE type = 'signatures.session_completed' AND payload->>'session_id' = $1`,
    [sessionId],
  );
  return row!.n;
}

/** The session's stored status. */
export async function sessionStatus(t: TestApp, sessionId: string): Promise<string> {
  const [row] = await t.sql<{ status: string }>('SELECT status FROM ident_sessions WHERE id = $1', [sessionId]);
  return row!.status;
}
