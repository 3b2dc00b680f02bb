import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Language } from '@finportal/contracts/constants';
import { formatMoney } from '@finportal/contracts/numbers';

/**
 * The loan contract and the guarantee agreement as PDF (issue 13), filled with the application's
 * data, in the borrower's language, with pdf-lib. DejaVu Sans is embedded (subset) so that every
 * name prints as written: ł, ś, ß, é.
 */
export type ContractKind = 'loan_contract' | 'guarantor_contract';

export interface ContractData {
  kind: ContractKind;
  language: Language;
  lender: { legal_name: string; display_name: string; support_email: string; support_phone: string };
  company: { name: string; address: string; register: string | null; tax_id: string | null };
  application: {
    short_id: string;
    product: 'loan' | 'factoring';
    amount: number | null;
    currency: string;
    duration_months: number | null;
    interest_rate: number;
    transaction_fee: number;
    monthly_payment: number | null;
    iban: string | null;
  };
  /** Who signs: the company's signatories; for the guarantee agreement, the guarantors. */
  persons: { name: string; role: string }[];
  date: Date;
}

type Labels = Record<
  | 'loan_title'
  | 'guarantee_title'
  | 'between'
  | 'lender'
  | 'borrower'
  | 'reference'
  | 'terms'
  | 'amount'
  | 'limit'
  | 'duration'
  | 'months'
  | 'rate'
  | 'fee'
  | 'monthly'
  | 'account'
  | 'register'
  | 'tax_id'
  | 'signatories'
  | 'guarantors'
  | 'guarantee_text'
  | 'loan_text'
  | 'place_date'
  | 'signature',
  string
>;

const LABELS: Record<Language, Labels> = {
  de: {
    loan_title: 'Kreditvertrag',
    guarantee_title: 'Bürgschaftsvertrag',
    between: 'zwischen',
    lender: 'Kreditgeber',
    borrower: 'Kreditnehmer',
    reference: 'Antrag',
    terms: 'Konditionen',
    amount: 'Kreditbetrag',
    limit: 'Factoring-Rahmen',
    duration: 'Laufzeit',
    months: 'Monate',
    rate: 'Sollzinssatz p. a. (fest)',
    fee: 'Bearbeitungsgebühr',
    monthly: 'Monatliche Rate',
    account: 'Konto für Auszahlung und Lastschrift (IBAN)',
    register: 'Handelsregister',
    tax_id: 'Steuernummer',
    signatories: 'Unterschriften für den Kreditnehmer',
    guarantors: 'Bürgen',
    loan_text:
      'Der Kreditgeber gewährt dem Kreditnehmer einen Kredit zu den folgenden Konditionen. Es gelten die Allgemeinen Geschäftsbedingungen des Kreditgebers.',
    guarantee_text:
      'Die unterzeichnenden Bürgen übernehmen gegenüber dem Kreditgeber die selbstschuldnerische Bürgschaft für alle Forderungen aus dem Kreditvertrag zum oben genannten Antrag, gesamtschuldnerisch und bis zur Höhe des Kreditbetrags zuzüglich Zinsen und Kosten.',
    place_date: 'Ort, Datum',
    signature: 'Unterschrift',
  },
  en: {
    loan_title: 'Loan contract',
    guarantee_title: 'Guarantee agreement',
    between: 'between',
    lender: 'Lender',
    borrower: 'Borrower',
    reference: 'Application',
    terms: 'Terms',
    amount: 'Loan amount',
    limit: 'Factoring limit',
    duration: 'Term',
    months: 'months',
    rate: 'Borrowing rate p.a. (fixed)',
    fee: 'Arrangement fee',
    monthly: 'Monthly instalment',
    account: 'Account for payout and direct debit (IBAN)',
    register: 'Commercial register',
    tax_id: 'Tax number',
    signatories: 'Signatures for the borrower',
    guarantors: 'Guarantors',
    loan_text:
      "The lender grants the borrower a loan on the following terms. The lender's general terms and conditions apply.",
    guarantee_text:
      'The undersigned guarantors guarantee to the lender, as primary obligors and jointly and severally, all claims under the loan contract of the application above, up to the loan amount plus interest and costs.',
    place_date: 'Place, date',
    signature: 'Signature',
  },
  pl: {
    loan_title: 'Umowa kredytowa',
    guarantee_title: 'Umowa poręczenia',
    between: 'zawarta między',
    lender: 'Kredytodawca',
    borrower: 'Kredytobiorca',
    reference: 'Wniosek',
    terms: 'Warunki',
    amount: 'Kwota kredytu',
    limit: 'Limit faktoringowy',
    duration: 'Okres kredytowania',
    months: 'miesięcy',
    rate: 'Oprocentowanie w skali roku (stałe)',
    fee: 'Prowizja przygotowawcza',
    monthly: 'Rata miesięczna',
    account: 'Rachunek do wypłaty i polecenia zapłaty (IBAN)',
    register: 'Rejestr handlowy',
    tax_id: 'Numer podatkowy',
    signatories: 'Podpisy w imieniu kredytobiorcy',
    guarantors: 'Poręczyciele',
    loan_text:
      'Kredytodawca udziela kredytobiorcy kredytu na poniższych warunkach. Obowiązują ogólne warunki handlowe kredytodawcy.',
    guarantee_text:
      'Niżej podpisani poręczyciele poręczają wobec kredytodawcy solidarnie wszystkie wierzytelności z umowy kredytowej do powyższego wniosku, do wysokości kwoty kredytu wraz z odsetkami i kosztami.',
    place_date: 'Miejscowość, data',
    signature: 'Podpis',
  },
  fr: {
    loan_title: 'Contrat de prêt',
    guarantee_title: 'Acte de cautionnement',
    between: 'entre',
    lender: 'Prêteur',
    borrower: 'Emprunteur',
    reference: 'Demande',
    terms: 'Conditions',
    amount: 'Montant du prêt',
    limit: "Ligne d'affacturage",
    duration: 'Durée',
    months: 'mois',
    rate: 'Taux débiteur annuel (fixe)',
    fee: 'Frais de dossier',
    monthly: 'Mensualité',
    account: 'Compte de versement et de prélèvement (IBAN)',
    register: 'Registre du commerce',
    tax_id: 'Numéro fiscal',
    signatories: "Signatures pour l'emprunteur",
    guarantors: 'Cautions',
    loan_text:
      "Le prêteur accorde à l'emprunteur un prêt aux conditions suivantes. Les conditions générales du prêteur s'appliquent.",
    guarantee_text:
      'Les cautions soussignées se portent caution solidaire envers le prêteur de toutes les créances nées du contrat de prêt de la demande ci-dessus, à hauteur du montant du prêt majoré des intérêts et frais.',
    place_date: 'Lieu, date',
    signature: 'Signature',
  },
};

