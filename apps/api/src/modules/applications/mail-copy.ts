import type { Language } from '@finportal/contracts/constants';
import type { MailCopy } from '../../platform/mail/templates.js';

/**
 * The applicant's e-mails about their application's life (issue 24, ADR 021; they follow the
 * workflow's events): the submission, the news when it moves into another display group, and the
 * final offer to accept. Each says what the reader has to do, and links to where they do it.
 */

type Group =
  | 'not_completed'
  | 'in_review'
  | 'waiting_for_signatures'
  /** waiting_for_signatures for an applicant who signs nothing: the others sign. */
  | 'waiting_for_others'
  | 'in_review_after_signature'
  | 'signed'
  | 'paid_out'
  | 'closed';

type Lines = { subject: string; heading: string; body: string };

const NEWS: Record<Language, Record<Group, (id: string) => Lines>> = {
  de: {
    not_completed: (id) => ({
      subject: `Ihr Antrag ${id} braucht noch Angaben`,
      heading: 'Wir brauchen noch etwas von Ihnen',
      body: `Ihr Antrag ${id} ist wieder für Sie geöffnet. Bitte ergänzen Sie die offenen Punkte in Ihrem Kundenbereich und reichen Sie ihn erneut ein.`,
    }),
    in_review: (id) => ({
      subject: `Ihr Antrag ${id} wird geprüft`,
      heading: 'Ihr Antrag ist in Prüfung',
      body: `Wir prüfen Ihren Antrag ${id}. Sobald wir Neuigkeiten haben oder noch etwas brauchen, melden wir uns.`,
    }),
    waiting_for_signatures: (id) => ({
      subject: `Ihr Antrag ${id} ist bereit zur Unterschrift`,
      heading: 'Bereit zur Unterschrift',
      body: `Gute Nachrichten: Ihr Antrag ${id} ist bereit zur Unterschrift. Bitte unterschreiben Sie im Kundenbereich im Reiter „Unterschriften“.`,
    }),
    waiting_for_others: (id) => ({
      subject: `Ihr Antrag ${id} ist bereit zur Unterschrift`,
      heading: 'Ihre Vertreter unterschreiben jetzt',
      body: `Gute Nachrichten: Ihr Antrag ${id} ist bereit zur Unterschrift. Die unterzeichnenden Personen haben jetzt je eine Einladung per E-Mail erhalten. Sie selbst müssen nichts unterschreiben; in Ihrem Kundenbereich sehen Sie, wer schon unterschrieben hat, und können eine Einladung erneut senden.`,
    }),
    in_review_after_signature: (id) => ({
      subject: `Unterschriften zu Ihrem Antrag ${id} sind da`,
      heading: 'Letzte Prüfung',
      body: `Vielen Dank, die Unterschriften zu Ihrem Antrag ${id} liegen vor. Wir prüfen jetzt abschließend und bereiten die Auszahlung vor.`,
    }),
    signed: (id) => ({
      subject: `Ihr Antrag ${id} ist abgeschlossen`,
      heading: 'Ihre Finanzierung steht',
      body: `Ihr Antrag ${id} ist abgeschlossen und Ihre Finanzierung ist aktiv.`,
    }),
    paid_out: (id) => ({
      subject: `Ihr Kredit ${id} ist ausgezahlt`,
      heading: 'Ausgezahlt',
      body: `Der Betrag zu Ihrem Antrag ${id} ist ausgezahlt. Vielen Dank für Ihr Vertrauen.`,
    }),
    closed: (id) => ({
      subject: `Entscheidung zu Ihrem Antrag ${id}`,
      heading: 'Unsere Entscheidung',
      body: `Leider können wir Ihnen zu Ihrem Antrag ${id} keine Finanzierung anbieten. Die Einzelheiten sehen Sie in Ihrem Kundenbereich.`,
    }),
  },
  en: {
    not_completed: (id) => ({
      subject: `Your application ${id} needs more information`,
      heading: 'We need a little more from you',
      body: `Your application ${id} is open for you again. Please complete the open items in your customer area and submit it again.`,
    }),
    in_review: (id) => ({
      subject: `Your application ${id} is being reviewed`,
      heading: 'Your application is under review',
      body: `We are reviewing your application ${id}. We will get in touch as soon as there is news or we need anything else.`,
    }),
    waiting_for_signatures: (id) => ({
      subject: `Your application ${id} is ready to sign`,
      heading: 'Ready to sign',
      body: `Good news: your application ${id} is ready to sign. Please sign in your customer area, in the "Signatures" tab.`,
    }),
    waiting_for_others: (id) => ({
      subject: `Your application ${id} is ready to sign`,
      heading: 'Your representatives sign now',
      body: `Good news: your application ${id} is ready to sign. Each person who signs has now received an invitation by e-mail. You do not have to sign anything yourself; your customer area shows who has signed and lets you send an invitation again.`,
    }),
    in_review_after_signature: (id) => ({
      subject: `Signatures for your application ${id} received`,
      heading: 'Final review',
      body: `Thank you, the signatures for your application ${id} are in. We are doing the final review and preparing the payout.`,
    }),
    signed: (id) => ({
      subject: `Your application ${id} is complete`,
      heading: 'Your financing is in place',
      body: `Your application ${id} is complete and your financing is active.`,
    }),
    paid_out: (id) => ({
      subject: `Your loan ${id} has been paid out`,
      heading: 'Paid out',
      body: `The amount of your application ${id} has been paid out. Thank you for your trust.`,
    }),
    closed: (id) => ({
      subject: `Decision on your application ${id}`,
      heading: 'Our decision',
      body: `Unfortunately we cannot offer you financing for your application ${id}. You can see the details in your customer area.`,
    }),
  },
  pl: {
    not_completed: (id) => ({
      subject: `Wniosek ${id} wymaga uzupełnienia`,
      heading: 'Potrzebujemy jeszcze kilku informacji',
      body: `Wniosek ${id} jest ponownie otwarty. Prosimy uzupełnić brakujące punkty w strefie klienta i złożyć go ponownie.`,
    }),
    in_review: (id) => ({
      subject: `Wniosek ${id} jest weryfikowany`,
      heading: 'Wniosek w trakcie weryfikacji',
      body: `Weryfikujemy wniosek ${id}. Skontaktujemy się, gdy tylko będą nowe informacje lub będziemy potrzebować czegoś jeszcze.`,
    }),
    waiting_for_signatures: (id) => ({
      subject: `Wniosek ${id} jest gotowy do podpisu`,
      heading: 'Gotowy do podpisu',
      body: `Dobra wiadomość: wniosek ${id} jest gotowy do podpisu. Prosimy podpisać go w strefie klienta w zakładce „Podpisy”.`,
    }),
    waiting_for_others: (id) => ({
      subject: `Wniosek ${id} jest gotowy do podpisu`,
      heading: 'Państwa przedstawiciele podpisują teraz',
      body: `Dobra wiadomość: wniosek ${id} jest gotowy do podpisu. Każda osoba podpisująca otrzymała właśnie zaproszenie e-mailem. Państwo nie muszą niczego podpisywać; w strefie klienta widać, kto już podpisał, i można ponownie wysłać zaproszenie.`,
    }),
    in_review_after_signature: (id) => ({
      subject: `Otrzymaliśmy podpisy do wniosku ${id}`,
      heading: 'Końcowa weryfikacja',
      body: `Dziękujemy, podpisy do wniosku ${id} zostały złożone. Przeprowadzamy końcową weryfikację i przygotowujemy wypłatę.`,
    }),
    signed: (id) => ({
      subject: `Wniosek ${id} został zakończony`,
      heading: 'Finansowanie jest aktywne',
      body: `Wniosek ${id} został zakończony, a finansowanie jest aktywne.`,
    }),
    paid_out: (id) => ({
      subject: `Kredyt ${id} został wypłacony`,
      heading: 'Wypłacono',
      body: `Kwota z wniosku ${id} została wypłacona. Dziękujemy za zaufanie.`,
    }),
    closed: (id) => ({
      subject: `Decyzja w sprawie wniosku ${id}`,
      heading: 'Nasza decyzja',
      body: `Niestety nie możemy zaoferować finansowania dla wniosku ${id}. Szczegóły znajdą Państwo w strefie klienta.`,
    }),
  },
  fr: {
    not_completed: (id) => ({
      subject: `Votre demande ${id} doit être complétée`,
      heading: 'Il nous manque encore quelques informations',
      body: `Votre demande ${id} est de nouveau ouverte. Veuillez compléter les points en suspens dans votre espace client et la soumettre à nouveau.`,
    }),
    in_review: (id) => ({
      subject: `Votre demande ${id} est en cours d'examen`,
      heading: "Votre demande est en cours d'examen",
      body: `Nous examinons votre demande ${id}. Nous vous contacterons dès que nous aurons du nouveau ou s'il nous manque quelque chose.`,
    }),
    waiting_for_signatures: (id) => ({
      subject: `Votre demande ${id} est prête à être signée`,
      heading: 'Prête à être signée',
      body: `Bonne nouvelle : votre demande ${id} est prête à être signée. Veuillez la signer dans votre espace client, onglet « Signatures ».`,
    }),
    waiting_for_others: (id) => ({
      subject: `Votre demande ${id} est prête à être signée`,
      heading: 'Vos représentants signent maintenant',
      body: `Bonne nouvelle : votre demande ${id} est prête à être signée. Chaque signataire vient de recevoir une invitation par e-mail. Vous n'avez rien à signer vous-même ; votre espace client indique qui a déjà signé et permet de renvoyer une invitation.`,
    }),
    in_review_after_signature: (id) => ({
      subject: `Signatures reçues pour votre demande ${id}`,
      heading: 'Examen final',
      body: `Merci, les signatures de votre demande ${id} nous sont parvenues. Nous procédons à l'examen final et préparons le versement.`,
    }),
    signed: (id) => ({
      subject: `Votre demande ${id} est finalisée`,
      heading: 'Votre financement est en place',
      body: `Votre demande ${id} est finalisée et votre financement est actif.`,
    }),
    paid_out: (id) => ({
      subject: `Votre prêt ${id} a été versé`,
      heading: 'Versé',
      body: `Le montant de votre demande ${id} a été versé. Merci de votre confiance.`,
    }),
    closed: (id) => ({
      subject: `Décision concernant votre demande ${id}`,
      heading: 'Notre décision',
      body: `Nous ne pouvons malheureusement pas vous proposer de financement pour votre demande ${id}. Les détails figurent dans votre espace client.`,
    }),
  },
};

