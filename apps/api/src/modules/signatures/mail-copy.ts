import type { Language } from '@finportal/contracts/constants';
import type { MailCopy } from '../../platform/mail/templates.js';

/**
 * The signing e-mails (issue 14, ADR 020): the invitation (who invites, for which company and
 * application, the link and how long it works) and the reminder (a new invitation link while the
 * person has not accepted, else the link to the application's Signatures tab).
 */
export interface SignatureVars {
  partner: string;
  shortId: string;
  company: string;
  /** Who invites: the applicant's name, or their e-mail (InvitationService). */
  inviter: string;
  /** Days the link works (invitation variant). */
  days?: number;
  /** invitation: the mail carries an invitation link; signing: the person accepted, the link opens the application. */
  variant: 'invitation' | 'signing';
}

const INVITE: Record<Language, (v: SignatureVars) => MailCopy> = {
  de: (v) => ({
    subject: `${v.inviter} bittet Sie um Ihre Unterschrift für ${v.company} – ${v.partner}`,
    heading: 'Ihre Unterschrift wird benötigt',
    body: `${v.inviter} hat Sie als Unterzeichner für den Finanzierungsantrag ${v.shortId} der ${v.company} bei ${v.partner} eingetragen. Über den Link legen Sie Ihr Passwort fest (oder melden sich mit Ihrem bestehenden Konto an) und unterschreiben im Reiter „Unterschriften“. Der Link ist ${v.days ?? ''} Tage gültig und funktioniert nur einmal.`,
    action: 'Einladung annehmen',
    footer: 'Sie kennen diesen Antrag nicht? Dann ignorieren Sie diese E-Mail oder wenden Sie sich an uns.',
  }),
  en: (v) => ({
    subject: `${v.inviter} asks for your signature for ${v.company} – ${v.partner}`,
    heading: 'Your signature is needed',
    body: `${v.inviter} has named you as a signatory of the financing application ${v.shortId} of ${v.company} with ${v.partner}. Use the link to set your password (or log in with your existing account) and sign in the "Signatures" tab. The link is valid for ${v.days ?? ''} days and works once.`,
    action: 'Accept the invitation',
    footer: 'You do not know this application? Ignore this e-mail or contact us.',
  }),
  pl: (v) => ({
    subject: `${v.inviter} prosi o Państwa podpis dla ${v.company} – ${v.partner}`,
    heading: 'Potrzebny jest Państwa podpis',
    body: `${v.inviter} wskazał(a) Państwa jako osobę podpisującą wniosek o finansowanie ${v.shortId} firmy ${v.company} w ${v.partner}. Za pomocą linku ustalą Państwo hasło (lub zalogują się na istniejące konto) i podpiszą w zakładce „Podpisy”. Link jest ważny ${v.days ?? ''} dni i działa tylko raz.`,
    action: 'Przyjmij zaproszenie',
    footer: 'Nie znają Państwo tego wniosku? Prosimy zignorować tę wiadomość lub skontaktować się z nami.',
  }),
  fr: (v) => ({
    subject: `${v.inviter} vous demande votre signature pour ${v.company} – ${v.partner}`,
    heading: 'Votre signature est requise',
    body: `${v.inviter} vous a désigné comme signataire de la demande de financement ${v.shortId} de ${v.company} auprès de ${v.partner}. Le lien vous permet de définir votre mot de passe (ou de vous connecter avec votre compte existant) et de signer dans l'onglet « Signatures ». Le lien est valable ${v.days ?? ''} jours et ne fonctionne qu'une fois.`,
    action: "Accepter l'invitation",
    footer: 'Vous ne connaissez pas cette demande ? Ignorez cet e-mail ou contactez-nous.',
  }),
};

