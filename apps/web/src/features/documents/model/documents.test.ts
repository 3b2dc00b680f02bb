import { resolveDocumentType, documentTypeConfig } from '@finportal/contracts/documents';
import { UPLOAD_EXTENSIONS } from '@finportal/contracts/document-rules';
import { describe, expect, it } from 'vitest';
import { buildDataRequest, buildDocument } from '../../../test/factories';
import {
  acceptOf,
  awaitedFile,
  countsForType,
  documentsByType,
  fileIssues,
  fileState,
  formatSize,
  isAvailable,
  openDocumentRequests,
} from './documents';

const NOW = new Date('2026-06-15T10:00:00Z');
const bank = resolveDocumentType(documentTypeConfig.parse({ document_type: 'bank_statement' }), ['pdf', 'jpg']);
const pdfBytes = '%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n';
const file = (name: string, content: string | Uint8Array, type = 'application/pdf') =>
  new File([typeof content === 'string' ? content : (content.slice().buffer as ArrayBuffer)], name, { type });
const codes = async (f: File, date: string | null) => (await fileIssues(f, bank, date, NOW)).map((i) => i.code);

describe('a picked file, judged before anything is sent', () => {
  it('passes a real PDF of the type, dated within the limit', async () => {
    expect(await codes(file('statement.pdf', pdfBytes), '2026-06-01')).toEqual([]);
  });

  it('refuses a type the document does not take, a missing or too old date, an empty file', async () => {
    expect(await codes(file('statement.docx', pdfBytes), '2026-06-01')).toEqual(['err_invalid_upload_type']);
    expect(await codes(file('statement.pdf', pdfBytes), null)).toEqual(['err_as_of_date_required']);
    expect(await codes(file('statement.pdf', pdfBytes), '2026-03-01')).toEqual(['err_document_too_old']);
    expect(await codes(file('statement.pdf', ''), '2026-06-01')).toEqual(['err_file_empty']);
  });

  it('refuses a file whose content is not what its name says (an executable named .pdf)', async () => {
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new TextEncoder().encode(pdfBytes)]);
    expect(await codes(file('statement.pdf', elf), '2026-06-01')).toEqual(['err_file_content_mismatch']);
    expect(await codes(file('photo.jpg', pdfBytes, 'image/jpeg'), '2026-06-01')).toEqual(['err_file_content_mismatch']);
  });
});

describe('files as listed', () => {
  it('show their upload, then their virus check; only clean (or unscanned) files open', () => {
    const state = (upload_status: 'pending' | 'success' | 'failed', virus_scan_status: string) =>
      fileState({ upload_status, virus_scan_status: virus_scan_status as never });
    expect(state('pending', 'not_scanned')).toBe('uploading');
    expect(state('failed', 'not_scanned')).toBe('failed');
    expect(state('success', 'scanning')).toBe('scanning');
    expect(state('success', 'not_infected')).toBe('clean');
    expect(state('success', 'infected')).toBe('infected');
    expect(state('success', 'scan_failed')).toBe('scan_failed');
    expect(state('success', 'not_scanned')).toBe('not_scanned');
    // Whether it opens is the server's one rule (contracts isFileAvailable), sent as is_available.
    expect([true, false].map((is_available) => isAvailable(buildDocument({ is_available })))).toEqual([true, false]);
  });

  it('count for their type as the pending items count them: a rejected file no longer does', () => {
    expect(countsForType(buildDocument())).toBe(true);
    // One being checked counts once it is clean, as the server's pending items count it.
    expect(countsForType(buildDocument({ virus_scan_status: 'scanning' }))).toBe(false);
    expect(countsForType(buildDocument({ rejected_at: '2026-06-03T08:00:00.000Z' }))).toBe(false);
    expect(countsForType(buildDocument({ virus_scan_status: 'infected' }))).toBe(false);
    expect(countsForType(buildDocument({ upload_status: 'failed' }))).toBe(false);
  });

  it('are awaited by the back office: a replacement of a rejected file, or a file it asked for', () => {
    const rejected = buildDocument({ rejected_at: '2026-06-03T08:00:00.000Z', rejection_reason: 'Incomplete.' });
    const asked = buildDataRequest({ kind: 'document', document_type: 'annual_statement_2024' });
    const reopened = { ...asked, id: 'req-r', rejected_document_id: 'doc-1' };
    const requests = [
      asked,
      buildDataRequest({ id: 'req-2', kind: 'document', document_type: 'bank_statement', status: 'fulfilled' }),
      buildDataRequest({ id: 'req-3' }),
    ];
    expect(openDocumentRequests(requests, 'annual_statement_2024')).toEqual([asked]);
    expect(openDocumentRequests(requests, 'bank_statement')).toEqual([]);
    expect(awaitedFile([], [asked])).toBe('requested');
    expect(awaitedFile([buildDocument()], [asked])).toBe('requested');
    expect(awaitedFile([rejected], [reopened])).toBe('replacement');
    expect(awaitedFile([rejected, buildDocument({ document_id: 'doc-2' })], [])).toBeNull();
    expect(awaitedFile([buildDocument()], [])).toBeNull();
    // The requests unknown (not loaded): the files decide.
    expect(awaitedFile([rejected], [])).toBe('replacement');
  });

  it('are grouped by type, newest first kept', () => {
    const doc = (id: string, type: string) => ({ document_id: id, document_type: type }) as never;
    const grouped = documentsByType([doc('a', 'x'), doc('b', 'y'), doc('c', 'x')]);
    expect([...grouped.entries()].map(([k, v]) => [k, v.map((d: { document_id: string }) => d.document_id)])).toEqual([
      ['x', ['a', 'c']],
      ['y', ['b']],
    ]);
  });

  it('sizes read in the language; the dropzone accepts the type’s extensions', () => {
    expect(formatSize(812 * 1024, 'en')).toBe('812 kB');
    expect(formatSize(4.25 * 1024 * 1024, 'de')).toBe('4,3 MB');
    expect(acceptOf(['pdf', 'jpg'], UPLOAD_EXTENSIONS)).toEqual({
      'application/pdf': ['.pdf'],
      'image/jpeg': ['.jpg', '.jpeg'],
    });
  });
});
