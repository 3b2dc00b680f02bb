import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { PDFDocument, PageSizes, rgb, type PDFFont } from 'pdf-lib';
import type { AppConfig } from '../config/env.js';
import type { AppContext } from './context.js';
import { loadOrCreateDemoCertificate, type DemoCertificate } from './demo-certificate.js';
import { AppError } from './errors.js';

/**
 * PAdES signatures of PDFs (issue 14, ADR 020): a placeholder added with pdf-lib
 * (`@signpdf/placeholder-pdf-lib`, sub-filter ETSI.CAdES.detached), then a detached CMS signature
 * with the demo certificate (`@signpdf/signer-p12`). `pdfsig` (poppler) verifies the result.
 */
export interface SignatureInfo {
  /** Who signs (shown in the signature's name field). */
  name: string;
  reason: string;
  location?: string;
  contactInfo?: string;
  signedAt: Date;
}

export interface SignerPage {
  /** One line per signer on the added signature page. */
  signers: { name: string; signedAt: Date; provider: string; reference: string }[];
  title: string;
  /** The line labels in the document's language (English by default). */
  labels?: { signedAt: string; provider: string; reference: string };
}

export interface PdfSigner {
  /** The PDF with a PAdES signature (verifiable with pdfsig). Throws err_signing_only_pdf for a file that is no PDF. */
  sign(pdf: Buffer, info: SignatureInfo): Promise<Buffer>;
  /** The PDF with a page appended listing the signers (before signing the whole). */
  addSignerPage(pdf: Buffer, page: SignerPage): Promise<Buffer>;
}

/** ETSI.CAdES.detached: the PAdES sub-filter (adbe.pkcs7.detached is the older Adobe one). */
const SUBFILTER_PADES = 'ETSI.CAdES.detached';
const APP_NAME = 'finportal';

/** A PDF signer with the given certificate (pdfSignerFor picks the portal's). */
export function createPdfSigner(certificate: DemoCertificate): PdfSigner & { certificate: DemoCertificate } {
  return {
    certificate,
    async sign(pdf, info) {
      const doc = await loadPdf(pdf);
      pdflibAddPlaceholder({
        pdfDoc: doc,
        reason: pdfTextString(info.reason),
        contactInfo: pdfTextString(info.contactInfo ?? ''),
        name: pdfTextString(info.name),
        location: pdfTextString(info.location ?? ''),
        signingTime: info.signedAt,
        subFilter: SUBFILTER_PADES,
        appName: APP_NAME,
      });
      // Classic cross-reference table: @signpdf finds the placeholder in the plain bytes.
      const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
      const signer = new P12Signer(certificate.p12, { passphrase: certificate.passphrase });
      return new SignPdf().sign(prepared, signer, info.signedAt);
    },
    async addSignerPage(pdf, page) {
      const doc = await loadPdf(pdf);
      await appendSignerPage(doc, page);
      return Buffer.from(await doc.save({ useObjectStreams: false }));
    },
  };
}

const LITERAL_ESCAPES: Record<string, string> = { '\\': '\\\\', '(': '\\(', ')': '\\)', '\r': '\\r', '\n': '\\n' };

/**
 * A text as the bytes of a PDF literal string: the placeholder writes its fields with pdf-lib's
 * PDFString, which copies one byte per character and escapes nothing. Printable ASCII stays as it
 * is; any other text becomes UTF-16BE with its byte order mark (PDF's text string encoding), so
 * that "Łucja Śliwińska" is read back as written; backslash, parentheses and line ends are escaped.
 */
export function pdfTextString(text: string): string {
  let bytes = text;
  if (!/^[\x20-\x7e]*$/.test(text)) {
    bytes = '\u00fe\u00ff';
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      bytes += String.fromCharCode(unit >> 8, unit & 0xff);
    }
  }
  return bytes.replace(/[\\()\r\n]/g, (ch) => LITERAL_ESCAPES[ch]!);
}

/** The portal's signers, one per data directory (`:memory:` without one), made once per process. */
const signers = new Map<string, Promise<PdfSigner>>();

