import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import {
  DEMO_SIGNER_COMMON_NAME,
  DEMO_SIGNER_DIR,
  DEMO_SIGNER_P12,
  DEMO_SIGNER_PASSPHRASE,
  createDemoCertificate,
  loadOrCreateDemoCertificate,
} from './demo-certificate.js';
import { AppError } from './errors.js';
import { createPdfSigner, pdfSignerFor, type PdfSigner } from './pdf-signing.js';

const run = promisify(execFile);
let tmp: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'finportal-pdf-signing-'));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function samplePdf(text = 'Loan contract FP-1234'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText(text, { x: 50, y: 700, size: 14, font });
  return Buffer.from(await doc.save());
}

let fileNo = 0;
function write(pdf: Buffer): string {
  const file = path.join(tmp, `doc-${++fileNo}.pdf`);
  fs.writeFileSync(file, pdf);
  return file;
}

/** pdfsig's report; it exits non-zero for an invalid or missing signature, the output is what counts. */
async function pdfsig(pdf: Buffer): Promise<string> {
  try {
    const { stdout } = await run('pdfsig', [write(pdf)]);
    return stdout;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; code?: unknown };
    if (typeof e.stdout !== 'string') throw err;
    return e.stdout + (e.stderr ?? '');
  }
}

async function pdftotext(pdf: Buffer): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', write(pdf), '-']);
  return stdout;
}

const info = { name: 'Jürgen Groß', reason: 'Loan contract FP-1234', signedAt: new Date('2026-03-02T10:15:00Z') };

describe('the PDF signer', () => {
  let signer: PdfSigner;
  beforeAll(() => {
    signer = createPdfSigner(createDemoCertificate());
  });

  it('signs a PDF so that pdfsig finds one intact signature by the demo certificate', async () => {
    const signed = await signer.sign(await samplePdf(), { ...info, location: 'Berlin', contactInfo: 'x@y.z' });
    expect(signed.subarray(0, 5).toString()).toBe('%PDF-');

    const report = await pdfsig(signed);
    expect(report).toContain('Signature #1');
    expect(report).not.toContain('Signature #2');
    expect(report).toContain(`Signer Certificate Common Name: ${DEMO_SIGNER_COMMON_NAME}`);
    expect(report).toContain('Signer Certificate Common Name: finportal demo signing');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    // Self-signed, nobody's trust anchor: the signature is intact, the signer unknown.
    expect(report).toMatch(/Certificate Validation: Certificate issuer is unknown\./);
    // The text of the document is unchanged.
    expect(await pdftotext(signed)).toContain('Loan contract FP-1234');
  });

  it('writes name, reason, location and contact into the signature as given, any characters', async () => {
    const fields = {
      name: 'Łucja Śliwińska-Dupont (Geschäftsführerin)',
      reason: 'Guarantee agreement FP-1234 :) \\ ( č',
      location: 'Kraków\r\nPolska',
      contactInfo: 'plain (ascii) text',
    };
    const signed = await signer.sign(await samplePdf(), { ...fields, signedAt: info.signedAt });
    expect(await pdfsig(signed)).toContain('Signature Validation: Signature is Valid.');

    const doc = await PDFDocument.load(signed);
    const field = doc.getForm().getFields()[0]!;
    const value = field.acroField.dict.lookup(PDFName.of('V'), PDFDict);
    const read = (key: string) => value.lookup(PDFName.of(key), PDFString, PDFHexString).decodeText();
    expect(read('Name')).toBe(fields.name);
    expect(read('Reason')).toBe(fields.reason);
    expect(read('Location')).toBe(fields.location);
    expect(read('ContactInfo')).toBe(fields.contactInfo);
    expect(value.lookup(PDFName.of('SubFilter'))).toEqual(PDFName.of('ETSI.CAdES.detached'));
  });

  it('a byte changed after signing makes pdfsig report the signature invalid', async () => {
    const signed = await signer.sign(await samplePdf(), info);
    const at = signed.indexOf('Loan contract FP-1234');
    // The visible text lies in the signed byte ranges (content streams are not compressed by pdf-lib).
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(signed);
    tampered[at + 'Loan contract FP-'.length] = '9'.charCodeAt(0);

    const report = await pdfsig(tampered);
    expect(report).toContain('Signature #1');
    expect(report).not.toContain('Signature is Valid.');
    expect(report).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it('refuses what is not a PDF with err_signing_only_pdf (422)', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const notPdf of [Buffer.from('hello, this is text'), png, Buffer.from('%PDF-1.7\nno objects here')]) {
      const error = await signer.sign(notPdf, info).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'err_signing_only_pdf', status: 422 });
      await expect(signer.addSignerPage(notPdf, { title: 'x', signers: [] })).rejects.toMatchObject({
        code: 'err_signing_only_pdf',
      });
    }
  });

  it('appends a signature page listing every signer, and the whole then signs', async () => {
    const original = await samplePdf();
    const withPage = await signer.addSignerPage(original, {
      title: 'Signatures: loan contract FP-1234',
      signers: [
        { name: 'Jürgen Groß', signedAt: new Date('2026-03-02T10:15:00Z'), provider: 'idnow', reference: 'ref-aaa' },
        {
          name: 'Łucja Śliwińska-Dupont',
          signedAt: new Date('2026-03-03T08:00:00Z'),
          provider: 'swiss_sign',
          reference: 'ref-bbb',
        },
        // A character no font here can print is replaced, not a failure.
        { name: 'Li 李 Wei\nNext', signedAt: new Date('2026-03-04T09:30:00Z'), provider: 'manual', reference: 'ref-c' },
      ],
    });
    expect((await PDFDocument.load(original)).getPageCount()).toBe(1);
    expect((await PDFDocument.load(withPage)).getPageCount()).toBe(2);

    const text = await pdftotext(withPage);
    expect(text).toContain('Signatures: loan contract FP-1234');
    expect(text).toContain('Jürgen Groß');
    expect(text).toContain('Łucja Śliwińska-Dupont');
    expect(text).toContain('Li ? Wei Next');
    expect(text).toContain('2026-03-02T10:15:00.000Z');
    expect(text).toContain('2026-03-04T09:30:00.000Z');
    expect(text).toContain('swiss_sign');
    expect(text).toContain('ref-bbb');

    const report = await pdfsig(await signer.sign(withPage, info));
    expect(report).toContain('Signature Validation: Signature is Valid.');
  });

  it('continues the signature page on a new page when the signers do not fit on one', async () => {
    const signers = Array.from({ length: 30 }, (_, i) => ({
      name: `Signer ${i + 1}`,
      signedAt: new Date('2026-03-02T10:15:00Z'),
      provider: 'idnow',
      reference: `ref-${i + 1}`,
    }));
    const withPages = await signer.addSignerPage(await samplePdf(), { title: 'Signatures', signers });
    expect((await PDFDocument.load(withPages)).getPageCount()).toBeGreaterThan(2);
    const text = await pdftotext(withPages);
    expect(text).toContain('Signer 1\n');
    expect(text).toContain('Signer 30');
  });
});