const REMIND: Record<Language, (v: SignatureVars) => MailCopy> = {
  de: (v) => ({
    subject: `Erinnerung: Ihre Unterschrift für ${v.company} fehlt noch – ${v.partner}`,
    heading: 'Ihre Unterschrift fehlt noch',
    body:
      v.variant === 'invitation'
        ? `${v.inviter} wartet auf Ihre Unterschrift zum Finanzierungsantrag ${v.shortId} der ${v.company}. Hier ist der Link zur Einladung noch einmal; er ist ${v.days ?? ''} Tage gültig (ein früherer Link gilt weiter, bis er abläuft oder Sie eine Einladung angenommen haben).`
        : `${v.inviter} wartet auf Ihre Unterschrift zum Finanzierungsantrag ${v.shortId} der ${v.company}. Bitte schließen Sie Ihre Schritte im Reiter „Unterschriften“ ab.`,
    action: v.variant === 'invitation' ? 'Einladung annehmen' : 'Zu den Unterschriften',
    footer: 'Sie haben bereits unterschrieben? Dann ist diese E-Mail gegenstandslos.',
  }),
  en: (v) => ({
    subject: `Reminder: your signature for ${v.company} is still missing – ${v.partner}`,
    heading: 'Your signature is still missing',
    body:
      v.variant === 'invitation'
        ? `${v.inviter} is waiting for your signature on the financing application ${v.shortId} of ${v.company}. Here is the invitation link again; it is valid for ${v.days ?? ''} days (an earlier link keeps working until it expires or you have accepted an invitation).`
        : `${v.inviter} is waiting for your signature on the financing application ${v.shortId} of ${v.company}. Please complete your steps in the "Signatures" tab.`,
    action: v.variant === 'invitation' ? 'Accept the invitation' : 'Go to the signatures',
    footer: 'Already signed? Then you can ignore this e-mail.',
  }),
  pl: (v) => ({
    subject: `Przypomnienie: brakuje jeszcze Państwa podpisu dla ${v.company} – ${v.partner}`,
    heading: 'Brakuje jeszcze Państwa podpisu',
    body:
      v.variant === 'invitation'
        ? `${v.inviter} czeka na Państwa podpis pod wnioskiem o finansowanie ${v.shortId} firmy ${v.company}. Oto ponownie link do zaproszenia; jest ważny ${v.days ?? ''} dni (wcześniejszy link działa nadal, dopóki nie wygaśnie lub zaproszenie nie zostanie przyjęte).`
        : `${v.inviter} czeka na Państwa podpis pod wnioskiem o finansowanie ${v.shortId} firmy ${v.company}. Prosimy dokończyć kroki w zakładce „Podpisy”.`,
    action: v.variant === 'invitation' ? 'Przyjmij zaproszenie' : 'Przejdź do podpisów',
    footer: 'Już Państwo podpisali? W takim razie prosimy zignorować tę wiadomość.',
  }),
  fr: (v) => ({
    subject: `Rappel : votre signature pour ${v.company} manque encore – ${v.partner}`,
    heading: 'Votre signature manque encore',
    body:
      v.variant === 'invitation'
        ? `${v.inviter} attend votre signature pour la demande de financement ${v.shortId} de ${v.company}. Voici à nouveau le lien d'invitation ; il est valable ${v.days ?? ''} jours (un lien précédent reste valable jusqu'à son expiration ou jusqu'à ce que vous ayez accepté une invitation).`
        : `${v.inviter} attend votre signature pour la demande de financement ${v.shortId} de ${v.company}. Veuillez terminer vos étapes dans l'onglet « Signatures ».`,
    action: v.variant === 'invitation' ? "Accepter l'invitation" : 'Voir les signatures',
    footer: 'Vous avez déjà signé ? Vous pouvez ignorer cet e-mail.',
  }),
};

export function signatureInvitationCopy(language: Language, vars: SignatureVars): MailCopy {
  return INVITE[language](vars);
}

export function signatureReminderCopy(language: Language, vars: SignatureVars): MailCopy {
  return REMIND[language](vars);
}

export interface ResignVars {
  partner: string;
  shortId: string;
  company: string;
  /** The replaced document's name (the file name the back office gave it). */
  document: string;
}

const RESIGN: Record<Language, (v: ResignVars) => MailCopy> = {
  de: (v) => ({
    subject: `Bitte unterschreiben Sie erneut: ${v.document} wurde ersetzt – ${v.partner}`,
    heading: 'Ein Dokument wurde ersetzt',
    body: `Zum Finanzierungsantrag ${v.shortId} der ${v.company} wurde „${v.document}“ durch eine neue Fassung ersetzt, nachdem Sie die frühere unterschrieben hatten. Ihre Unterschrift gilt nur für die Fassung, die Sie unterschrieben haben: Bitte unterschreiben Sie die neue Fassung im Reiter „Unterschriften“.`,
    action: 'Zu den Unterschriften',
    footer: 'Fragen dazu? Wenden Sie sich an uns; die Änderung ist im Verlauf des Antrags vermerkt.',
  }),
  en: (v) => ({
    subject: `Please sign again: ${v.document} was replaced – ${v.partner}`,
    heading: 'A document was replaced',
    body: `On the financing application ${v.shortId} of ${v.company}, "${v.document}" was replaced by a new version after you had signed the earlier one. Your signature counts only for the version you signed: please sign the new version in the "Signatures" tab.`,
    action: 'Go to the signatures',
    footer: "Questions? Contact us; the change is recorded in the application's history.",
  }),
  pl: (v) => ({
    subject: `Prosimy podpisać ponownie: zastąpiono ${v.document} – ${v.partner}`,
    heading: 'Dokument został zastąpiony',
    body: `We wniosku o finansowanie ${v.shortId} firmy ${v.company} dokument „${v.document}” został zastąpiony nową wersją po tym, jak podpisali Państwo wcześniejszą. Podpis obowiązuje tylko dla podpisanej wersji: prosimy podpisać nową wersję w zakładce „Podpisy”.`,
    action: 'Przejdź do podpisów',
    footer: 'Pytania? Prosimy o kontakt; zmiana jest odnotowana w historii wniosku.',
  }),
  fr: (v) => ({
    subject: `Veuillez signer à nouveau : ${v.document} a été remplacé – ${v.partner}`,
    heading: 'Un document a été remplacé',
    body: `Pour la demande de financement ${v.shortId} de ${v.company}, « ${v.document} » a été remplacé par une nouvelle version après que vous avez signé la précédente. Votre signature ne vaut que pour la version signée : veuillez signer la nouvelle version dans l'onglet « Signatures ».`,
    action: 'Voir les signatures',
    footer: "Des questions ? Contactez-nous ; la modification est consignée dans l'historique de la demande.",
  }),
};

/** A document someone signed was replaced: their signature no longer covers it (ADR 021). */
export function resignCopy(language: Language, vars: ResignVars): MailCopy {
  return RESIGN[language](vars);
}