/**
 * The portal's PDF signer: the demo certificate is made on first use and kept in the data
 * directory (memory only without one: the API tests, NODE_ENV=test, never write to DATA_DIR).
 * Concurrent first calls share one promise, so one certificate is made.
 */
export function pdfSignerFor(ctx: Pick<AppContext, 'config'>): Promise<PdfSigner> {
  const dataDir = signingDataDir(ctx.config);
  const key = dataDir ?? ':memory:';
  let signer = signers.get(key);
  if (!signer) {
    signer = Promise.resolve().then(() => createPdfSigner(loadOrCreateDemoCertificate(dataDir)));
    signers.set(key, signer);
    // A failure (an unreadable certificate file) is not kept: the next call tries again.
    signer.catch(() => signers.delete(key));
  }
  return signer;
}

function signingDataDir(config: Pick<AppConfig, 'NODE_ENV' | 'DATA_DIR'>): string | undefined {
  return config.NODE_ENV === 'test' ? undefined : config.DATA_DIR;
}

/** The PDF as a pdf-lib document; anything else (or an unreadable or encrypted PDF) is refused. */
async function loadPdf(pdf: Buffer): Promise<PDFDocument> {
  const onlyPdf = () => new AppError('err_signing_only_pdf', 422);
  // PDF readers accept the header anywhere in the first 1024 bytes.
  if (!Buffer.isBuffer(pdf) || !pdf.subarray(0, 1024).includes('%PDF-')) throw onlyPdf();
  try {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    // pdf-lib reads leniently: a header without a page tree is no document to sign.
    if (doc.getPageCount() < 1) throw onlyPdf();
    return doc;
  } catch {
    throw onlyPdf();
  }
}

const require = createRequire(import.meta.url);
let fontBytes: Buffer | undefined;
let boldBytes: Buffer | undefined;
const font = () => (fontBytes ??= fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));
const bold = () => (boldBytes ??= fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')));

/**
 * Text as the page can print it: control characters become spaces; a character the font has no
 * glyph for becomes "?" (DejaVu Sans covers Latin, Greek and Cyrillic: ł, ś, ß, é print as written).
 */
export function printable(text: string, f: PDFFont): string {
  const supported = new Set(f.getCharacterSet());
  let out = '';
  for (const ch of text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')) {
    out += supported.has(ch.codePointAt(0)!) ? ch : '?';
  }
  return out;
}

/** An A4 page: the title, then per signer their name, time (ISO 8601, UTC), provider and reference. */
async function appendSignerPage(doc: PDFDocument, page: SignerPage): Promise<void> {
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(font(), { subset: true });
  const heavy = await doc.embedFont(bold(), { subset: true });
  const [width, height] = PageSizes.A4;
  const margin = 56;
  const maxWidth = width - 2 * margin;
  let current = doc.addPage(PageSizes.A4);
  let y = height - margin;

  const line = (text: string, f: PDFFont, size: number, indent = 0) => {
    for (const part of wrap(printable(text, f), f, size, maxWidth - indent)) {
      if (y < margin + size) {
        current = doc.addPage(PageSizes.A4);
        y = height - margin;
      }
      current.drawText(part, { x: margin + indent, y: y - size, size, font: f, color: rgb(0.1, 0.1, 0.1) });
      y -= size * 1.45;
    }
  };

  line(page.title, heavy, 16);
  y -= 10;
  const labels = page.labels ?? { signedAt: 'Signed at', provider: 'Provider', reference: 'Reference' };
  page.signers.forEach((signer, index) => {
    line(`${index + 1}. ${signer.name}`, heavy, 11);
    line(`${labels.signedAt}: ${signer.signedAt.toISOString()}`, regular, 10, 14);
    line(`${labels.provider}: ${signer.provider}`, regular, 10, 14);
    line(`${labels.reference}: ${signer.reference}`, regular, 10, 14);
    y -= 8;
  });
}

/** Splits text into lines no wider than maxWidth (at spaces; a longer word is cut). */
function wrap(text: string, f: PDFFont, size: number, maxWidth: number): string[] {
  const fits = (s: string) => f.widthOfTextAtSize(s, size) <= maxWidth;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  lines.push(current);
  return lines;
}
