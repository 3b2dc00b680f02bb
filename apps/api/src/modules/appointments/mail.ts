import type { AppointmentConfig, MeetingType } from '@finportal/contracts/appointments';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@finportal/contracts/constants';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../platform/mail/outbox.js';
import {
  actionButton,
  escapeHtml as esc,
  mailFrame,
  supportLines,
  type Branding,
} from '../../platform/mail/templates.js';
import type { Partner } from '../../platform/tenancy.js';
import { appointmentInvite } from './ics.js';
import {
  ADVISOR_COPY,
  CUSTOMER_COPY,
  formatWhen,
  LABELS,
  type AdvisorMailKind,
  type CustomerMailKind,
} from './mail-copy.js';
import { advisorContact, placeOf, type AppointmentRow } from './records.js';

/**
 * The appointment e-mails (ADR 017): to the customer (booked, moved, cancelled, reminder) in
 * their language with the time in their zone, and the notice to the advisor's address (booked,
 * moved, cancelled) in the partner's language with the time in the partner's zone. Bookings
 * and moves carry a METHOD:REQUEST invitation, cancellations METHOD:CANCEL with the same UID.
 */

export interface AppointmentMail {
  mailer: Mailer;
  db: Db;
  partner: Partner;
  config: AppointmentConfig | null;
  row: AppointmentRow;
  now: Date;
}

const languageOf = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : FALLBACK_LANGUAGE;

function typeLabel(config: AppointmentConfig | null, type: MeetingType, language: Language): string {
  const label = config?.meeting_types.find((t) => t.value === type)?.label;
  return label?.[language] ?? LABELS[language].meetingTypes[type];
}

/** The lines of the meeting: when, how long, how, where; for the advisor also the customer's contact data. */
function details(m: AppointmentMail, language: Language, timeZone: string, forAdvisor: boolean): [string, string][] {
  const l = LABELS[language];
  const { row, config } = m;
  const type = row.meetingType as MeetingType;
  const minutes = Math.round((row.meetingEnd.getTime() - row.meetingTime.getTime()) / 60_000);
  const place = placeOf(type, config);
  const lines: [string, string][] = [
    [l.when, `${formatWhen(row.meetingTime, timeZone, language)} (${timeZone})`],
    [l.type, `${typeLabel(config, type, language)}, ${l.duration(minutes)}`],
  ];
  if (place.address) lines.push([l.address, place.address]);
  if (place.meeting_url) lines.push([l.link, place.meeting_url]);
  if (type === 'telephone' && !forAdvisor) lines.push([l.callYou, row.contactPhone]);
  if (forAdvisor) lines.push([l.email, row.contactEmail], [l.phone, row.contactPhone]);
  if (row.notes) lines.push([l.topic, row.notes]);
  return lines;
}

interface Layout {
  subject: string;
  heading: string;
  intro: string;
  lines: [string, string][];
  actions: { label: string; url: string }[];
  note?: string;
  /** The closing line (the customer's mails: "did not book this?"). */
  footer?: string;
}

function render(language: Language, branding: Branding, c: Layout) {
  const text = [
    c.heading,
    '',
    c.intro,
    '',
    ...c.lines.map(([k, v]) => `${k}: ${v}`),
    ...(c.actions.length ? ['', ...c.actions.map((a) => `${a.label}: ${a.url}`), ...(c.note ? [c.note] : [])] : []),
    ...(c.footer ? ['', c.footer] : []),
    '',
    ...supportLines(language, branding),
  ].join('\n');
  const rows = c.lines
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#555;vertical-align:top">${esc(k)}</td><td style="padding:4px 0;white-space:pre-line">${esc(v)}</td></tr>`,
    )
    .join('');
  const buttons = c.actions.map((a) => actionButton(branding, a.label, a.url)).join('');
  const html = mailFrame(
    language,
    branding,
    c.subject,
    `<h1 style="font-size:22px">${esc(c.heading)}</h1>
<p>${esc(c.intro)}</p>
<table style="border-collapse:collapse;margin:16px 0">${rows}</table>${buttons}${c.note && c.actions.length ? `<p style="font-size:12px;color:#555">${esc(c.note)}</p>` : ''}
${c.footer ? `<p style="color:#555">${esc(c.footer)}</p>` : ''}`,
  );
  return { subject: c.subject, text, html };
}

