import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApplicationInput, PASSWORD } from '@finportal/testing/factories';
import { testDatabaseUrl } from '../../config/env.js';
import { DEFAULT_POSTGRES_URL, assertPrerequisites, request, startScaleOut, type ScaleOut } from './instances.js';

/**
 * Issue 11: kill -9 of the server during 50 concurrent uploads loses no document whose
 * upload_success was answered, and after the restart no row stays uploading past the clean-up.
 * The uploads go to one instance directly (its own Host, as the partner's subdomain would reach
 * it); it is killed once a few uploads are confirmed, while the others are still sending.
 */
const SERVER_URL = testDatabaseUrl() ?? DEFAULT_POSTGRES_URL;
const UPLOADS = 50;
const FILE_BYTES = 1024 * 1024;
const KILL_AFTER_CONFIRMED = 8;

let cluster: ScaleOut;

beforeAll(async () => {
  await assertPrerequisites(SERVER_URL);
  cluster = await startScaleOut({ serverUrl: SERVER_URL, instances: 1, env: { JOB_POLL_MS: '100' } });
});

afterAll(async () => {
  await cluster?.close();
});

/** One call to the instance as the demo partner's browser makes it (Host, Origin, session cookie). */
function call(method: string, pathName: string, body?: unknown, cookie?: string) {
  const instance = cluster.instances[0]!;
  const host = `demo.localhost:${instance.port}`;
  return request(instance.base, {
    method,
    path: pathName,
    host,
    body,
    headers: { ...(method !== 'GET' ? { origin: `http://${host}` } : {}), ...(cookie ? { cookie } : {}) },
  });
}

/** PUT of a file to its upload URL in 64 KB pieces, a turn of the event loop apart (an upload takes a while). */
function putSlowly(uploadUrl: string, bytes: Buffer): Promise<number> {
  const url = new URL(uploadUrl);
  const instance = cluster.instances[0]!;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: '127.0.0.1',
        port: instance.port,
        path: url.pathname,
        method: 'PUT',
        agent: false,
        headers: { host: url.host, 'content-type': 'application/pdf', 'content-length': bytes.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    let offset = 0;
    const next = () => {
      if (offset >= bytes.length) return req.end();
      const piece = bytes.subarray(offset, offset + 64 * 1024);
      offset += piece.length;
      if (req.write(piece)) setTimeout(next, 2);
      else req.once('drain', next);
    };
    next();
  });
}

const pdf = (i: number) =>
  Buffer.concat([Buffer.from(`%PDF-1.4\n% crash test file ${i}\n`), randomBytes(FILE_BYTES), Buffer.from('\n%%EOF\n')]);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const walk = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        return e.isDirectory() ? walk(full) : [full];
      })
    : [];

