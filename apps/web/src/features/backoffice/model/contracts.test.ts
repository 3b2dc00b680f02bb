import { CONTRACT_MAX_BYTES } from '@finportal/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../../test/factories';
import { contractFileIssue, contractFileName, latestDocument, looksLikePdf } from './contracts';

describe('contract uploads and the stages of the signing work', () => {
  it('take a PDF up to 15 MB, by type, or by name where the browser knows no type', () => {
    expect(contractFileIssue({ name: 'Vertrag.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(contractFileIssue({ name: 'Vertrag', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(contractFileIssue({ name: 'Vertrag.PDF', type: '', size: 1000 })).toBeNull();
    expect(contractFileIssue({ name: 'Vertrag.docx', type: '', size: 1000 })).toBe('not_pdf');
    expect(contractFileIssue({ name: 'Vertrag.pdf', type: 'image/png', size: 1000 })).toBe('not_pdf');
    expect(contractFileIssue({ name: 'Vertrag.pdf', type: 'application/pdf', size: 0 })).toBe('empty');
    expect(contractFileIssue({ name: 'a.pdf', type: 'application/pdf', size: CONTRACT_MAX_BYTES })).toBeNull();
    expect(contractFileIssue({ name: 'a.pdf', type: 'application/pdf', size: CONTRACT_MAX_BYTES + 1 })).toBe(
      'too_large',
    );
  });

  it('read the start of the file: a PDF begins with %PDF-', async () => {
    expect(await looksLikePdf(new Blob(['%PDF-1.7 …']))).toBe(true);
    expect(await looksLikePdf(new Blob(['PK\u0003\u0004']))).toBe(false);
  });

  it('name the upload as the API takes it: ending in .pdf, at most 200 characters', () => {
    expect(contractFileName(' Vertrag.PDF ')).toBe('Vertrag.pdf');
    expect(contractFileName('Vertrag')).toBe('Vertrag.pdf');
    expect(contractFileName('.pdf')).toBe('contract.pdf');
    expect(contractFileName(`${'x'.repeat(300)}.pdf`)).toHaveLength(200);
  });

  it('find the newest document of a type', () => {
    const older = buildDocument({ document_id: 'a', document_type: 'loan_contract' });
    const newer = buildDocument({ document_id: 'b', document_type: 'loan_contract' });
    expect(latestDocument([buildDocument(), newer, older], 'loan_contract')).toBe(newer);
    expect(latestDocument([buildDocument()], 'guarantor_contract')).toBeNull();
  });
});
