import type { Language } from '@finportal/contracts/constants';

/** The e-mail of a back-office request (issue 13): what is asked for, the message, the link. */
export interface RequestCopy {
  subject: string;
  heading: string;
  body: string;
  action: string;
  footer: string;
}

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

const SIGN: Record<Language, (v: { partner: string; shortId: string; company: string }) => RequestCopy> = {
  de: (v) => ({
    subject: `Bitte unterschreiben Sie den Antrag ${v.shortId} – ${v.partner}`,
    heading: 'Ihre Unterschrift wird benötigt',
    body: `Sie sind als Unterzeichner für den Finanzierungsantrag ${v.shortId} der ${v.company} eingetragen. Bitte melden Sie sich an und unterschreiben Sie im Reiter „Unterschriften“.`,
    action: 'Zum Antrag',
    footer: 'Sie kennen diesen Antrag nicht? Bitte wenden Sie sich an uns.',
  }),
  en: (v) => ({
    subject: `Please sign application ${v.shortId} – ${v.partner}`,
    heading: 'Your signature is needed',
    body: `You are named as a signatory of the financing application ${v.shortId} of ${v.company}. Please log in and sign in the "Signatures" tab.`,
    action: 'Go to the application',
    footer: 'You do not know this application? Please contact us.',
  }),
  pl: (v) => ({
    subject: `Prosimy o podpisanie wniosku ${v.shortId} – ${v.partner}`,
    heading: 'Potrzebny jest Państwa podpis',
    body: `Zostali Państwo wskazani jako osoba podpisująca wniosek o finansowanie ${v.shortId} firmy ${v.company}. Prosimy zalogować się i podpisać w zakładce „Podpisy”.`,
    action: 'Przejdź do wniosku',
    footer: 'Nie znają Państwo tego wniosku? Prosimy o kontakt.',
  }),
  fr: (v) => ({
    subject: `Veuillez signer la demande ${v.shortId} – ${v.partner}`,
    heading: 'Votre signature est requise',
    body: `Vous êtes désigné comme signataire de la demande de financement ${v.shortId} de ${v.company}. Veuillez vous connecter et signer dans l'onglet « Signatures ».`,
    action: 'Voir la demande',
    footer: 'Vous ne connaissez pas cette demande ? Veuillez nous contacter.',
  }),
};

/** The e-mail to a representative who has an account already and is invited to sign (issue 13). */
export function signatureInvitationCopy(
  language: Language,
  vars: { partner: string; shortId: string; company: string },
) {
  return SIGN[language](vars);
}
