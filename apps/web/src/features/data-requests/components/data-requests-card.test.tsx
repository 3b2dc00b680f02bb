import type { DataRequest } from '@finportal/contracts/data-requests';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, type MockRoute } from '../../../test/api-mock';
import { buildApplication, buildDataRequest, buildNextStatus, buildPendingAction } from '../../../test/factories';
import { renderComponent } from '../../../test/render-component';
import { DataRequestsCard } from './data-requests-card';

const ID = 'app-1';
const LIST = `GET /user/applications/${ID}/requests`;
const ANSWER = `POST /user/applications/${ID}/requests/:requestId/answer`;
const NEXT = `GET /user/applications/${ID}/next_status_validate`;
const QUESTION = 'Which bank holds your current account, and since when?';
const question = buildDataRequest({ id: 'req-1', message: QUESTION });
const answered = buildDataRequest({
  id: 'req-0',
  message: 'Who is your tax advisor?',
  status: 'fulfilled',
  answer: 'Steuerkanzlei Berg, Munich.',
  created_at: '2026-05-20T09:00:00.000Z',
  closed_at: '2026-05-21T16:30:00.000Z',
});
const withdrawn = buildDataRequest({
  id: 'req-w',
  message: 'Please describe your largest customer.',
  status: 'cancelled',
  created_at: '2026-05-18T09:00:00.000Z',
  closed_at: '2026-05-19T09:00:00.000Z',
});
const documentRequest = buildDataRequest({ id: 'req-d', kind: 'document', document_type: 'bank_statement' });

const pendingInformation = buildNextStatus({
  pending_actions: [
    buildPendingAction({
      action: 'requested_information',
      step: 'requests',
      errors: [{ code: 'err_information_requested', values: ['req-1'] }],
    }),
  ],
});

/** GET .../requests answering each list in turn (the last one from then on). */
function lists(...answers: DataRequest[][]): MockRoute {
  let call = 0;
  return () => ({ body: { requests: answers[Math.min(call++, answers.length - 1)], can_answer: true } });
}

async function renderCard(api: Record<string, MockRoute>, application = buildApplication({ applicationId: ID })) {
  const user = userEvent.setup();
  const rendered = await renderComponent(<DataRequestsCard application={application} />, {
    api: { [NEXT]: { body: pendingInformation }, ...api },
  });
  return { user, ...rendered };
}

const card = () => screen.findByRole('region', { name: 'Questions from your advisor' });
const answerField = (within_: HTMLElement) => within(within_).getByRole('textbox', { name: 'Your answer' });

