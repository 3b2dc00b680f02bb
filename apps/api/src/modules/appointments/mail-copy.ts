import type { Language } from '@finportal/contracts/constants';
import type { MeetingType } from '@finportal/contracts/appointment-rules';

/** The texts of the appointment e-mails in the four languages (ADR 017); mail.ts lays them out. */

export type CustomerMailKind = 'booked' | 'moved' | 'cancelled' | 'reminder';
export type AdvisorMailKind = 'booked' | 'moved' | 'cancelled';

export interface CustomerVars {
  partner: string;
  advisor: string;
  when: string;
}

export interface AdvisorVars {
  customer: string;
  company: string;
  shortId: string;
  when: string;
}

interface Heading {
  subject: string;
  heading: string;
  intro: string;
}

export interface Labels {
  when: string;
  duration: (minutes: number) => string;
  type: string;
  address: string;
  link: string;
  phone: string;
  callYou: string;
  email: string;
  topic: string;
  move: string;
  cancel: string;
  linksOnce: string;
  footer: string;
  footerCancelled: string;
  /** The invitation's title. */
  title: (partner: string, advisor: string) => string;
  meetingTypes: Record<MeetingType, string>;
}

export const CUSTOMER_COPY: Record<Language, Record<CustomerMailKind, (v: CustomerVars) => Heading>> = {
  de: {
    booked: (v) => ({
      subject: `Ihr Beratungstermin am ${v.when} – ${v.partner}`,
      heading: 'Ihr Termin ist gebucht',
      intro: `Vielen Dank für Ihre Buchung. Ihr Beratungstermin mit ${v.advisor} ist bestätigt. Die Einladung für Ihren Kalender finden Sie im Anhang.`,
    }),
    moved: (v) => ({
      subject: `Ihr Beratungstermin wurde verschoben: ${v.when} – ${v.partner}`,
      heading: 'Ihr Termin wurde verschoben',
      intro: `Ihr Beratungstermin mit ${v.advisor} findet jetzt zur unten genannten Zeit statt. Die aktualisierte Einladung für Ihren Kalender finden Sie im Anhang.`,
    }),
    cancelled: (v) => ({
      subject: `Ihr Beratungstermin am ${v.when} wurde abgesagt – ${v.partner}`,
      heading: 'Ihr Termin wurde abgesagt',
      intro: `Ihr Beratungstermin mit ${v.advisor} wurde abgesagt; mit der Absage im Anhang entfernt Ihr Kalender den Termin. Einen neuen Termin können Sie jederzeit in Ihrem Kundenbereich vereinbaren.`,
    }),
    reminder: (v) => ({
      subject: `Erinnerung: Ihr Beratungstermin am ${v.when} – ${v.partner}`,
      heading: 'Ihr Termin ist morgen',
      intro: `Wir freuen uns auf Ihren Beratungstermin mit ${v.advisor} morgen.`,
    }),
  },
  en: {
    booked: (v) => ({
      subject: `Your appointment on ${v.when} – ${v.partner}`,
      heading: 'Your appointment is booked',
      intro: `Thank you for your booking. Your appointment with ${v.advisor} is confirmed. The invitation for your calendar is attached.`,
    }),
    moved: (v) => ({
      subject: `Your appointment has been moved: ${v.when} – ${v.partner}`,
      heading: 'Your appointment has been moved',
      intro: `Your appointment with ${v.advisor} now takes place at the time below. The updated invitation for your calendar is attached.`,
    }),
    cancelled: (v) => ({
      subject: `Your appointment on ${v.when} has been cancelled – ${v.partner}`,
      heading: 'Your appointment has been cancelled',
      intro: `Your appointment with ${v.advisor} has been cancelled; the attached cancellation removes it from your calendar. You can book a new appointment in your customer area at any time.`,
    }),
    reminder: (v) => ({
      subject: `Reminder: your appointment on ${v.when} – ${v.partner}`,
      heading: 'Your appointment is tomorrow',
      intro: `We look forward to your appointment with ${v.advisor} tomorrow.`,
    }),
  },
  pl: {
    booked: (v) => ({
      subject: `Państwa spotkanie doradcze ${v.when} – ${v.partner}`,
      heading: 'Spotkanie zostało zarezerwowane',
      intro: `Dziękujemy za rezerwację. Spotkanie doradcze z ${v.advisor} zostało potwierdzone. Zaproszenie do kalendarza znajduje się w załączniku.`,
    }),
    moved: (v) => ({
      subject: `Termin spotkania doradczego został zmieniony: ${v.when} – ${v.partner}`,
      heading: 'Termin spotkania został zmieniony',
      intro: `Spotkanie doradcze z ${v.advisor} odbędzie się teraz w terminie podanym poniżej. Zaktualizowane zaproszenie do kalendarza znajduje się w załączniku.`,
    }),
    cancelled: (v) => ({
      subject: `Spotkanie doradcze ${v.when} zostało odwołane – ${v.partner}`,
      heading: 'Spotkanie zostało odwołane',
      intro: `Spotkanie doradcze z ${v.advisor} zostało odwołane; odwołanie w załączniku usuwa je z kalendarza. Nowy termin można w każdej chwili zarezerwować w strefie klienta.`,
    }),
    reminder: (v) => ({
      subject: `Przypomnienie: spotkanie doradcze ${v.when} – ${v.partner}`,
      heading: 'Spotkanie odbędzie się jutro',
      intro: `Czekamy na jutrzejsze spotkanie doradcze z ${v.advisor}.`,
    }),
  },
  fr: {
    booked: (v) => ({
      subject: `Votre rendez-vous du ${v.when} – ${v.partner}`,
      heading: 'Votre rendez-vous est réservé',
      intro: `Merci pour votre réservation. Votre rendez-vous avec ${v.advisor} est confirmé. L’invitation pour votre agenda est jointe.`,
    }),
    moved: (v) => ({
      subject: `Votre rendez-vous a été déplacé : ${v.when} – ${v.partner}`,
      heading: 'Votre rendez-vous a été déplacé',
      intro: `Votre rendez-vous avec ${v.advisor} a désormais lieu à l’horaire ci-dessous. L’invitation mise à jour pour votre agenda est jointe.`,
    }),
    cancelled: (v) => ({
      subject: `Votre rendez-vous du ${v.when} a été annulé – ${v.partner}`,
      heading: 'Votre rendez-vous a été annulé',
      intro: `Votre rendez-vous avec ${v.advisor} a été annulé ; l’annulation jointe le retire de votre agenda. Vous pouvez réserver un nouveau rendez-vous à tout moment dans votre espace client.`,
    }),
    reminder: (v) => ({
      subject: `Rappel : votre rendez-vous du ${v.when} – ${v.partner}`,
      heading: 'Votre rendez-vous a lieu demain',
      intro: `Nous nous réjouissons de votre rendez-vous avec ${v.advisor} demain.`,
    }),
  },
};

