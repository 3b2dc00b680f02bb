import { describe, expect, it } from 'vitest';
import { buildDataRequest } from '../../../test/factories';
import { ANSWER_MAX_LENGTH, answerIssues, informationRequests } from './data-requests';

describe('the questions of the back office', () => {
  const older = buildDataRequest({ id: 'q-old', created_at: '2026-06-01T09:00:00.000Z' });
  const newer = buildDataRequest({ id: 'q-new', created_at: '2026-06-02T09:00:00.000Z' });
  const answered = buildDataRequest({ id: 'q-done', status: 'fulfilled', answer: 'Yes.' });
  const withdrawn = buildDataRequest({ id: 'q-gone', status: 'cancelled', created_at: '2026-05-30T09:00:00.000Z' });
  const document = buildDataRequest({ id: 'd-1', kind: 'document', document_type: 'bank_statement' });

  it('are the information requests: open ones to answer (oldest first), the others as history', () => {
    const { forms, history, open } = informationRequests([newer, older, document, answered, withdrawn]);
    expect(forms.map((r) => r.id)).toEqual(['q-old', 'q-new']);
    expect(history.map((r) => r.id)).toEqual(['q-done', 'q-gone']);
    expect(open).toBe(2);
  });

  it('keep a question closed meanwhile in its place while its answer holds text', () => {
    const { forms, history, open } = informationRequests([newer, withdrawn], (r) => r.id === 'q-gone');
    expect(forms.map((r) => r.id)).toEqual(['q-gone', 'q-new']);
    expect(history).toEqual([]);
    expect(open).toBe(1);
  });

  it('judge the answer by the contract: required (not spaces alone), at most 2,000 characters', () => {
    expect(ANSWER_MAX_LENGTH).toBe(2000);
    expect(answerIssues({ answer: 'Sparkasse, since 2015.' })).toEqual([]);
    expect(answerIssues({ answer: '  ' })).toEqual([{ field: 'answer', code: 'err_required', values: { min: 1 } }]);
    expect(answerIssues({ answer: 'x'.repeat(2001) })).toEqual([
      { field: 'answer', code: 'err_too_long', values: { max: 2000 } },
    ]);
  });
});
