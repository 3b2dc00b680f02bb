import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, linkFrom, type MailRow, type TestApp } from '../../test/harness.js';
import { header, partOf, startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { MailWorker } from './outbox.js';

/** Mail over a real SMTP server: the outbox delivers each message exactly once and loses nothing while SMTP is down. */
let t: TestApp;
let smtp: TestSmtpServer;
const warnings: object[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Demo Portal <no-reply@finportal.test>' });
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

function newWorker(): MailWorker {
  return new MailWorker(
    t.database.db,
    {
      smtpUrl: smtp.url,
      from: t.config.MAIL_FROM,
      publicBaseUrl: t.config.PUBLIC_BASE_URL,
      apiBasePath: t.config.API_BASE_PATH,
    },
    t.config.MAIL_POLL_MS,
    { warn: (o) => warnings.push(o), info: () => undefined },
  );
}

async function withWorker<T>(fn: (worker: MailWorker) => Promise<T>): Promise<T> {
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
      expect(warnings).toContainEqual({ mailId: row.id, attempts: 1 });
      // The retry waits (back-off of 2 s after the first attempt).
      const [{ wait } = { wait: 0 }] = await t.sql<{ wait: number }>(
        'SELECT extract(epoch FROM next_attempt_at - now())::float8 AS wait FROM mail_outbox WHERE id = $1',
        [row.id],
      );
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(2);

      // Not due yet (pushed further out, so a slow machine cannot make it due): no retry.
      await t.sql("UPDATE mail_outbox SET next_attempt_at = now() + interval '1 hour' WHERE id = $1", [row.id]);
      expect(await withWorker((w) => w.runOnce())).toBe(0);
      expect((await rowById(row.id)).attempts).toBe(1);
    } finally {
      await smtp.start();
    }

    // Back up, but the retry is not due: still nothing.
    expect(await withWorker((w) => w.runOnce())).toBe(0);
    expect(receivedBy(email)).toHaveLength(0);

    await t.sql('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1', [row.id]);
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
