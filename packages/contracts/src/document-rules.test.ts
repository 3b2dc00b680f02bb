import { describe, expect, it } from 'vitest';
import {
  contentMatches,
  DOCUMENT_TYPES,
  extensionOf,
  uploadIssues,
  UPLOAD_EXTENSIONS,
  type UploadExtension,
  type UploadSettings,
} from './document-rules.js';
import { documentTypeConfig, resolveDocumentCategories, resolveDocumentType } from './documents.js';
import { DOCUMENT_TYPE_TEXTS } from './document-type-texts.js';

const NOW = new Date('2026-06-15T10:00:00Z');
const BANK: UploadSettings = {
  allowed_extensions: ['pdf', 'jpg', 'png'],
  max_size_bytes: 5 * 1024 * 1024,
  is_as_of_date_required: true,
  max_age_days: 90,
};
const codes = (file: Parameters<typeof uploadIssues>[0], settings = BANK) =>
  uploadIssues(file, settings, NOW).map((i) => [i.field, i.code]);

describe('extensionOf', () => {
  it('reads the last extension in lower case, .jpeg as jpg, nothing else', () => {
    expect(extensionOf('Kontoauszug Mai.PDF')).toBe('pdf');
    expect(extensionOf('photo.jpeg')).toBe('jpg');
    expect(extensionOf('archive.tar.gz')).toBeNull();
    expect(extensionOf('report.pdf.exe')).toBeNull();
    expect(extensionOf('no-extension')).toBeNull();
    expect(extensionOf('.pdf ')).toBe('pdf');
  });
});