describe('the demo certificate', () => {
  it('is made once in the data directory (0600) and loaded again by another instance', () => {
    const dataDir = path.join(tmp, 'data-a');
    const first = loadOrCreateDemoCertificate(dataDir);
    const dir = path.join(dataDir, DEMO_SIGNER_DIR);
    expect(fs.statSync(path.join(dir, DEMO_SIGNER_P12)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, DEMO_SIGNER_PASSPHRASE)).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(dir, DEMO_SIGNER_PASSPHRASE), 'utf8').trim()).toBe(first.passphrase);
    expect(first.commonName).toBe(DEMO_SIGNER_COMMON_NAME);
    const years = (first.notAfter.getTime() - Date.now()) / (365.25 * 24 * 3600 * 1000);
    expect(years).toBeGreaterThan(9.9);
    expect(years).toBeLessThan(10.1);

    const again = loadOrCreateDemoCertificate(dataDir);
    expect(again.fingerprint).toBe(first.fingerprint);
    expect(fs.readdirSync(dataDir)).toEqual([DEMO_SIGNER_DIR]);
    // A certificate made elsewhere differs.
    expect(loadOrCreateDemoCertificate(undefined).fingerprint).not.toBe(first.fingerprint);
  });

  it('is replaced once expired, and a passphrase that does not open it is an error, not a new certificate', () => {
    const dataDir = path.join(tmp, 'data-b');
    const first = loadOrCreateDemoCertificate(dataDir);
    const later = new Date(Date.now() + 11 * 365 * 24 * 3600 * 1000);
    const renewed = loadOrCreateDemoCertificate(dataDir, later);
    expect(renewed.fingerprint).not.toBe(first.fingerprint);
    expect(loadOrCreateDemoCertificate(dataDir, later).fingerprint).toBe(renewed.fingerprint);

    fs.writeFileSync(path.join(dataDir, DEMO_SIGNER_DIR, DEMO_SIGNER_PASSPHRASE), 'wrong\n');
    expect(() => loadOrCreateDemoCertificate(dataDir, later)).toThrow(/cannot be opened/);
  });

  it('pdfSignerFor: one signer per process for a data directory, even for concurrent first calls', async () => {
    const dataDir = path.join(tmp, 'data-c');
    const ctx = { config: loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }) };
    const [a, b, c] = await Promise.all([pdfSignerFor(ctx), pdfSignerFor(ctx), pdfSignerFor(ctx)]);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await pdfSignerFor(ctx)).toBe(a);
    expect(fs.readdirSync(path.join(dataDir, DEMO_SIGNER_DIR)).sort()).toEqual([
      DEMO_SIGNER_P12,
      DEMO_SIGNER_PASSPHRASE,
    ]);

    // Another process with the same directory signs with the same certificate.
    const used = (a as PdfSigner & { certificate: { fingerprint: string } }).certificate.fingerprint;
    expect(loadOrCreateDemoCertificate(dataDir).fingerprint).toBe(used);
    const report = await pdfsig(await a.sign(await samplePdf(), info));
    expect(report).toContain('Signature Validation: Signature is Valid.');
  });

  it('pdfSignerFor keeps the certificate in memory in the tests (NODE_ENV=test): nothing is written', async () => {
    const dataDir = path.join(tmp, 'data-d');
    const ctx = { config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }) };
    const signer = await pdfSignerFor(ctx);
    expect(await pdfSignerFor(ctx)).toBe(signer);
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(await pdfsig(await signer.sign(await samplePdf(), info))).toContain('Signature is Valid.');
  });
});
