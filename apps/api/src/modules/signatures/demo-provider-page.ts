import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentKind, IdentStatus } from '@finportal/contracts/signature-providers';
import { OPEN_IDENT_STATUSES } from '@finportal/contracts/signature-providers';
import type { IdentSessionRow } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { escapeHtml as esc } from '../../platform/mail/templates.js';
import { IdentService, type SessionPage } from './ident-service.js';
import { requestOrigin } from './ident-routes.js';
import { DEMO_ACTIONS, type DemoAction } from './providers/demo-provider.js';

/**
 * The demo identification provider's pages (ADR 020), served by the portal outside the API base
 * path and outside the web bundle: server-rendered HTML, inline CSS, no script, every value
 * escaped, in the person's interface language (or the partner's default).
 *
 * GET /demo-provider/sessions/{ref}: who, for which partner, which kind, which documents, and a
 * form with three buttons. Opening it moves a session not started yet to in_progress directly
 * (the provider's state is the session row: IdentService.opened). POST (the form) is the
 * person's decision: the demo provider then calls the portal back over real HTTP with a signed
 * callback (POST /api/signatures/callbacks/{provider}), exactly as a real provider would, and
 * sends the browser back to the application's Signatures tab.
 *
 * CSRF: the form carries a per-session token (HMAC of the session ref with the provider's
 * secret), and the portal's guard refuses a POST whose Origin is another host.
 */

type Lang = 'de' | 'en' | 'fr' | 'pl';

interface Texts {
  title: string;
  intro: string;
  partner: string;
  person: string;
  kind: string;
  kinds: Record<IdentKind, string>;
  provider: string;
  documents: string;
  noDocuments: string;
  status: string;
  statuses: Record<IdentStatus, string>;
  confirm: Record<IdentKind, string>;
  fail: string;
  cancel: string;
  closed: string;
  back: string;
  notFound: string;
  badForm: string;
  callbackFailed: string;
}

const TEXTS: Record<Lang, Texts> = {
  de: {
    title: 'Demo-Identifizierungsanbieter (keine echte Prüfung)',
    intro:
      'Diese Seite steht für den Identifizierungs- und Signaturdienst des Partners. Es wird keine echte Identitätsprüfung durchgeführt: Sie wählen selbst das Ergebnis.',
    partner: 'Partner',
    person: 'Person',
    kind: 'Vorgang',
    kinds: { ident: 'Identifizierung', esign: 'Identifizierung und elektronische Unterschrift' },
    provider: 'Anbieter',
    documents: 'Zu unterschreibende Dokumente',
    noDocuments: 'Keine',
    status: 'Status',
    statuses: {
      not_started: 'Nicht begonnen',
      in_progress: 'In Bearbeitung',
      completed: 'Abgeschlossen',
      under_review: 'In Prüfung',
      canceled: 'Abgebrochen',
      failed: 'Fehlgeschlagen',
      expired: 'Abgelaufen',
    },
    confirm: {
      ident: 'Bestätigen: Identität geprüft',
      esign: 'Bestätigen: Identität geprüft und Dokumente unterschrieben',
    },
    fail: 'Prüfung fehlschlagen lassen',
    cancel: 'Abbrechen',
    closed: 'Dieser Vorgang ist abgeschlossen.',
    back: 'Zurück zum Antrag',
    notFound: 'Dieser Vorgang ist unbekannt.',
    badForm: 'Das Formular ist ungültig. Bitte öffnen Sie die Seite erneut.',
    callbackFailed: 'Das Portal hat die Rückmeldung des Anbieters nicht angenommen. Bitte versuchen Sie es erneut.',
  },
  en: {
    title: 'Demo identification provider (no real check)',
    intro:
      "This page stands in for the partner's identification and signing service. No identity is really checked: you choose the result yourself.",
    partner: 'Partner',
    person: 'Person',
    kind: 'Procedure',
    kinds: { ident: 'Identification', esign: 'Identification and electronic signature' },
    provider: 'Provider',
    documents: 'Documents to sign',
    noDocuments: 'None',
    status: 'Status',
    statuses: {
      not_started: 'Not started',
      in_progress: 'In progress',
      completed: 'Completed',
      under_review: 'Under review',
      canceled: 'Canceled',
      failed: 'Failed',
      expired: 'Expired',
    },
    confirm: { ident: 'Confirm: identity checked', esign: 'Confirm: identity checked and documents signed' },
    fail: 'Fail the check',
    cancel: 'Cancel',
    closed: 'This procedure is closed.',
    back: 'Back to the application',
    notFound: 'This procedure is unknown.',
    badForm: 'The form is not valid. Please open the page again.',
    callbackFailed: "The portal did not accept the provider's callback. Please try again.",
  },
  fr: {
    title: "Fournisseur d'identification de démonstration (aucune vérification réelle)",
    intro:
      "Cette page remplace le service d'identification et de signature du partenaire. Aucune identité n'est réellement vérifiée : vous choisissez vous-même le résultat.",
    partner: 'Partenaire',
    person: 'Personne',
    kind: 'Procédure',
    kinds: { ident: 'Identification', esign: 'Identification et signature électronique' },
    provider: 'Fournisseur',
    documents: 'Documents à signer',
    noDocuments: 'Aucun',
    status: 'Statut',
    statuses: {
      not_started: 'Non commencée',
      in_progress: 'En cours',
      completed: 'Terminée',
      under_review: 'En cours de vérification',
      canceled: 'Annulée',
      failed: 'Échouée',
      expired: 'Expirée',
    },
    confirm: {
      ident: 'Confirmer : identité vérifiée',
      esign: 'Confirmer : identité vérifiée et documents signés',
    },
    fail: 'Faire échouer la vérification',
    cancel: 'Annuler',
    closed: 'Cette procédure est close.',
    back: 'Retour à la demande',
    notFound: 'Cette procédure est inconnue.',
    badForm: "Le formulaire n'est pas valide. Veuillez rouvrir la page.",
    callbackFailed: "Le portail n'a pas accepté le retour du fournisseur. Veuillez réessayer.",
  },
  pl: {
    title: 'Demonstracyjny dostawca identyfikacji (bez rzeczywistej weryfikacji)',
    intro:
      'Ta strona zastępuje usługę identyfikacji i podpisu partnera. Tożsamość nie jest naprawdę sprawdzana: wynik wybierasz sam.',
    partner: 'Partner',
    person: 'Osoba',
    kind: 'Procedura',
    kinds: { ident: 'Identyfikacja', esign: 'Identyfikacja i podpis elektroniczny' },
    provider: 'Dostawca',
    documents: 'Dokumenty do podpisania',
    noDocuments: 'Brak',
    status: 'Status',
    statuses: {
      not_started: 'Nierozpoczęta',
      in_progress: 'W toku',
      completed: 'Zakończona',
      under_review: 'W weryfikacji',
      canceled: 'Anulowana',
      failed: 'Nieudana',
      expired: 'Wygasła',
    },
    confirm: {
      ident: 'Potwierdź: tożsamość sprawdzona',
      esign: 'Potwierdź: tożsamość sprawdzona i dokumenty podpisane',
    },
    fail: 'Zakończ weryfikację niepowodzeniem',
    cancel: 'Anuluj',
    closed: 'Ta procedura jest zamknięta.',
    back: 'Powrót do wniosku',
    notFound: 'Ta procedura jest nieznana.',
    badForm: 'Formularz jest nieprawidłowy. Otwórz stronę ponownie.',
    callbackFailed: 'Portal nie przyjął odpowiedzi dostawcy. Spróbuj ponownie.',
  },
};