const ACTION: Record<Language, string> = {
  de: 'Antrag ansehen',
  en: 'View application',
  pl: 'Zobacz wniosek',
  fr: 'Voir la demande',
};

const FOOTER: Record<Language, string> = {
  de: 'Diese Nachricht wurde automatisch versandt, weil sich der Stand Ihres Antrags geändert hat.',
  en: 'This message was sent automatically because the status of your application changed.',
  pl: 'Ta wiadomość została wysłana automatycznie, ponieważ zmienił się status wniosku.',
  fr: 'Ce message a été envoyé automatiquement car le statut de votre demande a changé.',
};

/**
 * The news of a move into display group `group`. At Signature the applicant who signs is sent to
 * the Signatures tab; one who signs nothing is told that the others were invited and where to
 * follow them (`applicantSigns` false).
 */
export function statusChangedCopy(
  language: Language,
  partner: string,
  shortId: string,
  group: string,
  applicantSigns = true,
): MailCopy {
  const key = group === 'waiting_for_signatures' && !applicantSigns ? 'waiting_for_others' : group;
  const news = (NEWS[language] as Record<string, (id: string) => Lines>)[key] ?? NEWS[language].in_review;
  const lines = news(shortId);
  return { ...lines, subject: `${lines.subject} – ${partner}`, action: ACTION[language], footer: FOOTER[language] };
}

