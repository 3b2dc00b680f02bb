import type { Language } from '@finportal/contracts/constants';

/**
 * The account e-mails, rendered here. A feature's own e-mails (status news, signing invitations,
 * requests, appointments) keep their copy in their module and go through `Mailer.enqueueCopy`.
 */
export type MailTemplate = 'confirm_email' | 'reset_password' | 'account_exists' | 'invite' | 'password_changed';

/** The texts of one message: subject, heading, body, the button's label and the closing line. */
export interface MailCopy {
  subject: string;
  heading: string;
  body: string;
  action?: string;
  footer: string;
}

type Vars = {
  partner: string;
  minutes?: number;
  hours?: number;
  days?: number;
};

type Copy = MailCopy;

const COPY: Record<MailTemplate, Record<Language, (v: Vars) => Copy>> = {
  confirm_email: {
    de: (v) => ({
      subject: `Bitte bestätigen Sie Ihre E-Mail-Adresse – ${v.partner}`,
      heading: 'Willkommen!',
      body: `Bitte bestätigen Sie Ihre E-Mail-Adresse, damit wir Sie zu Ihrer Finanzierungsanfrage bei ${v.partner} erreichen können. Der Link ist ${v.hours} Stunden gültig.`,
      action: 'E-Mail-Adresse bestätigen',
      footer: 'Sie haben sich nicht registriert? Dann können Sie diese E-Mail ignorieren.',
    }),
    en: (v) => ({
      subject: `Please confirm your e-mail address – ${v.partner}`,
      heading: 'Welcome!',
      body: `Please confirm your e-mail address so that we can reach you about your financing request with ${v.partner}. The link is valid for ${v.hours} hours.`,
      action: 'Confirm e-mail address',
      footer: 'Did not sign up? You can ignore this e-mail.',
    }),
    pl: (v) => ({
      subject: `Prosimy o potwierdzenie adresu e-mail – ${v.partner}`,
      heading: 'Witamy!',
      body: `Prosimy o potwierdzenie adresu e-mail, abyśmy mogli kontaktować się z Państwem w sprawie wniosku o finansowanie w ${v.partner}. Link jest ważny przez ${v.hours} godz.`,
      action: 'Potwierdź adres e-mail',
      footer: 'Jeśli to nie Państwo zakładali konto, prosimy zignorować tę wiadomość.',
    }),
    fr: (v) => ({
      subject: `Veuillez confirmer votre adresse e-mail – ${v.partner}`,
      heading: 'Bienvenue !',
      body: `Veuillez confirmer votre adresse e-mail afin que nous puissions vous contacter au sujet de votre demande de financement auprès de ${v.partner}. Le lien est valable ${v.hours} heures.`,
      action: "Confirmer l'adresse e-mail",
      footer: 'Vous ne vous êtes pas inscrit ? Vous pouvez ignorer cet e-mail.',
    }),
  },
  reset_password: {
    de: (v) => ({
      subject: `Passwort zurücksetzen – ${v.partner}`,
      heading: 'Neues Passwort festlegen',
      body: `Sie haben angefordert, Ihr Passwort bei ${v.partner} zurückzusetzen. Der Link ist ${v.minutes} Minuten gültig und kann einmal verwendet werden.`,
      action: 'Passwort zurücksetzen',
      footer: 'Sie haben das nicht angefordert? Dann bleibt Ihr Passwort unverändert.',
    }),
    en: (v) => ({
      subject: `Reset your password – ${v.partner}`,
      heading: 'Choose a new password',
      body: `You asked to reset your password at ${v.partner}. The link is valid for ${v.minutes} minutes and can be used once.`,
      action: 'Reset password',
      footer: 'Did not ask for this? Your password stays as it is.',
    }),
    pl: (v) => ({
      subject: `Resetowanie hasła – ${v.partner}`,
      heading: 'Ustaw nowe hasło',
      body: `Otrzymaliśmy prośbę o zresetowanie hasła w ${v.partner}. Link jest ważny przez ${v.minutes} min i można go użyć jeden raz.`,
      action: 'Zresetuj hasło',
      footer: 'Jeśli to nie Państwo wysłali prośbę, hasło pozostaje bez zmian.',
    }),
    fr: (v) => ({
      subject: `Réinitialiser votre mot de passe – ${v.partner}`,
      heading: 'Choisissez un nouveau mot de passe',
      body: `Vous avez demandé la réinitialisation de votre mot de passe chez ${v.partner}. Le lien est valable ${v.minutes} minutes et ne peut être utilisé qu'une fois.`,
      action: 'Réinitialiser le mot de passe',
      footer: "Vous n'avez rien demandé ? Votre mot de passe reste inchangé.",
    }),
  },
  account_exists: {
    de: (v) => ({
      subject: `Registrierungsversuch mit Ihrer E-Mail-Adresse – ${v.partner}`,
      heading: 'Sie haben bereits ein Konto',
      body: `Jemand hat versucht, sich mit Ihrer E-Mail-Adresse bei ${v.partner} zu registrieren. Ihr Konto besteht bereits. Melden Sie sich an oder setzen Sie Ihr Passwort zurück, falls Sie es vergessen haben.`,
      action: 'Passwort zurücksetzen',
      footer: 'Waren Sie das nicht? Dann ist nichts weiter zu tun.',
    }),
    en: (v) => ({
      subject: `Sign-up attempt with your e-mail address – ${v.partner}`,
      heading: 'You already have an account',
      body: `Someone tried to sign up at ${v.partner} with your e-mail address. Your account already exists. Log in, or reset your password if you have forgotten it.`,
      action: 'Reset password',
      footer: 'Was this not you? Then there is nothing to do.',
    }),
    pl: (v) => ({
      subject: `Próba rejestracji z Państwa adresem e-mail – ${v.partner}`,
      heading: 'Mają Państwo już konto',
      body: `Ktoś próbował zarejestrować się w ${v.partner}, używając Państwa adresu e-mail. Konto już istnieje. Prosimy się zalogować lub zresetować hasło, jeśli zostało zapomniane.`,
      action: 'Zresetuj hasło',
      footer: 'Jeśli to nie Państwo, nie trzeba nic robić.',
    }),
    fr: (v) => ({
      subject: `Tentative d'inscription avec votre adresse e-mail – ${v.partner}`,
      heading: 'Vous avez déjà un compte',
      body: `Quelqu'un a tenté de s'inscrire chez ${v.partner} avec votre adresse e-mail. Votre compte existe déjà. Connectez-vous, ou réinitialisez votre mot de passe si vous l'avez oublié.`,
      action: 'Réinitialiser le mot de passe',
      footer: "Ce n'était pas vous ? Il n'y a rien à faire.",
    }),
  },
  invite: {
    de: (v) => ({
      subject: `Einladung zu ${v.partner}`,
      heading: 'Sie wurden eingeladen',
      body: `Sie wurden eingeladen, an einer Finanzierungsanfrage bei ${v.partner} mitzuwirken. Legen Sie ein Passwort fest, um Ihr Konto zu aktivieren. Der Link ist ${v.days} Tage gültig.`,
      action: 'Einladung annehmen',
      footer: 'Sie erwarten keine Einladung? Dann können Sie diese E-Mail ignorieren.',
    }),
    en: (v) => ({
      subject: `Invitation to ${v.partner}`,
      heading: 'You have been invited',
      body: `You have been invited to take part in a financing request at ${v.partner}. Set a password to activate your account. The link is valid for ${v.days} days.`,
      action: 'Accept invitation',
      footer: 'Not expecting an invitation? You can ignore this e-mail.',
    }),
    pl: (v) => ({
      subject: `Zaproszenie do ${v.partner}`,
      heading: 'Otrzymali Państwo zaproszenie',
      body: `Zaproszono Państwa do udziału we wniosku o finansowanie w ${v.partner}. Prosimy ustawić hasło, aby aktywować konto. Link jest ważny przez ${v.days} dni.`,
      action: 'Przyjmij zaproszenie',
      footer: 'Jeśli nie spodziewali się Państwo zaproszenia, prosimy zignorować tę wiadomość.',
    }),
    fr: (v) => ({
      subject: `Invitation à ${v.partner}`,
      heading: 'Vous avez été invité',
      body: `Vous avez été invité à participer à une demande de financement chez ${v.partner}. Définissez un mot de passe pour activer votre compte. Le lien est valable ${v.days} jours.`,
      action: "Accepter l'invitation",
      footer: "Vous n'attendez pas d'invitation ? Vous pouvez ignorer cet e-mail.",
    }),
  },
  password_changed: {
    de: (v) => ({
      subject: `Ihr Passwort wurde geändert – ${v.partner}`,
      heading: 'Passwort geändert',
      body: `Das Passwort Ihres Kontos bei ${v.partner} wurde soeben geändert. Alle anderen Anmeldungen wurden beendet.`,
      footer: 'Waren Sie das nicht? Setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie uns.',
    }),
    en: (v) => ({
      subject: `Your password was changed – ${v.partner}`,
      heading: 'Password changed',
      body: `The password of your account at ${v.partner} has just been changed. Every other session has been ended.`,
      footer: 'Was this not you? Reset your password at once and contact us.',
    }),
    pl: (v) => ({
      subject: `Hasło zostało zmienione – ${v.partner}`,
      heading: 'Hasło zmienione',
      body: `Hasło do Państwa konta w ${v.partner} zostało właśnie zmienione. Wszystkie inne sesje zostały zakończone.`,
      footer: 'Jeśli to nie Państwo, prosimy natychmiast zresetować hasło i skontaktować się z nami.',
    }),
    fr: (v) => ({
      subject: `Votre mot de passe a été modifié – ${v.partner}`,
      heading: 'Mot de passe modifié',
      body: `Le mot de passe de votre compte chez ${v.partner} vient d'être modifié. Toutes les autres sessions ont été fermées.`,
      footer: "Ce n'était pas vous ? Réinitialisez immédiatement votre mot de passe et contactez-nous.",
    }),
  },
};

