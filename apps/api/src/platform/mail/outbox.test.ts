import { afterAll, describe, expect, it } from 'vitest';
import { buildUser, linkFrom, useTestApp, type MailRow } from '../../test/harness.js';
import { header, partOf, startSmtpServer } from '../../test/smtp.js';
import { JobWorker, type JobHandler } from '../jobs/queue.js';
import { mailDeliveryHandler } from './outbox.js';

/**
 * Mail over a real SMTP server: each outbox message is a mail.send job on the queue, delivered
 * exactly once, and nothing is lost while SMTP is down.
 */
const warnings: object[] = [];
const smtp = await startSmtpServer();
afterAll(() => smtp.stop());
const t = await useTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Demo Portal <no-reply@finportal.test>' });

/** A worker with only the mail handler, as every instance runs it. */
function newWorker(): JobWorker {
  const handler = mailDeliveryHandler({
    smtpUrl: smtp.url,
    from: t.config.MAIL_FROM,
    publicBaseUrl: t.config.PUBLIC_BASE_URL,
    apiBasePath: t.config.API_BASE_PATH,
  });
  return new JobWorker(t.database.db, [handler as JobHandler<never>], [], {
    pollMs: 1000,
    leaseSeconds: 60,
    concurrency: 20,
    log: { warn: (o) => warnings.push(o), error: () => undefined },
  });
}

/** The delivery job of an outbox message. */
const jobOf = async (mailId: string) =>
  (
    await t.sql<{ id: number; status: string; attempts: number; wait: number }>(
      `SELECT id, status, attempts, extract(epoch FROM run_at - now())::float8 AS wait FROM jobs
       WHERE type = 'mail.send' AND payload->>'mailId' = $1`,
      [mailId],
    )
  )[0]!;

async function withWorker<T>(fn: (worker: JobWorker) => Promise<T>): Promise<T> {
  const worker = newWorker();
  try {
    return await fn(worker);
  } finally {
    await worker.stop();
  }
}

async function register(overrides: Parameters<typeof buildUser>[0] = {}): Promise<{ email: string; row: MailRow }> {
  const user = buildUser(overrides);
  expect((await t.client().post('/user/users', user)).statusCode).toBe(201);
  const [row] = await t.mailbox(user.email);
  return { email: user.email, row: row! };
}

const receivedBy = (email: string) => smtp.received.filter((m) => m.to.includes(email));
const rowById = async (id: string) => (await t.sql<MailRow>('SELECT * FROM mail_outbox WHERE id = $1', [id]))[0]!;

describe('with SMTP_URL', () => {
  it('register enqueues the mail as pending; the worker delivers it with subject, language and link', async () => {
    const { email, row } = await register({ communication_language: 'de' });
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(0);

    const delivered = await withWorker((w) => w.runOnce());
    expect(delivered).toBe(1);

    const [mail] = receivedBy(email);
    expect(receivedBy(email)).toHaveLength(1);
    const raw = mail!.raw;
    // The subject is MIME-encoded (non-ASCII); decoded it is the German one.
    expect(header(raw, 'subject')).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse – Demo Finanz');
    expect(raw).toContain('Subject: =?UTF-8?');
    expect(header(raw, 'to')).toBe(email);
    expect(header(raw, 'from')).toBe('Demo Portal <no-reply@finportal.test>');
    expect(mail!.from).toBe('no-reply@finportal.test');
    const text = partOf(raw, 'text/plain')!;
    expect(text).toContain('E-Mail-Adresse bestätigen: ');
    expect(text).toContain(linkFrom(row));
    expect(linkFrom(row)).toMatch(
      /^http:\/\/demo\.localhost:3000\/dashboard\/applications\?confirmation_token=[A-Za-z0-9_-]{43}&email_confirm_required=true$/,
    );
    const html = partOf(raw, 'text/html')!;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain(`href="${linkFrom(row).replace(/&/g, '&amp;')}"`); // HTML-escaped
    // The logo as a PNG that mail clients show and may load (issue 26), never the SVG.
    expect(html).toMatch(/<img src="http:\/\/demo\.localhost:3000\/api\/partner\/key\/demo\/logo\.png\?v=[^"]+"/);

    const sent = await rowById(row.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(sent.sent_at).toBeInstanceOf(Date);

    // Nothing is sent twice.
    expect(await withWorker((w) => w.runOnce())).toBe(0);
    expect(receivedBy(email)).toHaveLength(1);
  });

  it('English mail for an English communication language', async () => {
    const { email } = await register({ communication_language: 'en', interface_language: 'de' });
    await withWorker((w) => w.runOnce());
    const [mail] = receivedBy(email);
    expect(header(mail!.raw, 'subject')).toBe('Please confirm your e-mail address – Demo Finanz');
    expect(partOf(mail!.raw, 'text/plain')).toContain(
      'Confirm e-mail address: http://demo.localhost:3000/dashboard/applications?confirmation_token=',
    );
  });

  it('while SMTP is down the message stays pending (attempts, last_error); after it is back it is delivered exactly once', async () => {
    await smtp.stop();
    let row: MailRow;
    let email: string;
    try {
      ({ email, row } = await register());
      warnings.length = 0;
      expect(await withWorker((w) => w.runOnce())).toBe(0);
      const failed = await rowById(row.id);
      expect(failed.status).toBe('pending');
      expect(failed.attempts).toBe(1);
      expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(failed.sent_at).toBeNull();
      const job = await jobOf(row.id);
      expect(warnings).toContainEqual(expect.objectContaining({ jobId: job.id, type: 'mail.send', attempts: 1 }));
      // The retry waits (back-off of 2 s after the first attempt).
      expect(job).toMatchObject({ status: 'queued', attempts: 1 });
      expect(job.wait).toBeGreaterThan(0);
      expect(job.wait).toBeLessThanOrEqual(2);

      // Not due yet (pushed further out, so a slow machine cannot make it due): no retry.
      await t.sql("UPDATE jobs SET run_at = now() + interval '1 hour' WHERE id = $1", [job.id]);
      expect(await withWorker((w) => w.runOnce())).toBe(0);
      expect((await rowById(row.id)).attempts).toBe(1);
    } finally {
      await smtp.start();
    }

    // Back up, but the retry is not due: still nothing.
    expect(await withWorker((w) => w.runOnce())).toBe(0);
    expect(receivedBy(email)).toHaveLength(0);

    await t.sql('UPDATE jobs SET run_at = now() WHERE id = $1', [(await jobOf(row.id)).id]);
    expect(await withWorker((w) => w.runOnce())).toBe(1);
    expect(await withWorker((w) => w.runOnce())).toBe(0);
    expect(receivedBy(email)).toHaveLength(1);
    expect(partOf(receivedBy(email)[0]!.raw, 'text/plain')).toContain(linkFrom(row));
    expect(await rowById(row.id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('two workers running at once deliver every message exactly once', async () => {
    const emails: string[] = [];
    for (let i = 0; i < 5; i++) emails.push((await register()).email);
    const a = newWorker();
    const b = newWorker();
    try {
      const [da, db] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(da + db).toBe(5);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    for (const email of emails) expect(receivedBy(email)).toHaveLength(1);
    const rows = await t.sql<{ status: string }>('SELECT status FROM mail_outbox WHERE to_address = ANY($1)', [emails]);
    expect(rows.map((r) => r.status)).toEqual(Array(5).fill('sent'));
  });
});