describe('the questions of the back office on the overview', () => {
  it('shows each open question with its answer form, the closed ones collapsed as history', async () => {
    const { user } = await renderCard({
      [LIST]: { body: { requests: [question, documentRequest, answered, withdrawn], can_answer: true } },
    });
    const region = await card();
    expect(
      await within(region).findByText(
        'Your advisor has a question about your application. Please answer it here; your answer goes straight to your advisor.',
      ),
    ).toBeInTheDocument();
    expect(within(region).getByText('Asked on 02.06.2026')).toBeInTheDocument();
    // The question describes its answer field (read out with it); the field is required.
    const field = answerField(region);
    expect(field).toHaveAccessibleDescription(QUESTION);
    expect(field).toBeRequired();
    expect(within(region).getAllByRole('textbox')).toHaveLength(1);
    expect(within(region).getByText('0 of 2,000 characters')).toBeInTheDocument();

    // Documents are asked for on the Documents tab, not here.
    expect(region).not.toHaveTextContent('bank_statement');
    const history = within(region).getByText('2 earlier questions');
    expect(within(region).getByText('Who is your tax advisor?')).not.toBeVisible();
    await user.click(history);
    expect(within(region).getByText('Who is your tax advisor?')).toBeVisible();
    expect(within(region).getByText('Steuerkanzlei Berg, Munich.')).toBeVisible();
    expect(within(region).getByText('Asked on 20.05.2026, answered on 21.05.2026')).toBeVisible();
    expect(within(region).getByText('Withdrawn')).toBeVisible();
    expect(within(region).getByText('Asked on 18.05.2026, withdrawn on 19.05.2026')).toBeVisible();
  });

  it('sends an answer from the keyboard: success toast, the list and the pending items are read again', async () => {
    const { user, api } = await renderCard({
      [LIST]: lists([question], [{ ...question, status: 'fulfilled', answer: 'Sparkasse, since 2015.' }]),
      [ANSWER]: ({ body }) => ({
        body: { ...question, status: 'fulfilled', answer: (body as { answer: string }).answer },
      }),
    });
    const region = await card();
    const field = await within(region).findByRole('textbox', { name: 'Your answer' });
    await user.click(field);
    await user.keyboard('Sparkasse,{Shift>}{Enter}{/Shift}since 2015.');
    expect(within(region).getByText('22 of 2,000 characters')).toBeInTheDocument();
    await user.tab();
    expect(within(region).getByRole('button', { name: 'Send answer' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Thank you. Your answer has been sent to your advisor.', {})).toBeInTheDocument();
    expect(api.callsTo(ANSWER)).toHaveLength(1);
    expect(api.callsTo(ANSWER)[0]!.path).toBe(`/user/applications/${ID}/requests/req-1/answer`);
    expect(api.callsTo(ANSWER)[0]!.body).toEqual({ answer: 'Sparkasse,\nsince 2015.' });
    await waitFor(() => expect(within(region).queryByRole('textbox')).not.toBeInTheDocument());
    expect(within(region).getByText('There are no open questions at the moment.')).toBeInTheDocument();
    expect(within(region).getByText('1 earlier question')).toBeInTheDocument();
    expect(api.callsTo(LIST).length).toBeGreaterThanOrEqual(2);
    expect(api.callsTo(NEXT).length).toBeGreaterThanOrEqual(2);
    // The focus stays in the card, on its heading.
    expect(within(region).getByRole('heading', { name: 'Questions from your advisor' })).toHaveFocus();
  });

  it('shows an accepted signatory the questions without an answer form: the applicant answers (ADR 021)', async () => {
    await renderCard({ [LIST]: { body: { requests: [question], can_answer: false } } });
    const region = await card();
    expect(await within(region).findByText(QUESTION)).toBeInTheDocument();
    expect(within(region).getByTestId('requests-applicant-answers')).toHaveTextContent(
      'The applicant answers these questions',
    );
    expect(within(region).queryByRole('textbox', { name: 'Your answer' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Send answer' })).not.toBeInTheDocument();
  });

  it('refuses an empty answer (spaces alone too) without sending it', async () => {
    const { user, api } = await renderCard({
      [LIST]: { body: { requests: [question], can_answer: true } },
      [ANSWER]: { body: question },
    });
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Send answer' }));
    const field = answerField(region);
    expect(await within(region).findByText('This field is required.')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toBeInvalid();
    await user.type(field, '   ');
    await user.click(within(region).getByRole('button', { name: 'Send answer' }));
    expect(within(region).getByText('This field is required.')).toBeInTheDocument();
    expect(api.callsTo(ANSWER)).toHaveLength(0);
  });

  it('says when an answer is too long, and keeps all of it', async () => {
    const { user, api } = await renderCard({
      [LIST]: { body: { requests: [question], can_answer: true } },
      [ANSWER]: { body: question },
    });
    const region = await card();
    const field = await within(region).findByRole('textbox', { name: 'Your answer' });
    await user.click(field);
    await user.paste('x'.repeat(2001));
    expect(within(region).getByText('At most 2000 characters (2001 entered).')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Send answer' }));
    expect(field).toHaveValue('x'.repeat(2001));
    expect(api.callsTo(ANSWER)).toHaveLength(0);
  });

  it('a question closed meanwhile (409): says so, keeps the text, then lets it be discarded', async () => {
    const { user, api } = await renderCard({
      [LIST]: lists([question], [{ ...question, status: 'cancelled', closed_at: '2026-06-03T09:00:00.000Z' }]),
      [ANSWER]: { status: 409, body: errorBody('err_request_closed') },
    });
    const region = await card();
    const field = await within(region).findByRole('textbox', { name: 'Your answer' });
    await user.type(field, 'Sparkasse, since 2015.');
    await user.click(within(region).getByRole('button', { name: 'Send answer' }));

    const notice = await within(region).findByRole('status', { name: 'This question is no longer open' });
    expect(notice).toHaveTextContent('your text has not been sent');
    expect(answerField(region)).toHaveValue('Sparkasse, since 2015.');
    expect(within(region).queryByRole('button', { name: 'Send answer' })).not.toBeInTheDocument();
    // The send button is gone: the keyboard is taken to the way out.
    expect(within(notice).getByRole('button', { name: 'Discard text' })).toHaveFocus();
    expect(api.callsTo(ANSWER)).toHaveLength(1);
    // Not also in the history while its text is still shown.
    expect(within(region).queryByText('1 earlier question')).not.toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Discard text' }));
    expect(within(region).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(region).getByText('1 earlier question')).toBeInTheDocument();
  });

  it('shows the 409 beside the field while the list is not read again yet', async () => {
    const { user } = await renderCard({
      [LIST]: lists([question], [question]),
      [ANSWER]: { status: 409, body: errorBody('err_request_closed') },
    });
    const region = await card();
    const field = await within(region).findByRole('textbox', { name: 'Your answer' });
    await user.type(field, 'Sparkasse.');
    await user.click(within(region).getByRole('button', { name: 'Send answer' }));
    expect(
      await within(region).findByText('This request has already been answered or withdrawn.', {}),
    ).toBeInTheDocument();
    expect(field).toHaveValue('Sparkasse.');
  });

  it('keeps the answer and toasts when sending fails', async () => {
    const { user } = await renderCard({
      [LIST]: { body: { requests: [question], can_answer: true } },
      [ANSWER]: { status: 500, body: errorBody('err_internal') },
    });
    const region = await card();
    const field = await within(region).findByRole('textbox', { name: 'Your answer' });
    await user.type(field, 'Sparkasse.');
    await user.click(within(region).getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Your answer could not be sent', {})).toBeInTheDocument();
    expect(field).toHaveValue('Sparkasse.');
  });

  it('a failed load says so and offers to try again', async () => {
    const { user } = await renderCard({
      [LIST]: (() => {
        let call = 0;
        return () =>
          call++ === 0
            ? { status: 500, body: errorBody('err_internal') }
            : { body: { requests: [question], can_answer: true } };
      })(),
    });
    const region = await card();
    expect(
      await within(region).findByText('The questions from your advisor could not be loaded.', {}),
    ).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('textbox', { name: 'Your answer' })).toBeInTheDocument();
  });

  it('shows nothing without questions, and nothing for a closed application', async () => {
    const first = await renderCard({
      [NEXT]: { body: buildNextStatus() },
      [LIST]: { body: { requests: [documentRequest], can_answer: true } },
    });
    await waitFor(() => expect(first.api.callsTo(LIST)).toHaveLength(1));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    first.unmount();

    const second = await renderCard(
      { [LIST]: { body: { requests: [question], can_answer: true } } },
      buildApplication({ applicationId: ID, status: 'Rejected' }),
    );
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(second.api.callsTo(LIST)).toHaveLength(0);
  });
});
