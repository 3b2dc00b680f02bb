import type { Language } from '@finportal/contracts/constants';

/**
 * The e-mail a borrower gets when the back office moves their application into another display
 * group (issue 13): the group's news in their language, with the link to the application.
 */
export interface StatusCopy {
  subject: string;
  heading: string;
  body: string;
  action: string;
  footer: string;
}

type Group =
  | 'not_completed'
  | 'in_review'
  | 'waiting_for_signatures'
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
      body: `Gute Nachrichten: Ihr Antrag ${id} ist bereit zur Unterschrift. Bitte unterschreiben Sie im Kundenbereich unter „Unterschriften“.`,
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
      body: `Good news: your application ${id} is ready to sign. Please sign in your customer area under "Signatures".`,
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

export function statusChangedCopy(language: Language, partner: string, shortId: string, group: string): StatusCopy {
  const news = (NEWS[language] as Record<string, (id: string) => Lines>)[group] ?? NEWS[language].in_review;
  const lines = news(shortId);
  return { ...lines, subject: `${lines.subject} – ${partner}`, action: ACTION[language], footer: FOOTER[language] };
}