describe('uploadIssues', () => {
  it('passes an allowed file within the size and age limits', () => {
    expect(codes({ file_name: 'statement.pdf', size_bytes: 1000, as_of_date: '2026-05-31' })).toEqual([]);
    expect(codes({ file_name: 'statement.pdf', size_bytes: 5 * 1024 * 1024, as_of_date: '2026-03-17' })).toEqual([]);
  });

  it('refuses a file type the type does not take, naming the allowed ones', () => {
    const [issue] = uploadIssues({ file_name: 'statement.docx', size_bytes: 10, as_of_date: '2026-06-01' }, BANK, NOW);
    expect(issue).toEqual({
      field: 'file_name',
      code: 'err_invalid_upload_type',
      values: { allowed: 'PDF, JPG, PNG' },
    });
    expect(codes({ file_name: 'run.exe', size_bytes: 10, as_of_date: '2026-06-01' })).toEqual([
      ['file_name', 'err_invalid_upload_type'],
    ]);
  });

  it('refuses an empty or too large file, with the limit in MB', () => {
    expect(codes({ file_name: 'a.pdf', size_bytes: 0, as_of_date: '2026-06-01' })).toEqual([
      ['size_bytes', 'err_file_empty'],
    ]);
    const [issue] = uploadIssues(
      { file_name: 'a.pdf', size_bytes: 5 * 1024 * 1024 + 1, as_of_date: '2026-06-01' },
      BANK,
      NOW,
    );
    expect(issue).toEqual({ field: 'size_bytes', code: 'err_file_too_large', values: { max_mb: 5 } });
  });

  it('asks for the as-of date where the type requires it, and judges it: a date, not in the future, not too old', () => {
    expect(codes({ file_name: 'a.pdf', size_bytes: 1 })).toEqual([['as_of_date', 'err_as_of_date_required']]);
    expect(codes({ file_name: 'a.pdf', size_bytes: 1, as_of_date: ' ' })).toEqual([
      ['as_of_date', 'err_as_of_date_required'],
    ]);
    expect(codes({ file_name: 'a.pdf', size_bytes: 1, as_of_date: '2026-02-30' })).toEqual([
      ['as_of_date', 'err_date_invalid'],
    ]);
    expect(codes({ file_name: 'a.pdf', size_bytes: 1, as_of_date: '15.06.2026' })).toEqual([
      ['as_of_date', 'err_date_invalid'],
    ]);
    expect(codes({ file_name: 'a.pdf', size_bytes: 1, as_of_date: '2026-06-16' })).toEqual([
      ['as_of_date', 'err_date_too_late'],
    ]);
    expect(codes({ file_name: 'a.pdf', size_bytes: 1, as_of_date: '2026-06-15' })).toEqual([]);
    // 90 days before 15 June 2026 is 17 March 2026: that day passes, the day before is too old.
    expect(codes({ file_name: 'a.pdf', size_bytes: 1, as_of_date: '2026-03-17' })).toEqual([]);
    const [old] = uploadIssues({ file_name: 'a.pdf', size_bytes: 1, as_of_date: '2026-03-16' }, BANK, NOW);
    expect(old).toEqual({
      field: 'as_of_date',
      code: 'err_document_too_old',
      values: { max_age_days: 90, min: '2026-03-17' },
    });
  });

  it('takes no date where the type asks none, and has no age limit then', () => {
    const any = { ...BANK, is_as_of_date_required: false, max_age_days: null };
    expect(codes({ file_name: 'a.pdf', size_bytes: 1 }, any)).toEqual([]);
    expect(codes({ file_name: 'a.pdf', size_bytes: 1, as_of_date: '1999-01-01' }, any)).toEqual([]);
  });

  it('reports every broken rule at once', () => {
    expect(codes({ file_name: 'a.exe', size_bytes: 0 })).toEqual([
      ['file_name', 'err_invalid_upload_type'],
      ['size_bytes', 'err_file_empty'],
      ['as_of_date', 'err_as_of_date_required'],
    ]);
  });
});

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('contentMatches', () => {
  const samples: Record<UploadExtension, Uint8Array> = {
    pdf: bytes('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj'),
    txt: bytes('Umsatz 2025: 1.234.567 EUR\r\n'),
    doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
    docx: bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0]),
    ppt: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    pptx: bytes([0x50, 0x4b, 0x03, 0x04]),
    xls: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    xlsx: bytes([0x50, 0x4b, 0x03, 0x04]),
    json: bytes([0xef, 0xbb, 0xbf], '\n  {"a": 1}'),
    xml: bytes('<?xml version="1.0"?><a/>'),
    zip: bytes([0x50, 0x4b, 0x03, 0x04]),
    rar: bytes('Rar!', [0x1a, 0x07, 0x01, 0x00]),
    jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
    png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    gif: bytes('GIF89a'),
  };

  it('accepts each extension of the map with its own content', () => {
    for (const ext of Object.keys(UPLOAD_EXTENSIONS) as UploadExtension[]) {
      expect(contentMatches(ext, samples[ext]), ext).toBe(true);
    }
  });

  it('a PDF starts with its header (issue 25): a page with %PDF- somewhere in its first bytes is not one', () => {
    expect(contentMatches('pdf', bytes('<html><body><script>alert(1)</script>%PDF-1.7</body></html>'))).toBe(false);
    expect(contentMatches('pdf', bytes(' %PDF-1.7\n'))).toBe(false);
    expect(contentMatches('pdf', bytes('%PDF-1.7\n'))).toBe(true);
  });

  it('refuses a PNG named .pdf, a PDF named .jpg, and an empty file', () => {
    expect(contentMatches('pdf', samples.png)).toBe(false);
    expect(contentMatches('jpg', samples.pdf)).toBe(false);
    expect(contentMatches('pdf', new Uint8Array())).toBe(false);
  });

  it('refuses executables whatever their name: ELF, PE, Mach-O, scripts', () => {
    const elf = bytes([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00], '%PDF-1.4');
    const pe = bytes('MZ', [0x90, 0x00], '%PDF-1.4');
    const macho = bytes([0xcf, 0xfa, 0xed, 0xfe]);
    const script = bytes('#!/bin/sh\necho hi\n');
    for (const ext of ['pdf', 'txt', 'jpg', 'docx'] as const) {
      for (const binary of [elf, pe, macho, script]) expect(contentMatches(ext, binary), ext).toBe(false);
    }
  });

  it('text types refuse binary content; JSON and XML need their opening character', () => {
    expect(contentMatches('txt', bytes('abc', [0], 'def'))).toBe(false);
    expect(contentMatches('json', bytes('hello'))).toBe(false);
    expect(contentMatches('xml', bytes('{"a":1}'))).toBe(false);
  });
});