const SUPPORT: Record<Language, string> = {
  de: 'Fragen? Wir helfen gern:',
  en: 'Questions? We are happy to help:',
  pl: 'Pytania? Chętnie pomożemy:',
  fr: 'Des questions ? Nous sommes là pour vous aider :',
};

export interface Branding {
  partnerName: string;
  legalName: string;
  logoUrl: string;
  primaryColor: string;
  ctaTextColor: string;
  supportEmail: string;
  supportPhone: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export { esc as escapeHtml };

/** The support line and the legal name that end every message's text part. */
export function supportLines(language: Language, branding: Branding): string[] {
  return [`${SUPPORT[language]} ${branding.supportEmail} · ${branding.supportPhone}`, `${branding.legalName}`];
}

/** A call-to-action button in the partner's colours, with the link written out below it. */
export function actionButton(branding: Branding, label: string, link: string): string {
  return `<p style="margin:24px 0"><a href="${esc(link)}" style="background:${branding.primaryColor};color:${branding.ctaTextColor};padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${esc(label)}</a></p><p style="font-size:12px;color:#555">${esc(link)}</p>`;
}

/**
 * The partner-branded HTML of every message around its content (already escaped HTML): the logo
 * on top, the support line and the legal name below.
 */
export function mailFrame(language: Language, branding: Branding, title: string, content: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;background:#f5f6f8;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<img src="${esc(branding.logoUrl)}" alt="${esc(branding.partnerName)}" height="40" style="height:40px">
${content}
<hr style="border:none;border-top:1px solid #e5e5e5">
<p style="font-size:12px;color:#555">${esc(SUPPORT[language])} <a href="mailto:${esc(branding.supportEmail)}">${esc(branding.supportEmail)}</a> · <a href="tel:${esc(branding.supportPhone.replace(/[^+0-9]/g, ''))}">${esc(branding.supportPhone)}</a><br>${esc(branding.legalName)}</p>
</div></body></html>`;
}

export function renderMail(
  template: MailTemplate,
  language: Language,
  branding: Branding,
  link: string | undefined,
  vars: Omit<Vars, 'partner'> = {},
): RenderedMail {
  return renderCopy(COPY[template][language]({ ...vars, partner: branding.partnerName }), language, branding, link);
}

/** A message of `copy` in the partner's frame: text and HTML parts, the button where there is a link. */
export function renderCopy(
  c: MailCopy,
  language: Language,
  branding: Branding,
  link: string | undefined,
): RenderedMail {
  const text = [
    c.heading,
    '',
    c.body,
    ...(link && c.action ? ['', `${c.action}: ${link}`] : []),
    '',
    c.footer,
    '',
    ...supportLines(language, branding),
  ].join('\n');
  const button = link && c.action ? actionButton(branding, c.action, link) : '';
  const html = mailFrame(
    language,
    branding,
    c.subject,
    `<h1 style="font-size:22px">${esc(c.heading)}</h1>
<p>${esc(c.body)}</p>${button}
<p style="color:#555">${esc(c.footer)}</p>`,
  );
  return { subject: c.subject, text, html };
}
