import type { SigningRecord } from '@finportal/contracts/signatures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { errorBody, type MockRoute } from '../../../test/api-mock';
import { buildCase, buildDocument } from '../../../test/factories';
import { CASE_PATH, openCase } from './backoffice-test-setup';
import { shortHash } from './signing-records-section';

const RECORDS = `GET ${CASE_PATH}/signing_records`;

const loanContract = buildDocument({
  document_id: 'doc-loan',
  document_name: 'Loan-contract-K7M2QX.pdf',
  document_type: 'loan_contract',
});
const loanSigned = buildDocument({
  document_id: 'doc-loan-signed',
  document_name: 'Loan-contract-K7M2QX-signed.pdf',
  document_type: 'loan_contract',
});
const guarantee = buildDocument({
  document_id: 'doc-guarantee',
  document_name: 'Guarantee-K7M2QX.pdf',
  document_type: 'guarantor_contract',
});

const BEFORE = 'a3f1c9d2e4b5a6978877665544332211ffeeddccbbaa00998877665544331c0d';
const AFTER = '0b7e5f4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0918273645aa55cc77';

function buildRecord(overrides: Partial<SigningRecord> = {}): SigningRecord {
  return {
    id: 'rec-1',
    signatory_id: 'sig-1',
    signer_name: 'Anna Berger',
    document_id: 'doc-loan',
    document_type: 'loan_contract',
    signed_document_id: 'doc-loan-signed',
    provider: 'idnow',
    method: 'online',
    signed_at: '2026-03-02T10:15:00.000Z',
    ip: '203.0.113.7',
    sha256_before: BEFORE,
    sha256_after: AFTER,
    ...overrides,
  };
}

const online = buildRecord();
const offline = buildRecord({
  id: 'rec-2',
  signatory_id: 'sig-2',
  signer_name: 'Jonas Keller',
  document_id: 'doc-guarantee',
  document_type: 'guarantor_contract',
  signed_document_id: null,
  provider: 'offline',
  method: 'offline',
  signed_at: '2026-03-05T08:30:00.000Z',
  ip: null,
  sha256_before: 'ffff0000eeee1111dddd2222cccc3333bbbb4444aaaa55559999666688887777',
  sha256_after: null,
});

async function openDocuments(records: MockRoute) {
  return openCase(buildCase({ status: 'Signature', documents: [loanContract, loanSigned, guarantee] }), {
    tab: 'documents',
    api: { [RECORDS]: records },
  });
}

const table = () => screen.findByRole('table', { name: /signing records?, newest first/ });
const rowOf = (tableEl: HTMLElement, text: string) =>
  within(tableEl)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(text)) as HTMLElement;

describe('signing records of a case', () => {
  it('lists who signed which document, when, how and from where, newest first, with both hashes', async () => {
    const { api } = await openDocuments({ body: { records: [online, offline] } });
    const records = await table();
    expect(records).toHaveTextContent('2 signing records, newest first');
    const rows = within(records).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Jonas Keller',
      'Anna Berger',
    ]);

    const anna = rowOf(records, 'Anna Berger');
    expect(anna).toHaveTextContent('Loan contract: Loan-contract-K7M2QX.pdf');
    expect(anna).toHaveTextContent('Signed copy: Loan-contract-K7M2QX-signed.pdf');
    expect(anna).toHaveTextContent('IDnow');
    expect(anna).toHaveTextContent('Online (electronic signature)');
    expect(anna).toHaveTextContent('203.0.113.7');
    const when = within(anna).getByText(/Mar 2, 2026/);
    expect(when.tagName).toBe('TIME');
    expect(when).toHaveAttribute('datetime', '2026-03-02T10:15:00.000Z');
    // The hashes are shortened on screen, whole in the title.
    const before = within(anna).getByText(shortHash(BEFORE));
    expect(shortHash(BEFORE)).toBe('a3f1c9d2…44331c0d');
    expect(before).toHaveAttribute('title', BEFORE);
    expect(anna).not.toHaveTextContent(BEFORE);
    expect(within(anna).getByText(shortHash(AFTER))).toHaveAttribute('title', AFTER);

    const jonas = rowOf(records, 'Jonas Keller');
    expect(jonas).toHaveTextContent('Guarantee agreement: Guarantee-K7M2QX.pdf');
    expect(jonas).toHaveTextContent('Paper and upload');
    expect(jonas).toHaveTextContent('Offline (signed on paper, uploaded)');
    expect(jonas).toHaveTextContent('Not recorded');
    expect(jonas).toHaveTextContent('No signed file');
    expect(within(jonas).getAllByRole('button', { name: /^Copy/ })).toHaveLength(1);
    expect(api.callsTo(RECORDS)).toHaveLength(1);
  });

  it('copies the whole SHA-256 with one click, and says when it cannot', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    await openDocuments({ body: { records: [online] } });
    const records = await table();
    // userEvent brings its own clipboard: replace it after setup.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(
      within(records).getByRole('button', {
        name: 'Copy SHA-256 after signing: Loan contract: Loan-contract-K7M2QX.pdf, Anna Berger',
      }),
    );
    expect(writeText).toHaveBeenCalledWith(AFTER);
    expect(await screen.findByText('The SHA-256 has been copied.', {})).toBeInTheDocument();

    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(within(records).getByRole('button', { name: /^Copy SHA-256 before signing: Loan contract/ }));
    expect(writeText).toHaveBeenLastCalledWith(BEFORE);
    expect(
      await screen.findByText('The SHA-256 could not be copied. Select it in the table instead.', {}),
    ).toBeInTheDocument();
  });

  it('says when nothing has been signed yet', async () => {
    await openDocuments({ body: { records: [] } });
    expect(await screen.findByText('No document has been signed yet.', {})).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /signing record/ })).not.toBeInTheDocument();
  });

  it('shows a failed load with a retry that loads them', async () => {
    const user = userEvent.setup();
    let reply: { status?: number; body: unknown } = { status: 500, body: errorBody('err_internal') };
    const { api } = await openDocuments(() => reply);
    const alert = await screen.findByRole('alert', {});
    expect(alert).toHaveTextContent('The signing records could not be loaded');
    reply = { body: { records: [online] } };
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await table()).toHaveTextContent('1 signing record, newest first');
    await waitFor(() => expect(api.callsTo(RECORDS).length).toBeGreaterThanOrEqual(2));
  });

  it('writes the dates in the interface language', async () => {
    await i18n.changeLanguage('de');
    await openDocuments({ body: { records: [online] } });
    const records = await screen.findByRole('table', { name: /Signatureintrag, neuester zuerst/ });
    const anna = rowOf(records, 'Anna Berger');
    expect(within(anna).getByText(/02\.03\.2026/)).toHaveAttribute('datetime', '2026-03-02T10:15:00.000Z');
    expect(anna).toHaveTextContent('Online (elektronische Signatur)');
    expect(within(anna).getByRole('button', { name: /^Kopieren: SHA-256 vor der Unterschrift/ })).toBeInTheDocument();
  });
});