export const ADVISOR_COPY: Record<Language, Record<AdvisorMailKind, (v: AdvisorVars) => Heading>> = {
  de: {
    booked: (v) => ({
      subject: `Neuer Beratungstermin: ${v.customer}, ${v.when}`,
      heading: 'Neuer Termin gebucht',
      intro: `${v.customer} (${v.company}) hat einen Beratungstermin zum Antrag ${v.shortId} gebucht.`,
    }),
    moved: (v) => ({
      subject: `Beratungstermin verschoben: ${v.customer}, ${v.when}`,
      heading: 'Termin verschoben',
      intro: `${v.customer} (${v.company}) hat den Beratungstermin zum Antrag ${v.shortId} verschoben.`,
    }),
    cancelled: (v) => ({
      subject: `Beratungstermin abgesagt: ${v.customer}, ${v.when}`,
      heading: 'Termin abgesagt',
      intro: `${v.customer} (${v.company}) hat den Beratungstermin zum Antrag ${v.shortId} abgesagt.`,
    }),
  },
  en: {
    booked: (v) => ({
      subject: `New appointment: ${v.customer}, ${v.when}`,
      heading: 'New appointment booked',
      intro: `${v.customer} (${v.company}) has booked an appointment about application ${v.shortId}.`,
    }),
    moved: (v) => ({
      subject: `Appointment moved: ${v.customer}, ${v.when}`,
      heading: 'Appointment moved',
      intro: `${v.customer} (${v.company}) has moved the appointment about application ${v.shortId}.`,
    }),
    cancelled: (v) => ({
      subject: `Appointment cancelled: ${v.customer}, ${v.when}`,
      heading: 'Appointment cancelled',
      intro: `${v.customer} (${v.company}) has cancelled the appointment about application ${v.shortId}.`,
    }),
  },
  pl: {
    booked: (v) => ({
      subject: `Nowe spotkanie doradcze: ${v.customer}, ${v.when}`,
      heading: 'Zarezerwowano nowe spotkanie',
      intro: `${v.customer} (${v.company}) zarezerwował(a) spotkanie doradcze dotyczące wniosku ${v.shortId}.`,
    }),
    moved: (v) => ({
      subject: `Zmieniono termin spotkania: ${v.customer}, ${v.when}`,
      heading: 'Termin spotkania zmieniony',
      intro: `${v.customer} (${v.company}) zmienił(a) termin spotkania doradczego dotyczącego wniosku ${v.shortId}.`,
    }),
    cancelled: (v) => ({
      subject: `Odwołano spotkanie: ${v.customer}, ${v.when}`,
      heading: 'Spotkanie odwołane',
      intro: `${v.customer} (${v.company}) odwołał(a) spotkanie doradcze dotyczące wniosku ${v.shortId}.`,
    }),
  },
  fr: {
    booked: (v) => ({
      subject: `Nouveau rendez-vous : ${v.customer}, ${v.when}`,
      heading: 'Nouveau rendez-vous réservé',
      intro: `${v.customer} (${v.company}) a réservé un rendez-vous concernant la demande ${v.shortId}.`,
    }),
    moved: (v) => ({
      subject: `Rendez-vous déplacé : ${v.customer}, ${v.when}`,
      heading: 'Rendez-vous déplacé',
      intro: `${v.customer} (${v.company}) a déplacé le rendez-vous concernant la demande ${v.shortId}.`,
    }),
    cancelled: (v) => ({
      subject: `Rendez-vous annulé : ${v.customer}, ${v.when}`,
      heading: 'Rendez-vous annulé',
      intro: `${v.customer} (${v.company}) a annulé le rendez-vous concernant la demande ${v.shortId}.`,
    }),
  },
};