const require = createRequire(import.meta.url);
let fontBytes: Buffer | undefined;
const font = () => (fontBytes ??= fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));
let boldBytes: Buffer | undefined;
const bold = () => (boldBytes ??= fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')));

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

/** Lines of `text` that fit `width` at `size`. */
function wrap(text: string, f: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (f.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export async function contractPdf(data: ContractData): Promise<Uint8Array> {
  const t = LABELS[data.language];
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(font(), { subset: true });
  const heavy = await doc.embedFont(bold(), { subset: true });
  const title = data.kind === 'loan_contract' ? t.loan_title : t.guarantee_title;
  doc.setTitle(`${title} ${data.application.short_id}`);
  doc.setAuthor(data.lender.legal_name);
  doc.setCreationDate(data.date);
  doc.setModificationDate(data.date);
  doc.setLanguage(data.language);

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const width = A4[0] - 2 * MARGIN;
  const ensure = (needed: number) => {
    if (y - needed < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const text = (value: string, options: { size?: number; bold?: boolean; gap?: number } = {}) => {
    const size = options.size ?? 10.5;
    const f = options.bold ? heavy : regular;
    for (const line of wrap(value, f, size, width)) {
      ensure(size * 1.5);
      page.drawText(line, { x: MARGIN, y, size, font: f, color: rgb(0.1, 0.1, 0.12) });
      y -= size * 1.45;
    }
    y -= options.gap ?? 0;
  };
  const row = (label: string, value: string) => {
    ensure(16);
    page.drawText(label, { x: MARGIN, y, size: 10.5, font: regular, color: rgb(0.3, 0.3, 0.35) });
    page.drawText(value, { x: MARGIN + width * 0.5, y, size: 10.5, font: heavy });
    y -= 16;
  };
  // The portal's one money formatter and cents rule (issue 26), as the borrower's and the staff's views.
  const money = (n: number) => formatMoney(n, data.language, data.application.currency);
  const percent = (n: number) =>
    `${new Intl.NumberFormat(data.language, { minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(n)} %`;

  text(title, { size: 20, bold: true, gap: 6 });
  text(`${t.reference} ${data.application.short_id}`, { size: 11, gap: 14 });
  text(t.between, { gap: 4 });
  text(`${data.lender.legal_name} (${t.lender})`, { bold: true, gap: 4 });
  text(`${data.company.name}, ${data.company.address} (${t.borrower})`, { bold: true, gap: 2 });
  if (data.company.register) text(`${t.register}: ${data.company.register}`);
  if (data.company.tax_id) text(`${t.tax_id}: ${data.company.tax_id}`);
  y -= 12;
  text(data.kind === 'loan_contract' ? t.loan_text : t.guarantee_text, { gap: 12 });

  text(t.terms, { size: 13, bold: true, gap: 4 });
  const a = data.application;
  if (a.amount !== null) row(a.product === 'factoring' ? t.limit : t.amount, money(a.amount));
  if (a.duration_months) row(t.duration, `${a.duration_months} ${t.months}`);
  row(t.rate, percent(a.interest_rate));
  row(t.fee, money(a.transaction_fee));
  if (a.monthly_payment !== null) row(t.monthly, money(a.monthly_payment));
  if (a.iban)
    row(
      t.account,
      a.iban
        .replace(/\s+/g, '')
        .replace(/(.{4})/g, '$1 ')
        .trim(),
    );
  y -= 18;

  text(data.kind === 'loan_contract' ? t.signatories : t.guarantors, { size: 13, bold: true, gap: 10 });
  for (const person of data.persons) {
    ensure(70);
    y -= 30;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width * 0.4, y }, thickness: 0.6 });
    page.drawLine({ start: { x: MARGIN + width * 0.5, y }, end: { x: MARGIN + width, y }, thickness: 0.6 });
    y -= 12;
    page.drawText(t.place_date, { x: MARGIN, y, size: 9, font: regular, color: rgb(0.35, 0.35, 0.4) });
    page.drawText(`${t.signature}: ${person.name} (${person.role})`, {
      x: MARGIN + width * 0.5,
      y,
      size: 9,
      font: regular,
      color: rgb(0.35, 0.35, 0.4),
    });
    y -= 14;
  }
  // Footer on every page: who issued it and how to reach them.
  for (const p of doc.getPages()) {
    p.drawText(`${data.lender.legal_name} · ${data.lender.support_email} · ${data.lender.support_phone}`, {
      x: MARGIN,
      y: 30,
      size: 8,
      font: regular,
      color: rgb(0.45, 0.45, 0.5),
    });
  }
  return doc.save();
}