/** The submission's confirmation. */
const SUBMITTED: Record<Language, (v: { partner: string; shortId: string }) => MailCopy> = {
  de: (v) => ({
    subject: `Ihr Antrag ${v.shortId} ist eingereicht – ${v.partner}`,
    heading: 'Vielen Dank für Ihren Antrag!',
    body: `Wir haben Ihren Finanzierungsantrag ${v.shortId} erhalten und prüfen ihn jetzt. Sobald wir Neuigkeiten haben oder noch etwas brauchen, melden wir uns bei Ihnen. Den Stand sehen Sie jederzeit in Ihrem Kundenbereich.`,
    action: 'Antrag ansehen',
    footer: 'Sie haben diesen Antrag nicht eingereicht? Bitte wenden Sie sich an uns.',
  }),
  en: (v) => ({
    subject: `Your application ${v.shortId} has been submitted – ${v.partner}`,
    heading: 'Thank you for your application!',
    body: `We have received your financing application ${v.shortId} and are reviewing it now. We will get in touch as soon as there is news or we need anything else. You can follow its status in your customer area at any time.`,
    action: 'View application',
    footer: 'Did not submit this application? Please contact us.',
  }),
  pl: (v) => ({
    subject: `Wniosek ${v.shortId} został złożony – ${v.partner}`,
    heading: 'Dziękujemy za złożenie wniosku!',
    body: `Otrzymaliśmy wniosek o finansowanie ${v.shortId} i właśnie go weryfikujemy. Skontaktujemy się, gdy tylko będą nowe informacje lub będziemy potrzebować czegoś jeszcze. Status wniosku można w każdej chwili sprawdzić w strefie klienta.`,
    action: 'Zobacz wniosek',
    footer: 'Jeśli to nie Państwo złożyli ten wniosek, prosimy o kontakt.',
  }),
  fr: (v) => ({
    subject: `Votre demande ${v.shortId} a été soumise – ${v.partner}`,
    heading: 'Merci pour votre demande !',
    body: `Nous avons bien reçu votre demande de financement ${v.shortId} et nous l'examinons. Nous vous contacterons dès que nous aurons du nouveau ou s'il nous manque quelque chose. Vous pouvez suivre son statut à tout moment dans votre espace client.`,
    action: 'Voir la demande',
    footer: "Vous n'avez pas soumis cette demande ? Veuillez nous contacter.",
  }),
};

