import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Language } from '@finportal/contracts/constants';
import { rowsOf, type Db } from '../../db/client.js';
import { mailOutbox, type MailAttachment } from '../../db/schema.js';
import { enqueue, jobHandler, jobType } from '../jobs/queue.js';
import type { Partner } from '../tenancy.js';
import { partnerOrigin } from '../tenancy.js';
import { mailLogoUrlOf } from '@finportal/contracts/partner';
import {
  renderCopy,
  renderMail,
  type Branding,
  type MailCopy,
  type MailTemplate,
  type RenderedMail,
} from './templates.js';

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
  vars?: { minutes?: number; hours?: number; days?: number };
}

/** A feature's message from its own copy (its module's texts, in the reader's language). */
export interface CopyMailRequest {
  partner: Partner;
  to: string;
  language: Language;
  /** The template's name, kept in the outbox (the dev mailbox and tests look messages up by it). */
  template: string;
  copy: MailCopy;
  /** Path on the partner's portal the message's button opens. */
  linkPath?: string;
}

/**
 * Mail goes through the outbox table. Without SMTP_URL a message is stored for the dev
 * mailbox; with it the message waits as pending until its mail.send job has delivered it.
 * Enqueue takes the caller's db (or transaction), so a message is stored with the change it reports.
 */
export class Mailer {
  constructor(private readonly settings: MailSettings) {}

  get delivers(): boolean {
    return Boolean(this.settings.smtpUrl);
  }

  /** The partner's portal origin (`http://demo.localhost:3000`): mail links start with it. */
  origin(partner: Partner): string {
    return partnerOrigin(this.settings.publicBaseUrl, partner.key);
  }

  /** The partner's branding of every message. */
  branding(partner: Partner): Branding {
    const origin = this.origin(partner);
    return {
      partnerName: partner.display_name,
      legalName: partner.legal_name,
      // A PNG (issue 26): mail clients show no SVG.
      logoUrl: `${origin}${mailLogoUrlOf(this.settings.apiBasePath, partner.key, partner.logo)}`,
      primaryColor: partner.fe_theme.color_primary,
      ctaTextColor: partner.fe_theme.color_cta_text,
      supportEmail: partner.customer_support_email,
      supportPhone: partner.customer_support_phone,
    };
  }

  async enqueue(db: Db, req: MailRequest): Promise<void> {
    const link = req.linkPath ? `${this.origin(req.partner)}${req.linkPath}` : undefined;
    const mail = renderMail(req.template, req.language, this.branding(req.partner), link, req.vars);
    await this.enqueueRendered(db, { ...req, mail });
  }

  /** Stores a feature's message written with its own copy, in the partner's frame. */
  async enqueueCopy(db: Db, req: CopyMailRequest): Promise<void> {
    const link = req.linkPath ? `${this.origin(req.partner)}${req.linkPath}` : undefined;
    const mail = renderCopy(req.copy, req.language, this.branding(req.partner), link);
    await this.enqueueRendered(db, {
      partner: req.partner,
      to: req.to,
      language: req.language,
      template: req.template,
      mail,
    });
  }

  /**
   * Stores a message a feature rendered itself (its own template, e.g. the appointment e-mails
   * with their calendar invitation), with the files sent along.
   */
  async enqueueRendered(db: Db, req: RenderedMailRequest): Promise<void> {
    const [row] = await db
      .insert(mailOutbox)
      .values({
        partnerId: req.partner.key,
        toAddress: req.to,
        subject: req.mail.subject,
        textBody: req.mail.text,
        htmlBody: req.mail.html,
        template: req.template,
        language: req.language,
        status: this.delivers ? 'pending' : 'stored',
        attachments: req.attachments?.length ? req.attachments : null,
      })
      .returning({ id: mailOutbox.id });
    if (this.delivers) await enqueue(db, MAIL_SEND, { mailId: row!.id });
  }
}

/** A message rendered by its feature: see Mailer.enqueueRendered. */
export interface RenderedMailRequest {
  partner: Partner;
  to: string;
  language: Language;
  /** The template's name, kept in the outbox (the dev mailbox and tests look messages up by it). */
  template: string;
  mail: RenderedMail;
  attachments?: MailAttachment[];
}

/** Delivery of one outbox message by SMTP (only with SMTP_URL). */
export const MAIL_SEND = jobType('mail.send', z.object({ mailId: z.uuid() }), { maxAttempts: 50 });

/**
 * The mail.send handler: sends one outbox message by SMTP. Not transactional (SMTP is outside the
 * database): a message is sent at least once; only a worker that dies between the SMTP server's
 * acceptance and the database update sends it twice. A failure is kept on the outbox row
 * (attempts, last_error) and retried with back-off by the queue; after 50 attempts it is failed.
 */
export function mailDeliveryHandler(settings: MailSettings & { smtpUrl: string }) {
  let transporter: Transporter | undefined;
  const transport = () =>
    (transporter ??= nodemailer.createTransport(
      { url: settings.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
      { from: settings.from },
    ));
  return jobHandler({
    type: MAIL_SEND,
    transactional: false,
    async run({ mailId }, db) {
      const row = rowsOf<{
        to_address: string;
        subject: string;
        text_body: string;
        html_body: string;
        status: string;
        attachments: MailAttachment[] | null;
      }>(
        await db.execute(sql`
          UPDATE mail_outbox SET attempts = attempts + 1 WHERE id = ${mailId}
          RETURNING to_address, subject, text_body, html_body, status, attachments`),
      )[0];
      if (!row || row.status === 'sent') return;
      try {
        await transport().sendMail({
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          ...(row.attachments?.length
            ? {
                attachments: row.attachments.map((a) => ({
                  filename: a.filename,
                  content: a.content,
                  contentType: a.content_type,
                })),
              }
            : {}),
        });
      } catch (err) {
        await db.execute(
          sql`UPDATE mail_outbox SET last_error = ${String((err as Error).message).slice(0, 500)} WHERE id = ${mailId}`,
        );
        throw err;
      }
      await db.execute(
        sql`UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = ${mailId}`,
      );
    },
    async onDead({ mailId }, db) {
      await db.execute(sql`UPDATE mail_outbox SET status = 'failed' WHERE id = ${mailId}`);
    },
  });
}