describe('document configuration', () => {
  it('every document type has a name, description and tooltip in de, en, pl and fr', () => {
    for (const type of DOCUMENT_TYPES) {
      for (const key of ['name', 'description', 'tooltip_description'] as const) {
        expect(Object.keys(DOCUMENT_TYPE_TEXTS[type][key]).sort(), `${type}.${key}`).toEqual(['de', 'en', 'fr', 'pl']);
        for (const text of Object.values(DOCUMENT_TYPE_TEXTS[type][key])) expect(text.trim().length).toBeGreaterThan(2);
      }
    }
  });

  it('a type the partner leaves open gets its defaults: texts, age limit and as-of date, file types of the partner', () => {
    const bank = resolveDocumentType(documentTypeConfig.parse({ document_type: 'bank_statement' }), ['pdf', 'png']);
    expect(bank).toMatchObject({
      document_type: 'bank_statement',
      is_required: false,
      is_as_of_date_required: true,
      max_age_days: 90,
      max_size_bytes: 20 * 1024 * 1024,
      allowed_extensions: ['pdf', 'png'],
      template_url: null,
    });
    expect(bank.name).toEqual(DOCUMENT_TYPE_TEXTS.bank_statement.name);
    expect(
      resolveDocumentType(documentTypeConfig.parse({ document_type: 'debt_register' }), ['pdf']).max_age_days,
    ).toBe(14);
    const plan = resolveDocumentType(documentTypeConfig.parse({ document_type: 'business_plan' }), ['pdf']);
    expect(plan).toMatchObject({ is_as_of_date_required: false, max_age_days: null });
  });

  it("the partner's settings win; file types stay within the partner's list, in the map's order", () => {
    const config = documentTypeConfig.parse({
      document_type: 'bank_statement',
      is_required: true,
      max_age_days: null,
      is_as_of_date_required: false,
      allowed_extensions: ['png', 'pdf', 'xlsx'],
      max_size_bytes: 1024,
      name: { en: 'Account statements' },
      template_url: 'https://bank.example/template.pdf',
    });
    const resolved = resolveDocumentType(config, ['pdf', 'png', 'jpg']);
    expect(resolved).toMatchObject({
      is_required: true,
      max_age_days: null,
      is_as_of_date_required: false,
      allowed_extensions: ['pdf', 'png'],
      max_size_bytes: 1024,
      template_url: 'https://bank.example/template.pdf',
    });
    expect(resolved.name.en).toBe('Account statements');
    expect(resolved.name.de).toBe(DOCUMENT_TYPE_TEXTS.bank_statement.name.de);
  });

  it('refuses unknown types, unknown extensions, sizes above the maximum and non-http templates', () => {
    for (const bad of [
      { document_type: 'passport' },
      { document_type: 'other', allowed_extensions: ['exe'] },
      { document_type: 'other', max_size_bytes: 101 * 1024 * 1024 },
      { document_type: 'other', template_url: 'javascript:alert(1)' },
      { document_type: 'other', colour: 'red' },
    ]) {
      expect(documentTypeConfig.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('categories keep their order, types sorted by weight', () => {
    const [category] = resolveDocumentCategories(
      [
        {
          name: 'financials',
          document_types: [
            documentTypeConfig.parse({ document_type: 'bank_statement', weight: 3 }),
            documentTypeConfig.parse({ document_type: 'annual_statement_2024', weight: 1 }),
            documentTypeConfig.parse({ document_type: 'bwa_susa', weight: 2 }),
          ],
        },
      ],
      ['pdf'],
    );
    expect(category!.document_types.map((t) => t.document_type)).toEqual([
      'annual_statement_2024',
      'bwa_susa',
      'bank_statement',
    ]);
  });
});
