import {
  createDataRequestRequest,
  DATA_REQUEST_MESSAGE_MAX,
  rejectDocumentRequest,
} from '@finportal/contracts/data-requests';
import { documentConfigurationsOf, documentTypeConfig } from '@finportal/contracts/documents';
import { describe, expect, it } from 'vitest';
import { buildApplication, buildCase, buildDataRequest } from '../../../test/factories';
import {
  configuredTypeName,
  documentTypeGroups,
  lengthIssue,
  MESSAGE_LIMITS,
  REJECT_REASON_LIMITS,
  sortedRequests,
} from './requests';

const detail = buildCase({
  application: buildApplication({
    document_configurations: documentConfigurationsOf(
      [
        {
          name: 'financials',
          document_types: [
            documentTypeConfig.parse({ document_type: 'bank_statement', weight: 1 }),
            documentTypeConfig.parse({
              document_type: 'bwa',
              weight: 2,
              name: { de: 'BWA aktuell', en: 'BWA, current' },
            }),
          ],
        },
        { name: 'object', document_types: [] },
      ],
      ['pdf'],
      null,
    ),
  }),
});

describe('requests to the customer', () => {
  it('list open ones first, each group newest first', () => {
    const list = sortedRequests([
      buildDataRequest({ id: 'old-closed', status: 'fulfilled', created_at: '2026-01-01T00:00:00Z' }),
      buildDataRequest({ id: 'old-open', created_at: '2026-01-02T00:00:00Z' }),
      buildDataRequest({ id: 'new-closed', status: 'cancelled', created_at: '2026-02-01T00:00:00Z' }),
      buildDataRequest({ id: 'new-open', created_at: '2026-02-02T00:00:00Z' }),
    ]);
    expect(list.map((r) => r.id)).toEqual(['new-open', 'old-open', 'new-closed', 'old-closed']);
  });

  it('offer the application’s document types by category, named in the interface language', () => {
    expect(documentTypeGroups(detail, 'en')).toEqual([
      {
        category: 'financials',
        types: [
          { value: 'bank_statement', label: 'Bank statement' },
          { value: 'bwa', label: 'BWA, current' },
        ],
      },
    ]);
    expect(configuredTypeName(detail, 'bwa', 'de')).toBe('BWA aktuell');
    // A language the partner gave no name in: the type's own name.
    expect(configuredTypeName(detail, 'bwa', 'pl')).toBe('BWA (bieżąca analiza ekonomiczna)');
    expect(configuredTypeName(detail, 'signed_cv', 'en')).toBeNull();
  });

  it('judge the message and the rejection reason as the contracts’ schemas do', () => {
    expect(MESSAGE_LIMITS.max).toBe(DATA_REQUEST_MESSAGE_MAX);
    const samples = [
      '',
      '    ',
      'Hi',
      ' Hi!  ',
      'Fünf.',
      '  12345  ',
      'x'.repeat(999),
      'x'.repeat(1000),
      'x'.repeat(1001),
    ];
    samples.push('y'.repeat(2000), 'y'.repeat(2001), ` ${'z'.repeat(2000)} `);
    for (const text of samples) {
      const message = createDataRequestRequest.safeParse({ kind: 'information', message: text }).success;
      expect(lengthIssue(text, MESSAGE_LIMITS) === undefined, `message ${text.length}`).toBe(message);
      const reason = rejectDocumentRequest.safeParse({ reason: text }).success;
      expect(lengthIssue(text, REJECT_REASON_LIMITS) === undefined, `reason ${text.length}`).toBe(reason);
    }
    expect(lengthIssue('', MESSAGE_LIMITS)).toBe('This field is required.');
    expect(lengthIssue(' Hi ', MESSAGE_LIMITS)).toBe('Please enter at least 5 characters.');
    expect(lengthIssue('x'.repeat(1001), REJECT_REASON_LIMITS)).toBe('Please enter no more than 1000 characters.');
  });
});
