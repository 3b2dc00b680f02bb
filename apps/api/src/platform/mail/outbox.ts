import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Language } from '@finportal/contracts/constants';
import { rowsOf, type Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { Partner } from '../tenancy.js';
import { partnerOrigin } from '../tenancy.js';
import { renderMail, type MailTemplate } from './templates.js';

export interface MailSettings {
  smtpUrl?: string;
  from: string;
  publicBaseUrl: string;
  apiBasePath: string;
}

export interface MailRequest {
  partner: Partner;
  to: string;
  language: Language;
  template: MailTemplate;
  /** Path on the partner's portal, e.g. /user/account/reset/<token>. */
  linkPath?: string;
  vars?: { minutes?: number; hours?: number; days?: number; shortId?: string };
}

/**
 * Mail goes through the outbox table. Without SMTP_URL a message is stored for the dev
 * mailbox; with it the message waits as pending until the worker has delivered it.
 * Enqueue takes the caller's db (or transaction), so a message is stored with the change it reports.
 */
export class Mailer {
  constructor(private readonly settings: MailSettings) {}

  get delivers(): boolean {
    return Boolean(this.settings.smtpUrl);
  }

  async enqueue(db: Db, req: MailRequest): Promise<void> {
    const origin = partnerOrigin(this.settings.publicBaseUrl, req.partner.key);
    const link = req.linkPath ? `${origin}${req.linkPath}` : undefined;
    const mail = renderMail(
      req.template,
      req.language,
      {
        partnerName: req.partner.display_name,
        legalName: req.partner.legal_name,
        logoUrl: `${origin}${this.settings.apiBasePath}/partner/key/${req.partner.key}/logo`,
        primaryColor: req.partner.fe_theme.color_primary,
        ctaTextColor: req.partner.fe_theme.color_cta_text,
        supportEmail: req.partner.customer_support_email,
        supportPhone: req.partner.customer_support_phone,
      },
      link,
      req.vars,
    );
    await db.insert(mailOutbox).values({
      partnerId: req.partner.key,
      toAddress: req.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      template: req.template,
      language: req.language,
      status: this.delivers ? 'pending' : 'stored',
    });
  }
}

const MAX_ATTEMPTS = 50;
const backoffSeconds = (attempt: number) => Math.min(2 ** attempt, 15 * 60);

/**
 * Delivers pending mail by SMTP. Each batch claims rows with FOR UPDATE SKIP LOCKED, so any
 * number of instances can run it and a message goes out once. A failure is kept with
 * its error and retried with back-off; nothing is dropped while SMTP is down.
 */
export class MailWorker {
  private transporter: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    settings: MailSettings & { smtpUrl: string },
    private readonly pollMs: number,
    private readonly log: { warn: (o: object, m: string) => void; info: (o: object, m: string) => void },
  ) {
    this.transporter = nodemailer.createTransport(
      { url: settings.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
      { from: settings.from },
    );
  }

  start(): void {
    const tick = () => {
      if (this.stopped) return;
      this.running = this.runOnce().catch((err: unknown) => {
        this.log.warn({ err: String(err) }, 'mail worker batch failed');
        return 0;
      });
      void this.running.finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.pollMs);
      });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.transporter.close();
  }

  /**
   * Sends what is due; returns the number delivered. A row is claimed by moving its
   * next_attempt_at forward (a lease), so no transaction stays open while SMTP talks, and a
   * message whose instance died mid-send is picked up again when the lease ends.
   */
  async runOnce(batch = 20): Promise<number> {
    let delivered = 0;
    for (let i = 0; i < batch; i++) {
      const claimed = await this.db.execute(sql`
        UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + interval '5 minutes'
        WHERE id = (
          SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, to_address, subject, text_body, html_body, attempts`);
      const row = rowsOf<{
        id: string;
        to_address: string;
        subject: string;
        text_body: string;
        html_body: string;
        attempts: number;
      }>(claimed)[0];
      if (!row) break;
      try {
        await this.transporter.sendMail({
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
        });
        await this.db.execute(
          sql`UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = ${row.id}`,
        );
        delivered++;
      } catch (err) {
        const attempts = Number(row.attempts);
        const status = attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
        await this.db.execute(sql`
          UPDATE mail_outbox SET status = ${status}, last_error = ${String((err as Error).message).slice(0, 500)},
            next_attempt_at = now() + make_interval(secs => ${backoffSeconds(attempts)})
          WHERE id = ${row.id}`);
        this.log.warn({ mailId: row.id, attempts }, 'mail delivery failed, will retry');
        break; // SMTP is failing: wait for the next tick instead of hammering it
      }
    }
    return delivered;
  }
}
