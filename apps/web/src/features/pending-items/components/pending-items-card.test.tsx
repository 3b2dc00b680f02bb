import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { i18n } from '../../../lib/i18n';
import { buildApplication, buildDataRequest, buildNextStatus, buildPendingAction } from '../../../test/factories';
import { findLoadedOverview, openOverview } from '../../../test/open-overview';
import { renderComponent } from '../../../test/render-component';
import { PendingItemsCard } from './pending-items-card';

/** Toasts, modals and lazy chunks can take longer than a second on a busy machine. */
const card = () => screen.getByRole('region', { name: 'Open items' });
const item = (title: string) => within(card()).getByText(title, { selector: 'li > p' }).closest('li') as HTMLElement;

async function openWithPending(
  pending: ReturnType<typeof buildPendingAction>[],
  options: Parameters<typeof openOverview>[0] = {},
) {
  const rendered = await openOverview({ nextStatus: { pending_actions: pending }, ...options });
  await findLoadedOverview();
  await screen.findByRole('region', { name: 'Open items' });
  return rendered;
}

describe('pending items card', () => {
  it('links each item to where it is fixed: another tab or an overview modal', async () => {
    await openWithPending([
      buildPendingAction({ action: 'bank_information', step: 'bank_information' }),
      buildPendingAction({
        action: 'company_tin',
        step: 'company_tin',
        errors: [{ code: 'err_company_tax_id_missing', values: [] }],
      }),
      buildPendingAction({
        action: 'signatories_specified',
        step: 'representatives',
        errors: [{ code: 'err_no_signatories', values: [] }],
      }),
      buildPendingAction({
        action: 'required_documents',
        step: 'documents',
        errors: [{ code: 'err_required_documents_missing', values: ['bank_statement', 'debt_register'] }],
      }),
      buildPendingAction({
        action: 'factoring_details',
        step: 'factoring',
        errors: [{ code: 'err_factoring_details_missing', values: ['company_portfolio'] }],
      }),
    ]);
    const base = '/dashboard/applications/app-1';
    expect(within(item('Enter your bank details')).getByRole('link', { name: 'Enter bank details' })).toHaveAttribute(
      'href',
      `${base}?tab=overview&modal=bankinfo`,
    );
    expect(
      within(item('Enter the company tax number')).getByRole('link', { name: 'Enter tax number' }),
    ).toHaveAttribute('href', `${base}?tab=overview&modal=tax_id`);
    expect(within(item('Add representatives')).getByRole('link', { name: 'Go to representatives' })).toHaveAttribute(
      'href',
      `${base}?tab=representatives`,
    );
    expect(
      within(item('Upload the required documents')).getByRole('link', { name: 'Go to documents' }),
    ).toHaveAttribute('href', `${base}?tab=documents`);
    expect(
      within(item('Complete the factoring details')).getByRole('link', { name: 'Go to factoring' }),
    ).toHaveAttribute('href', `${base}?tab=factoring`);
    expect(
      within(card()).getByText('5 items still need to be completed before you can submit your application.'),
    ).toBeInTheDocument();
  });

  it('translates the errors, with document labels and the number of representatives concerned', async () => {
    await openWithPending([
      buildPendingAction({
        action: 'required_documents',
        step: 'documents',
        errors: [
          { code: 'err_required_documents_missing', values: ['bank_statement', 'annual_statement_2024'] },
          { code: 'err_documents_outdated', values: ['bwa_susa'] },
        ],
      }),
      buildPendingAction({
        action: 'signatories_minimum_data',
        step: 'representative_data',
        errors: [{ code: 'err_signatory_data_missing', values: ['s-1', 's-2'] }],
      }),
      buildPendingAction({
        action: 'bank_information',
        step: 'bank_information',
        errors: [{ code: 'err_some_future_code', values: [] }],
      }),
    ]);
    expect(
      within(item('Upload the required documents')).getByText(
        'Required documents are missing. Missing: Bank statement and Annual financial statement 2024.',
      ),
    ).toBeInTheDocument();
    expect(
      within(item('Upload the required documents')).getByText(
        'Some documents are out of date. Please upload a current version of: BWA with SuSa.',
      ),
    ).toBeInTheDocument();
    expect(
      within(item('Complete the details of the representatives')).getByText(
        'Some details of the representatives are missing. This concerns 2 representatives.',
      ),
    ).toBeInTheDocument();
    // An unknown code shows the code itself.
    expect(within(item('Enter your bank details')).getByText('err_some_future_code')).toBeInTheDocument();
  });

  it('lists the signature items of an application at the Signature status', async () => {
    await openWithPending(
      [
        buildPendingAction({
          action: 'identification_completed',
          step: 'signature',
          errors: [{ code: 'err_identification_not_done', values: ['s-1'] }],
          next_status: 'Final_Review',
        }),
      ],
      {
        application: {
          status: 'Signature',
          // The person who signs: the item leads to their Signatures tab.
          current_signatory: { signatory_id: 's-1', invite_status: 'accepted', has_requirements: true },
        },
      },
    );
    expect(within(card()).getByText('1 item is still open.')).toBeInTheDocument();
    const entry = item('Complete the identification');
    expect(
      within(entry).getByText(
        'The identification of a representative is not completed yet. This concerns 1 representative.',
      ),
    ).toBeInTheDocument();
    expect(within(entry).getByRole('link', { name: 'Go to signatures' })).toHaveAttribute(
      'href',
      '/dashboard/applications/app-1?tab=signatures',
    );
    expect(within(card()).queryByText('All representatives added?')).not.toBeInTheDocument();
  });

  it('leads the applicant who does not sign to the representatives for the signature items', async () => {
    await openWithPending(
      [
        buildPendingAction({
          action: 'identification_completed',
          step: 'signature',
          errors: [{ code: 'err_identification_not_done', values: ['s-1'] }],
          next_status: 'Final_Review',
        }),
      ],
      { application: { status: 'Signature', current_signatory: null } },
    );
    expect(
      within(item('Complete the identification')).getByRole('link', { name: 'Go to representatives' }),
    ).toHaveAttribute('href', '/dashboard/applications/app-1?tab=representatives');
  });

  it('lists what the back office asked for, also in review: documents by name, questions by number', async () => {
    const { user, location } = await openWithPending(
      [
        buildPendingAction({
          action: 'requested_documents',
          step: 'documents',
          errors: [{ code: 'err_document_requested', values: ['bank_statement', 'annual_statement_2024'] }],
          next_status: null,
        }),
        buildPendingAction({
          action: 'requested_information',
          step: 'requests',
          errors: [{ code: 'err_information_requested', values: ['req-1', 'req-2'] }],
          next_status: null,
        }),
      ],
      {
        application: { status: 'Submitted' },
        api: {
          'GET /user/applications/:id/requests': {
            body: {
              requests: [buildDataRequest({ id: 'req-1' }), buildDataRequest({ id: 'req-2' })],
              can_answer: true,
            },
          },
        },
      },
    );
    expect(within(card()).getByText('2 items are still open.')).toBeInTheDocument();
    const documents = item('Upload the documents your advisor asked for');
    expect(
      within(documents).getByText('Your advisor has asked for: Bank statement and Annual financial statement 2024.'),
    ).toBeInTheDocument();
    expect(within(documents).getByRole('link', { name: 'Go to documents' })).toHaveAttribute(
      'href',
      '/dashboard/applications/app-1?tab=documents',
    );
    const questions = item("Answer your advisor's questions");
    expect(within(questions).getByText('2 questions are waiting for your answer.')).toBeInTheDocument();
    const link = within(questions).getByRole('link', { name: 'Go to the questions' });
    expect(link).toHaveAttribute('href', '/dashboard/applications/app-1?tab=overview#advisor-questions');

    // The link takes the keyboard to the questions on the same page.
    await user.click(link);
    expect(location.current?.hash).toBe('#advisor-questions');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Questions from your advisor' })).toHaveFocus());
  });

  it('translates the requests in every language (German, French, Polish plural forms)', async () => {
    const pending = (count: number) => [
      buildPendingAction({
        action: 'requested_information',
        step: 'requests',
        errors: [{ code: 'err_information_requested', values: Array.from({ length: count }, (_, i) => `req-${i}`) }],
      }),
    ];
    const cases: Array<[string, number, string, string]> = [
      ['de', 1, 'Fragen Ihres Ansprechpartners beantworten', '1 Frage wartet auf Ihre Antwort.'],
      ['fr', 2, 'Répondre aux questions de votre conseiller', '2 questions attendent votre réponse.'],
      ['pl', 3, 'Odpowiedź na pytania doradcy', '3 pytania czekają na odpowiedź.'],
      ['pl', 5, 'Odpowiedź na pytania doradcy', '5 pytań czeka na odpowiedź.'],
    ];
    for (const [language, count, title, text] of cases) {
      await act(() => i18n.changeLanguage(language));
      const rendered = await renderComponent(<PendingItemsCard application={buildApplication()} />, {
        api: {
          'GET /user/applications/:id/next_status_validate': {
            body: buildNextStatus({ pending_actions: pending(count) }),
          },
        },
      });
      const entry = (await screen.findByText(title, { selector: 'li > p' })).closest('li') as HTMLElement;
      expect(within(entry).getByText(text)).toBeInTheDocument();
      rendered.unmount();
    }
  });

  it('hides the minimum-data check while the signatories-specified check is pending', async () => {
    await openWithPending([
      buildPendingAction({ action: 'signatories_specified', step: 'representatives', errors: [] }),
      buildPendingAction({ action: 'signatories_minimum_data', step: 'representative_data', errors: [] }),
    ]);
    expect(item('Add representatives')).toBeInTheDocument();
    expect(within(card()).queryByText('Complete the details of the representatives')).not.toBeInTheDocument();
  });

  it('offers to resend the confirmation e-mail and links to the settings for e-mail verification', async () => {
    const { user, api } = await openWithPending(
      [
        buildPendingAction({
          action: 'email_verification',
          step: 'email_verification',
          errors: [{ code: 'err_email_not_confirmed', values: [] }],
        }),
      ],
      { api: { 'POST /user/account/resend_conf_email': { body: { ok: true } } } },
    );
    const entry = item('Confirm your e-mail address');
    expect(within(entry).getByRole('link', { name: 'Go to settings' })).toHaveAttribute('href', '/dashboard/settings');
    await user.click(within(entry).getByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(await screen.findByText('We have sent you a new verification e-mail.', {})).toBeInTheDocument();
    expect(api.callsTo('POST /user/account/resend_conf_email')).toHaveLength(1);
  });

  it('shows a failed resend as a toast', async () => {
    const { user } = await openWithPending(
      [buildPendingAction({ action: 'email_verification', step: 'email_verification', errors: [] })],
      { api: { 'POST /user/account/resend_conf_email': { status: 500, body: errorBody('err_internal') } } },
    );
    await user.click(within(card()).getByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(await screen.findByText('Something went wrong. Please try again.', {})).toBeInTheDocument();
  });

  it('opens the tax number modal from its link', async () => {
    const { user, location } = await openWithPending([
      buildPendingAction({ action: 'company_tin', step: 'company_tin', errors: [] }),
    ]);
    await user.click(within(card()).getByRole('link', { name: 'Enter tax number' }));
    expect(await screen.findByRole('dialog', { name: 'Company tax number' })).toBeInTheDocument();
    expect(location.current?.search).toBe('?tab=overview&modal=tax_id');
  });

  it('says that everything is complete when nothing is pending', async () => {
    await openWithPending([]);
    expect(
      within(card()).getByText('Everything is complete. You can now submit your application.'),
    ).toBeInTheDocument();
  });

  it('shows the add-representatives prompt only while the application is open', async () => {
    const first = await openWithPending([]);
    expect(within(card()).getByText('All representatives added?')).toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: 'Go to representatives' })).toHaveAttribute(
      'href',
      '/dashboard/applications/app-1?tab=representatives',
    );
    first.unmount();

    await openWithPending([], { application: { status: 'Submitted' } });
    await waitFor(() => expect(within(card()).getByText('There is nothing for you to do at the moment.')));
    expect(within(card()).queryByText('All representatives added?')).not.toBeInTheDocument();
  });

  it('leaves the prompt out while a pending item already asks for representatives', async () => {
    await openWithPending([buildPendingAction({ action: 'signatories_specified', step: 'representatives' })]);
    expect(within(card()).queryByText('All representatives added?')).not.toBeInTheDocument();
  });
});