export function submittedCopy(language: Language, partner: string, shortId: string): MailCopy {
  return SUBMITTED[language]({ partner, shortId });
}

const OFFER: Record<Language, (v: { partner: string; shortId: string }) => MailCopy> = {
  de: (v) => ({
    subject: `Ihr finales Angebot zu Antrag ${v.shortId} liegt vor – ${v.partner}`,
    heading: 'Ihr finales Angebot',
    body: `Wir haben Ihren Antrag ${v.shortId} geprüft und Ihnen ein finales Angebot gemacht: Zinssatz, Gebühr und Monatsrate stehen jetzt fest. Bitte prüfen Sie es in Ihrem Kundenbereich und nehmen Sie es dort an; danach bereiten wir die Unterschriften vor.`,
    action: 'Angebot ansehen und annehmen',
    footer:
      'Fragen zum Angebot? Antworten Sie nicht auf diese E-Mail, sondern rufen Sie uns an oder schreiben Sie uns.',
  }),
  en: (v) => ({
    subject: `Your final offer for application ${v.shortId} is ready – ${v.partner}`,
    heading: 'Your final offer',
    body: `We have reviewed your application ${v.shortId} and made you a final offer: the interest rate, the fee and the monthly rate are now fixed. Please review it in your customer area and accept it there; we will then prepare the signatures.`,
    action: 'Review and accept the offer',
    footer: 'Questions about the offer? Do not reply to this e-mail; call or write to us instead.',
  }),
  pl: (v) => ({
    subject: `Ostateczna oferta do wniosku ${v.shortId} jest gotowa – ${v.partner}`,
    heading: 'Państwa ostateczna oferta',
    body: `Sprawdziliśmy wniosek ${v.shortId} i przygotowaliśmy ostateczną ofertę: oprocentowanie, opłata i rata miesięczna są już ustalone. Prosimy zapoznać się z nią w strefie klienta i tam ją przyjąć; następnie przygotujemy podpisy.`,
    action: 'Zobacz i przyjmij ofertę',
    footer: 'Pytania dotyczące oferty? Prosimy nie odpowiadać na tę wiadomość, lecz zadzwonić lub napisać do nas.',
  }),
  fr: (v) => ({
    subject: `Votre offre définitive pour la demande ${v.shortId} est prête – ${v.partner}`,
    heading: 'Votre offre définitive',
    body: `Nous avons examiné votre demande ${v.shortId} et vous faisons une offre définitive : le taux d'intérêt, les frais et la mensualité sont désormais fixés. Veuillez la consulter dans votre espace client et l'y accepter ; nous préparerons ensuite les signatures.`,
    action: "Voir et accepter l'offre",
    footer: "Des questions sur l'offre ? Ne répondez pas à cet e-mail ; appelez-nous ou écrivez-nous.",
  }),
};

/** The final offer is there (Offer_Available): review and accept it on the overview. */
export function offerAvailableCopy(language: Language, partner: string, shortId: string): MailCopy {
  return OFFER[language]({ partner, shortId });
}