function invite(m: AppointmentMail, method: 'REQUEST' | 'CANCEL', timeZone: string, language: Language) {
  const organizer = advisorContact(m.partner, m.config);
  const l = LABELS[language];
  const place = placeOf(m.row.meetingType as MeetingType, m.config);
  const content = appointmentInvite({
    method,
    uid: m.row.icalUid,
    sequence: m.row.icalSequence,
    start: m.row.meetingTime,
    end: m.row.meetingEnd,
    timeZone,
    title: l.title(m.partner.display_name, organizer.name),
    description: details(m, language, timeZone, false)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
    location: place.address ?? place.meeting_url ?? (m.row.meetingType === 'telephone' ? m.row.contactPhone : null),
    url: place.meeting_url,
    organizer,
    attendee: { name: `${m.row.firstName} ${m.row.lastName}`, email: m.row.contactEmail },
    stamp: m.now,
  });
  return {
    filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
    content_type: `text/calendar; method=${method}; charset=UTF-8`,
    content,
  };
}

/** The customer's e-mail of `kind`; `links` (cancel and move URLs) for every kind but cancelled. */
export async function sendCustomerMail(
  m: AppointmentMail,
  kind: CustomerMailKind,
  links: { cancel: string; move: string } | null,
): Promise<void> {
  const language = languageOf(m.row.language);
  const l = LABELS[language];
  const advisor = advisorContact(m.partner, m.config).name;
  const when = formatWhen(m.row.meetingTime, m.row.timeZone, language);
  const head = CUSTOMER_COPY[language][kind]({ partner: m.partner.display_name, advisor, when });
  const mail = render(language, m.mailer.branding(m.partner), {
    ...head,
    lines: details(m, language, m.row.timeZone, false),
    actions:
      links && kind !== 'cancelled'
        ? [
            { label: l.move, url: links.move },
            { label: l.cancel, url: links.cancel },
          ]
        : [],
    note: l.linksOnce,
    footer: kind === 'cancelled' ? l.footerCancelled : l.footer,
  });
  const attachments =
    kind === 'reminder' ? [] : [invite(m, kind === 'cancelled' ? 'CANCEL' : 'REQUEST', m.row.timeZone, language)];
  await m.mailer.enqueueRendered(m.db, {
    partner: m.partner,
    to: m.row.contactEmail,
    language,
    template: `appointment_${kind}`,
    mail,
    attachments,
  });
}

/** The notice to the advisor's address (the partner's support address without one). */
export async function sendAdvisorNotice(m: AppointmentMail, kind: AdvisorMailKind): Promise<void> {
  const language = languageOf(m.partner.languages.default);
  const timeZone = m.config?.time_zone ?? m.row.timeZone;
  const head = ADVISOR_COPY[language][kind]({
    customer: `${m.row.firstName} ${m.row.lastName}`,
    company: m.row.companyName,
    shortId: m.row.shortId,
    when: formatWhen(m.row.meetingTime, timeZone, language),
  });
  const mail = render(language, m.mailer.branding(m.partner), {
    ...head,
    lines: details(m, language, timeZone, true),
    actions: [],
  });
  await m.mailer.enqueueRendered(m.db, {
    partner: m.partner,
    to: advisorContact(m.partner, m.config).email,
    language,
    template: `appointment_advisor_${kind}`,
    mail,
    attachments: [invite(m, kind === 'cancelled' ? 'CANCEL' : 'REQUEST', timeZone, language)],
  });
}