it('kill -9 during 50 concurrent uploads: every confirmed upload survives; the clean-up leaves nothing uploading', async () => {
  const email = `crash-${randomBytes(5).toString('hex')}@example.com`;
  const registered = await call('POST', '/api/user/users', {
    email,
    password: PASSWORD,
    accepted_terms: true,
    interface_language: 'de',
    communication_language: 'de',
  });
  expect(registered.status, registered.body).toBe(201);
  const login = await call('POST', '/api/user/account/login', { email, password: PASSWORD });
  expect(login.status, login.body).toBe(200);
  const cookie = (login.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('fp_session='))!;
  const created = await call('POST', '/api/user/applications', buildApplicationInput(), cookie);
  expect(created.status, created.body).toBe(201);
  const id = created.json<{ application: { applicationId: string } }>().application.applicationId;
  const docs = `/api/user/applications/${id}/documents`;

  const confirmed = new Map<string, string>(); // document id → sha256 of what was sent
  let killed = false;
  const kill = async () => {
    if (killed) return;
    killed = true;
    await cluster.instances[0]!.kill();
  };

  const one = async (i: number) => {
    const bytes = pdf(i);
    const announced = await call(
      'POST',
      docs,
      { file_name: `statement-${i}.pdf`, document_type: 'annual_statement_2024', size_bytes: bytes.length },
      cookie,
    );
    expect(announced.status, announced.body).toBe(201);
    const { document_id, upload_url } = announced.json<{ document_id: string; upload_url: string }>();
    const status = await putSlowly(upload_url, bytes);
    expect(status).toBe(200);
    const done = await call('PATCH', `${docs}/${document_id}/upload_success`, { is_upload_successful: true }, cookie);
    expect(done.status, done.body).toBe(200);
    confirmed.set(document_id, sha(bytes));
    if (confirmed.size >= KILL_AFTER_CONFIRMED) await kill();
  };
  // Announce all first (quick), then send: the kill then meets uploads at every stage.
  const results = await Promise.allSettled(Array.from({ length: UPLOADS }, (_, i) => one(i)));
  await kill();
  expect(killed).toBe(true);
  expect(confirmed.size).toBeGreaterThanOrEqual(KILL_AFTER_CONFIRMED);
  expect(
    results.filter((r) => r.status === 'rejected').length,
    'some uploads were cut off by the kill',
  ).toBeGreaterThan(0);

  await cluster.instances[0]!.restart();
  const rows = await cluster.sql<{
    id: string;
    upload_status: string;
    sha256: string | null;
    storage_key: string | null;
  }>('SELECT id, upload_status, sha256, storage_key FROM documents WHERE application_id = $1', [id]);
  // Every answered upload_success: confirmed in the database, its bytes stored and downloadable.
  const filesDir = path.join(cluster.balancer.dir, 'data', 'files');
  for (const [documentId, digest] of confirmed) {
    const row = rows.find((r) => r.id === documentId);
    expect(row?.upload_status).toBe('success');
    expect(row?.sha256).toBe(digest);
    const stored = fs.readFileSync(path.join(filesDir, row!.storage_key!));
    expect(sha(stored)).toBe(digest);
  }
  const link = await call('GET', `${docs}/${[...confirmed.keys()][0]}/download_url`, undefined, cookie);
  expect(link.status, link.body).toBe(200);

  // A day later the clean-up runs: no row is left uploading, and the bytes of unconfirmed ones and
  // of the uploads cut off mid-way (partial files) are gone.
  expect(rows.some((r) => r.upload_status === 'pending')).toBe(true);
  const partials = () => walk(filesDir).filter((f) => /\.part-/.test(f));
  const dayAgo = new Date(Date.now() - 25 * 3_600_000);
  for (const file of partials()) fs.utimesSync(file, dayAgo, dayAgo);
  await cluster.sql("UPDATE documents SET created_at = created_at - interval '25 hours' WHERE application_id = $1", [
    id,
  ]);
  const [job] = await cluster.sql<{ id: number }>(
    "INSERT INTO jobs (type, payload, max_attempts, run_at) VALUES ('documents.cleanup', '{}'::jsonb, 3, now()) RETURNING id",
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [state] = await cluster.sql<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [job!.id]);
    if (state?.status === 'done') break;
    if (Date.now() > deadline) throw new Error(`the clean-up did not run: ${JSON.stringify(state)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const after = await cluster.sql<{ id: string; upload_status: string; storage_key: string | null }>(
    'SELECT id, upload_status, storage_key FROM documents WHERE application_id = $1',
    [id],
  );
  expect(after.filter((r) => r.upload_status === 'pending')).toEqual([]);
  // Every answered confirmation stays (a confirmation committed just before the kill may not have
  // been answered: that document stays too, it is complete).
  const succeeded = after.filter((r) => r.upload_status === 'success').map((r) => r.id);
  expect(succeeded).toEqual(expect.arrayContaining([...confirmed.keys()]));
  for (const row of after.filter((r) => r.upload_status === 'failed' && r.storage_key)) {
    expect(fs.existsSync(path.join(filesDir, row.storage_key!))).toBe(false);
  }
  expect(partials()).toEqual([]);
  expect(cluster.instances[0]!.errorLines()).toEqual([]);
});
