import type { Language } from '@finportal/contracts/constants';
import type { MailCopy } from '../../platform/mail/templates.js';

/** The e-mail of a back-office request (issue 13): what is asked for, the message, the link. */
export type RequestCopy = MailCopy;

interface Vars {
  partner: string;
  shortId: string;
  /** The message of the back office (plain text; the HTML part escapes it). */
  message: string;
  /** The document type's name in the language; absent for information. */
  documentName?: string;
}

const COPY: Record<Language, (v: Vars) => RequestCopy> = {
  de: (v) => ({
    subject: `Wir brauchen noch etwas zu Ihrem Antrag ${v.shortId} – ${v.partner}`,
    heading: v.documentName ? `Bitte laden Sie hoch: ${v.documentName}` : 'Wir haben eine Frage zu Ihrem Antrag',
    body: `Zu Ihrem Antrag ${v.shortId} schreibt Ihr Ansprechpartner: „${v.message}“`,
    action: 'Im Kundenbereich erledigen',
    footer: 'Der offene Punkt erscheint auch in Ihrem Kundenbereich, bis er erledigt ist.',
  }),
  en: (v) => ({
    subject: `We need something for your application ${v.shortId} – ${v.partner}`,
    heading: v.documentName ? `Please upload: ${v.documentName}` : 'We have a question about your application',
    body: `About your application ${v.shortId}, your advisor writes: "${v.message}"`,
    action: 'Take care of it in your customer area',
    footer: 'The open item is also shown in your customer area until it is done.',
  }),
  pl: (v) => ({
    subject: `Potrzebujemy czegoś do wniosku ${v.shortId} – ${v.partner}`,
    heading: v.documentName ? `Prosimy o przesłanie: ${v.documentName}` : 'Mamy pytanie dotyczące wniosku',
    body: `W sprawie wniosku ${v.shortId} Państwa doradca pisze: „${v.message}”`,
    action: 'Przejdź do strefy klienta',
    footer: 'Otwarty punkt jest widoczny w strefie klienta, dopóki nie zostanie załatwiony.',
  }),
  fr: (v) => ({
    subject: `Il nous manque un élément pour votre demande ${v.shortId} – ${v.partner}`,
    heading: v.documentName ? `Veuillez téléverser : ${v.documentName}` : 'Nous avons une question sur votre demande',
    body: `Au sujet de votre demande ${v.shortId}, votre conseiller écrit : « ${v.message} »`,
    action: 'Compléter dans votre espace client',
    footer: "Le point en suspens reste affiché dans votre espace client jusqu'à ce qu'il soit traité.",
  }),
};

export function requestCopy(language: Language, vars: Vars): RequestCopy {
  return COPY[language](vars);
}