export const LABELS: Record<Language, Labels> = {
  de: {
    when: 'Wann',
    duration: (m) => `${m} Minuten`,
    type: 'Gesprächsart',
    address: 'Ort',
    link: 'Link zum Videogespräch',
    phone: 'Telefon',
    callYou: 'Wir rufen Sie an unter',
    email: 'E-Mail',
    topic: 'Anliegen',
    move: 'Termin verschieben',
    cancel: 'Termin absagen',
    linksOnce: 'Jeder dieser Links kann einmal verwendet werden, bis der Termin beginnt.',
    footer: 'Sie haben diesen Termin nicht gebucht? Bitte wenden Sie sich an uns.',
    footerCancelled: 'Sie haben den Termin nicht abgesagt? Bitte wenden Sie sich an uns.',
    title: (partner, advisor) => `Beratungstermin mit ${advisor} (${partner})`,
    meetingTypes: { in_person: 'Persönlich vor Ort', telephone: 'Telefonisch', webex: 'Videogespräch (Webex)' },
  },
  en: {
    when: 'When',
    duration: (m) => `${m} minutes`,
    type: 'Type of meeting',
    address: 'Place',
    link: 'Video call link',
    phone: 'Phone',
    callYou: 'We will call you on',
    email: 'E-mail',
    topic: 'Topic',
    move: 'Move appointment',
    cancel: 'Cancel appointment',
    linksOnce: 'Each of these links can be used once, until the appointment begins.',
    footer: 'Did not book this appointment? Please contact us.',
    footerCancelled: 'Did not cancel this appointment? Please contact us.',
    title: (partner, advisor) => `Appointment with ${advisor} (${partner})`,
    meetingTypes: { in_person: 'In person', telephone: 'By phone', webex: 'Video call (Webex)' },
  },
  pl: {
    when: 'Kiedy',
    duration: (m) => `${m} min`,
    type: 'Forma spotkania',
    address: 'Miejsce',
    link: 'Link do rozmowy wideo',
    phone: 'Telefon',
    callYou: 'Zadzwonimy pod numer',
    email: 'E-mail',
    topic: 'Temat',
    move: 'Zmień termin',
    cancel: 'Odwołaj spotkanie',
    linksOnce: 'Każdego z tych linków można użyć jeden raz, do rozpoczęcia spotkania.',
    footer: 'Jeśli to nie Państwo zarezerwowali to spotkanie, prosimy o kontakt.',
    footerCancelled: 'Jeśli to nie Państwo odwołali to spotkanie, prosimy o kontakt.',
    title: (partner, advisor) => `Spotkanie doradcze z ${advisor} (${partner})`,
    meetingTypes: { in_person: 'Osobiście', telephone: 'Telefonicznie', webex: 'Rozmowa wideo (Webex)' },
  },
  fr: {
    when: 'Quand',
    duration: (m) => `${m} minutes`,
    type: 'Type d’entretien',
    address: 'Lieu',
    link: 'Lien de la visioconférence',
    phone: 'Téléphone',
    callYou: 'Nous vous appellerons au',
    email: 'E-mail',
    topic: 'Objet',
    move: 'Déplacer le rendez-vous',
    cancel: 'Annuler le rendez-vous',
    linksOnce: 'Chacun de ces liens ne peut être utilisé qu’une fois, jusqu’au début du rendez-vous.',
    footer: 'Vous n’avez pas réservé ce rendez-vous ? Veuillez nous contacter.',
    footerCancelled: 'Vous n’avez pas annulé ce rendez-vous ? Veuillez nous contacter.',
    title: (partner, advisor) => `Rendez-vous avec ${advisor} (${partner})`,
    meetingTypes: { in_person: 'En personne', telephone: 'Par téléphone', webex: 'Visioconférence (Webex)' },
  },
};

/** The date-time as the customer reads it: `Sonntag, 29. März 2026 um 10:00 MESZ`, in their zone. */
export function formatWhen(instant: Date, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
}