/** The simulated provider's name as the page shows it. */
const PROVIDER_LABEL: Record<string, string> = { idnow: 'IDnow', swiss_sign: 'SwissSign', postident: 'POSTIDENT' };

const textsOf = (language: string): Texts => TEXTS[(language in TEXTS ? language : 'en') as Lang];

export const dashboardPath = (applicationId: string) => `/dashboard/applications/${applicationId}?tab=signatures`;

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;color:#212529}
main{max-width:40rem;margin:2rem auto;padding:1.5rem 2rem;background:#fff;border:1px solid #dee2e6;border-radius:8px}
h1{font-size:1.35rem;margin:0 0 .75rem}
.demo{border-left:4px solid #f08c00;background:#fff9db;padding:.5rem .75rem;margin:0 0 1.25rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem;margin:0 0 1.25rem}
dt{font-weight:600}dd{margin:0}
ul{margin:0;padding-left:1.1rem}
form{display:flex;flex-wrap:wrap;gap:.6rem}
button{font:inherit;padding:.55rem 1rem;border-radius:6px;border:1px solid #adb5bd;background:#fff;cursor:pointer}
button.ok{background:#1e6b30;border-color:#1e6b30;color:#fff}
button.ko{background:#c92a2a;border-color:#c92a2a;color:#fff}
a{color:#1c7ed6}`;

function layout(language: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${esc(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>
<h1>${esc(title)}</h1>
${body}
</main></body>
</html>`;
}

/** The session's page: who, which partner, which kind, which documents, the three decisions. */
export function renderSessionPage(page: SessionPage, session: IdentSessionRow, formToken: string): string {
  const t = textsOf(page.language);
  const open = (OPEN_IDENT_STATUSES as readonly string[]).includes(session.status);
  const documents = page.documentNames.length
    ? `<ul>${page.documentNames.map((name) => `<li>${esc(name)}</li>`).join('')}</ul>`
    : esc(t.noDocuments);
  const details = `<p class="demo">${esc(t.intro)}</p>
<dl>
<dt>${esc(t.partner)}</dt><dd>${esc(page.partner.display_name)}</dd>
<dt>${esc(t.person)}</dt><dd>${esc(page.personName)}</dd>
<dt>${esc(t.provider)}</dt><dd>${esc(PROVIDER_LABEL[session.provider] ?? session.provider)}</dd>
<dt>${esc(t.kind)}</dt><dd>${esc(t.kinds[session.kind])}</dd>
<dt>${esc(t.documents)}</dt><dd>${documents}</dd>
<dt>${esc(t.status)}</dt><dd>${esc(t.statuses[session.status])}</dd>
</dl>`;
  const actions = open
    ? `<form method="post" action="/demo-provider/sessions/${esc(encodeURIComponent(session.ref))}">
<input type="hidden" name="token" value="${esc(formToken)}">
<button class="ok" type="submit" name="action" value="confirm">${esc(t.confirm[session.kind])}</button>
<button class="ko" type="submit" name="action" value="fail">${esc(t.fail)}</button>
<button type="submit" name="action" value="cancel">${esc(t.cancel)}</button>
</form>`
    : `<p>${esc(t.closed)}</p><p><a href="${esc(dashboardPath(session.applicationId))}">${esc(t.back)}</a></p>`;
  return layout(page.language, t.title, details + actions);
}

/** A message page (unknown session, invalid form, refused callback). */
export function renderMessagePage(language: string, message: keyof Texts, backTo?: string): string {
  const t = textsOf(language);
  const back = backTo ? `<p><a href="${esc(backTo)}">${esc(t.back)}</a></p>` : '';
  return layout(language, t.title, `<p>${esc(String(t[message]))}</p>${back}`);
}

const PUBLIC = { access: { auth: 'public' as const } };

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return (
    reply
      .code(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      // The portal's default (no-referrer) makes a browser send `Origin: null` with the page's form,
      // which the portal's origin check refuses: same-origin keeps the origin on the form's POST.
      .header('Referrer-Policy', 'same-origin')
      .send(html)
  );
}

/** The host partner's default language, for pages without a session ('en' on an unknown host). */
function hostLanguage(request: FastifyRequest): string {
  try {
    return request.partner().languages.default;
  } catch {
    return 'en';
  }
}

/** The session's page data, when the session exists, is the demo provider's and belongs to the host's partner. */
async function pageFor(service: IdentService, request: FastifyRequest, ref: string): Promise<SessionPage | null> {
  const page = await service.pageOf(ref);
  if (!page) return null;
  try {
    return request.partner().key === page.partner.key ? page : null;
  } catch {
    return null;
  }
}

/** The demo provider's pages (registered in app.ts, outside the API base path). */
export function demoProviderPages(ctx: AppContext): FastifyPluginAsync {
  const service = new IdentService(ctx);
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get<{ Params: { ref: string } }>(
      '/demo-provider/sessions/:ref',
      { schema: { hide: true }, config: PUBLIC },
      async (request, reply) => {
        const page = await pageFor(service, request, request.params.ref);
        if (!page) return sendHtml(reply, 404, renderMessagePage(hostLanguage(request), 'notFound'));
        const session = await service.opened(page.session, request.ip);
        const demo = service.providers.demo(session.provider)!;
        return sendHtml(reply, 200, renderSessionPage(page, session, demo.formToken(session.ref)));
      },
    );

    app.post<{ Params: { ref: string }; Body: Record<string, string> | undefined }>(
      '/demo-provider/sessions/:ref',
      // A form post, not JSON: the portal's JSON-only guard lets it through (its Origin check still applies).
      { schema: { hide: true }, config: { ...PUBLIC, rawUpload: true } },
      async (request, reply) => {
        const page = await pageFor(service, request, request.params.ref);
        if (!page) return sendHtml(reply, 404, renderMessagePage(hostLanguage(request), 'notFound'));
        const { session, language } = page;
        const demo = service.providers.demo(session.provider)!;
        const form = request.body && typeof request.body === 'object' ? request.body : {};
        const action = form.action as DemoAction;
        if (!demo.checkFormToken(session.ref, form.token) || !DEMO_ACTIONS.includes(action)) {
          return sendHtml(reply, 400, renderMessagePage(language, 'badForm'));
        }
        const back = dashboardPath(session.applicationId);
        if (!(OPEN_IDENT_STATUSES as readonly string[]).includes(session.status)) return reply.redirect(back, 303);
        try {
          const answer = await demo.sendResult(
            session.ref,
            action,
            {
              origin: requestOrigin(request),
              host: request.headers.host ?? request.host,
              localPort: request.socket.localPort,
            },
            ctx.clock.now(),
          );
          if (answer.statusCode < 200 || answer.statusCode >= 300) {
            request.log.warn({ statusCode: answer.statusCode }, 'demo provider: the callback was refused');
            return sendHtml(reply, 502, renderMessagePage(language, 'callbackFailed', back));
          }
        } catch (error) {
          request.log.warn({ err: { message: (error as Error).message } }, 'demo provider: the callback failed');
          return sendHtml(reply, 502, renderMessagePage(language, 'callbackFailed', back));
        }
        return reply.redirect(back, 303);
      },
    );
  };
}
