import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { docxOf, entryOf, nestedZip, zerosEntry, zipOf } from '../../test/zip.js';
import { FileInspector, RefusedContent } from './inspect.js';

/** The inspector's /Encrypt search over chunk borders (issue 11): wherever the chunks split the marker. */
const head = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');
const encrypted = Buffer.concat([head, Buffer.alloc(600, 0x20), Buffer.from('trailer << /Encrypt 5 0 R >>\n%%EOF\n')]);
const plain = Buffer.from(encrypted.toString('latin1').replace('/Encrypt', '/Encrypx'), 'latin1');

async function inspect(bytes: Buffer, chunks: Buffer[]): Promise<string> {
  const inspector = new FileInspector('pdf', bytes.length);
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  try {
    await pipeline(Readable.from(chunks), inspector, sink);
    return 'passed';
  } catch (error) {
    if (error instanceof RefusedContent) return error.code;
    throw error;
  }
}

const splitAt = (bytes: Buffer, at: number) => [bytes.subarray(0, at), bytes.subarray(at)];

describe('FileInspector: a password-protected PDF', () => {
  it('is found wherever a chunk border cuts /Encrypt, and in chunks of one byte', async () => {
    const at = encrypted.indexOf('/Encrypt');
    for (let cut = at - 1; cut <= at + 9; cut++) {
      expect(await inspect(encrypted, splitAt(encrypted, cut)), `cut at ${cut}`).toBe('err_file_encrypted');
    }
    const bytes = [...encrypted].map((b) => Buffer.from([b]));
    expect(await inspect(encrypted, bytes)).toBe('err_file_encrypted');
    expect(
      await inspect(encrypted, [encrypted.subarray(0, 700), encrypted.subarray(700, 703), encrypted.subarray(703)]),
    ).toBe('err_file_encrypted');
  });

  it('a PDF without the marker passes, however it is cut', async () => {
    const at = plain.indexOf('/Encrypx');
    for (let cut = at - 1; cut <= at + 9; cut++) expect(await inspect(plain, splitAt(plain, cut))).toBe('passed');
    expect(
      await inspect(
        plain,
        [...plain].map((b) => Buffer.from([b])),
      ),
    ).toBe('passed');
  });
});

describe('issue 25: what the probe got through', () => {
  const inspectAs = async (ext: 'pdf' | 'docx' | 'zip' | 'xlsx', bytes: Buffer) => {
    const inspector = new FileInspector(ext, bytes.length);
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    try {
      await pipeline(Readable.from([bytes]), inspector, sink);
      return 'passed';
    } catch (error) {
      if (error instanceof RefusedContent) return error.code;
      throw error;
    }
  };
  const pdfWith = (trailer: string, body = '') =>
    Buffer.from(
      `%PDF-1.7\n1 0 obj << /Type /Catalog ${body} >> endobj\n2 0 obj << /Filter /Standard /V 2 /R 3 /O (o) /U (u) /P -4 >> endobj\ntrailer << /Root 1 0 R ${trailer} /ID [<01><01>] >>\n%%EOF\n`,
      'latin1',
    );

  it('a PDF naming its encryption /#45ncrypt is found encrypted by the parser', async () => {
    expect(await inspectAs('pdf', pdfWith('/#45ncrypt 2 0 R'))).toBe('err_file_encrypted');
    expect(await inspectAs('pdf', pdfWith('/Encrypt 2 0 R'))).toBe('err_file_encrypted');
    // The word in a text of the document is no encryption.
    expect(await inspectAs('pdf', pdfWith('', '/Subject (about /Encrypt)'))).toBe('passed');
  });

  it('HTML with %PDF- in its first bytes is no PDF', async () => {
    const html = Buffer.from(
      `<html><body>%PDF-1.7<script>alert(document.cookie)</script></body></html>${' '.repeat(600)}`,
    );
    expect(await inspectAs('pdf', html)).toBe('err_file_content_mismatch');
  });

  it('a Word document of a gibibyte of zeros (a zip bomb) is refused; one nested ten deep too', async () => {
    const bomb = zipOf([
      entryOf('[Content_Types].xml', Buffer.from('<?xml version="1.0"?><Types/>')),
      zerosEntry('word/document.xml', 1024),
    ]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await inspectAs('docx', bomb)).toBe('err_archive_too_large');
    expect(await inspectAs('zip', nestedZip(10))).toBe('err_archive_too_large');
    // What a honest archive holds passes: a document, and a zip with a document in it.
    expect(await inspectAs('docx', docxOf())).toBe('passed');
    expect(await inspectAs('zip', zipOf([entryOf('inner.docx', docxOf())]))).toBe('passed');
    expect(await inspectAs('zip', nestedZip(3))).toBe('passed');
  });

  it('refuses an archive of too many entries, and one that unpacks to far more than its size', async () => {
    const many = zipOf(Array.from({ length: 10_001 }, (_, i) => entryOf(`f${i}.txt`, Buffer.from('x'))));
    expect(await inspectAs('zip', many)).toBe('err_archive_too_large');
    // 200 MiB from well under a mebibyte: within the total, beyond any ratio a real file has.
    expect(await inspectAs('xlsx', zipOf([zerosEntry('xl/worksheets/sheet1.xml', 200)]))).toBe('err_archive_too_large');
  });
});
