import {
  answerDataRequestRequest,
  type AnswerDataRequestRequest,
  type DataRequest,
} from '@finportal/contracts/data-requests';
import { zodFieldIssues, type FieldIssue } from '../../../lib/use-rule-form';

/**
 * The overview's questions of the back office (issue 13): the information requests, open ones to
 * answer and closed ones (answered or withdrawn) as history; the answer judged by the contract's
 * schema, as the API judges it.
 */

/** The longest answer (the contract's limit; the field says so instead of cutting text off). */
export const ANSWER_MAX_LENGTH = answerDataRequestRequest.shape.answer.maxLength ?? 2000;

export type AnswerField = 'answer';

export const answerWire = (values: AnswerDataRequestRequest): AnswerDataRequestRequest => values;

/** The answer's issues: required (spaces alone do not count), at most ANSWER_MAX_LENGTH characters. */
export const answerIssues = (wire: AnswerDataRequestRequest): FieldIssue<AnswerField>[] =>
  zodFieldIssues<AnswerField>(answerDataRequestRequest, wire);

const byCreation = (a: DataRequest, b: DataRequest) => a.created_at.localeCompare(b.created_at);

/**
 * The information requests: those with a form (the open ones, and those closed meanwhile whose
 * answer still holds text, `kept`), oldest question first, and the history of the others (the
 * server's order: newest first).
 */
export function informationRequests(
  requests: readonly DataRequest[],
  kept: (request: DataRequest) => boolean = () => false,
): { forms: DataRequest[]; history: DataRequest[]; open: number } {
  const information = requests.filter((r) => r.kind === 'information');
  const forms = information.filter((r) => r.status === 'open' || kept(r)).sort(byCreation);
  return {
    forms,
    history: information.filter((r) => !forms.includes(r)),
    open: forms.filter((r) => r.status === 'open').length,
  };
}
