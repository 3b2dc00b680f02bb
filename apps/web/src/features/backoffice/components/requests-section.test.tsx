import { documentConfigurationsOf, documentTypeConfig } from '@finportal/contracts/documents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { buildApplication, buildCase, buildDataRequest, buildStaffProfile } from '../../../test/factories';
import { CASE_ID, CASE_PATH, openCase, sectionOf } from './backoffice-test-setup';

const configurations = documentConfigurationsOf(
  [
    {
      name: 'financials',
      document_types: [
        documentTypeConfig.parse({ document_type: 'bank_statement', weight: 1 }),
        documentTypeConfig.parse({
          document_type: 'bwa',
          weight: 2,
          name: { de: 'BWA des laufenden Jahres', en: 'Current-year BWA' },
        }),
      ],
    },
    { name: 'company', document_types: [documentTypeConfig.parse({ document_type: 'signed_cv', weight: 1 })] },
  ],
  ['pdf'],
  null,
);

const caseWith = (overrides: Parameters<typeof buildCase>[0] = {}) =>
  buildCase({
    application: buildApplication({ applicationId: CASE_ID, document_configurations: configurations }),
    ...overrides,
  });

const answered = buildDataRequest({
  id: 'req-answered',
  status: 'fulfilled',
  answer: 'Sparkasse Köln, since 2015.',
  created_at: '2026-03-01T09:00:00.000Z',
  closed_at: '2026-03-02T10:30:00.000Z',
});
const rejected = buildDataRequest({
  id: 'req-rejected',
  kind: 'document',
  document_type: 'bwa',
  message: 'The BWA is from 2023. Please upload the current one.',
  rejected_document_id: 'doc-7',
  created_at: '2026-03-03T09:00:00.000Z',
});
const withdrawn = buildDataRequest({
  id: 'req-withdrawn',
  kind: 'document',
  document_type: 'signed_cv',
  message: 'Please upload the signed CV of the managing director.',
  status: 'cancelled',
  created_at: '2026-02-20T09:00:00.000Z',
  closed_at: '2026-02-21T09:00:00.000Z',
});

const requestItems = () => within(sectionOf('Requests to the customer')).getAllByRole('listitem');

describe('requests to the customer', () => {
  it('lists the requests, open ones first, with what was asked, the answer and the dates', async () => {
    await openCase(caseWith({ requests: [answered, withdrawn, rejected] }), { tab: 'requests' });
    expect(screen.getByRole('tab', { name: /Requests \(1\)/ })).toHaveAttribute('aria-selected', 'true');
    const section = sectionOf('Requests to the customer');
    expect(section).toHaveTextContent('3 requests, 1 open');
    const [first, second, third] = requestItems();
    // The configured name of the type, in the interface language.
    expect(within(first!).getByRole('heading', { name: 'Current-year BWA' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Open');
    expect(first).toHaveTextContent('Asked for again because a document of this type was rejected.');
    expect(first).toHaveTextContent('Reason for the rejection');
    expect(first).toHaveTextContent('The BWA is from 2023. Please upload the current one.');
    expect(within(first!).getByRole('button', { name: 'Withdraw: Current-year BWA' })).toBeInTheDocument();
    expect(within(second!).getByRole('heading', { name: 'Information' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Answered');
    expect(second).toHaveTextContent('Answer of the customer');
    expect(second).toHaveTextContent('Sparkasse Köln, since 2015.');
    expect(second).toHaveTextContent(/asked on Mar 1, 2026, [0-9:]+ [AP]M · answered on Mar 2, 2026/);
    expect(second).not.toHaveTextContent('Information ·');
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(third!).getByRole('heading', { name: 'Signed CV' })).toBeInTheDocument();
    expect(third).toHaveTextContent('Withdrawn');
    expect(third).toHaveTextContent('withdrawn on Feb 21, 2026');
  });

  it('withdraws an open request after a confirmation, and explains a refusal in the dialog', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { api } = await openCase(caseWith({ requests: [rejected] }), {
      tab: 'requests',
      api: {
        [`DELETE ${CASE_PATH}/requests/:requestId`]: () =>
          refuse
            ? { status: 409, body: errorBody('err_request_closed') }
            : {
                body: {
                  case: caseWith({
                    requests: [{ ...rejected, status: 'cancelled', closed_at: '2026-03-04T09:00:00.000Z' }],
                  }),
                },
              },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Withdraw: Current-year BWA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this request?' });
    expect(dialog).toHaveTextContent('The request “Current-year BWA” is closed');
    expect(api.callsTo(`DELETE ${CASE_PATH}/requests/:requestId`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await within(dialog).findByRole('alert', {})).toHaveTextContent(
      'This request has already been answered or withdrawn.',
    );
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('The request has been withdrawn.', {})).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Current-year BWA' })).toHaveFocus());
    expect(api.callsTo(`DELETE ${CASE_PATH}/requests/:requestId`).at(-1)!.path).toBe(
      `${CASE_PATH}/requests/req-rejected`,
    );
    expect(requestItems()[0]).toHaveTextContent('Withdrawn');
    expect(screen.queryByRole('button', { name: /Withdraw: / })).not.toBeInTheDocument();
  });

  it('asks for a document of one of the application’s types: checked before it is sent, then the form is empty', async () => {
    const user = userEvent.setup();
    const sent = buildDataRequest({ id: 'req-new', kind: 'document', document_type: 'bank_statement' });
    const { api } = await openCase(caseWith(), {
      tab: 'requests',
      api: { [`POST ${CASE_PATH}/requests`]: { body: { case: caseWith({ requests: [sent] }) } } },
    });
    const form = sectionOf('Ask the customer');
    expect(sectionOf('Requests to the customer')).toHaveTextContent('Nothing has been asked of the customer yet.');
    const kind = within(form).getByLabelText('What do you ask for?');
    expect(kind).toHaveValue('document');
    const type = within(form).getByLabelText(/Document type/);
    // The types of the application by category, with their configured names.
    expect(within(type).getByRole('group', { name: 'Financial documents' })).toHaveTextContent(
      'Bank statementCurrent-year BWA',
    );
    expect(within(type).getByRole('group', { name: 'Company' })).toHaveTextContent('Signed CV');
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(within(form).getByText('Please choose the document type.')).toBeInTheDocument();
    expect(within(form).getByText('This field is required.')).toBeInTheDocument();
    expect(type).toHaveFocus();
    await user.selectOptions(type, 'Bank statement');
    await user.type(within(form).getByLabelText(/Message to the customer/), 'Hi');
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(within(form).getByText('Please enter at least 5 characters.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Message to the customer/)).toHaveFocus();
    expect(api.callsTo(`POST ${CASE_PATH}/requests`)).toHaveLength(0);
    await user.type(within(form).getByLabelText(/Message to the customer/), ', please send the last three months.');
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('The request has been sent to the customer.', {})).toBeInTheDocument();
    expect(api.callsTo(`POST ${CASE_PATH}/requests`)[0]!.body).toEqual({
      kind: 'document',
      document_type: 'bank_statement',
      message: 'Hi, please send the last three months.',
    });
    await waitFor(() => expect(within(form).getByLabelText(/Message to the customer/)).toHaveValue(''));
    expect(within(form).getByLabelText(/Document type/)).toHaveValue('');
    expect(requestItems()).toHaveLength(1);
    expect(screen.getByRole('tab', { name: /Requests \(1\)/ })).toBeInTheDocument();
  });

  it('asks for information, and keeps what was typed when the API refuses (errors per field and for the case)', async () => {
    const user = userEvent.setup();
    let reply = { status: 400, body: errorBody({ code: 'err_document_type_unknown', field: 'document_type' }) };
    const { api } = await openCase(caseWith(), {
      tab: 'requests',
      api: { [`POST ${CASE_PATH}/requests`]: () => reply },
    });
    const form = sectionOf('Ask the customer');
    await user.selectOptions(within(form).getByLabelText(/Document type/), 'Signed CV');
    await user.type(within(form).getByLabelText(/Message to the customer/), 'Please sign the CV and upload it.');
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(
      await within(form).findByText('This document type is not known for this application.', {}),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(/Document type/)).toHaveFocus();
    // Information: no document type is sent.
    reply = { status: 409, body: errorBody('err_update_not_allowed') };
    await user.selectOptions(within(form).getByLabelText('What do you ask for?'), 'Information');
    expect(within(form).queryByLabelText(/Document type/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    const alert = await within(form).findByRole('alert', {});
    expect(alert).toHaveTextContent('The request was not sent');
    expect(alert).toHaveTextContent('The case is closed: nothing more can be asked of the customer.');
    expect(within(form).getByLabelText(/Message to the customer/)).toHaveValue('Please sign the CV and upload it.');
    expect(api.callsTo(`POST ${CASE_PATH}/requests`).at(-1)!.body).toEqual({
      kind: 'information',
      document_type: null,
      message: 'Please sign the CV and upload it.',
    });
  });

  it('offers no form on a closed case, but still the withdrawal', async () => {
    await openCase(caseWith({ status: 'Rejected', allowed_transitions: [], requests: [rejected] }), {
      tab: 'requests',
    });
    expect(sectionOf('Ask the customer')).toHaveTextContent(
      'The case is closed: nothing more can be asked of the customer.',
    );
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
    // Withdrawing stays possible: the API allows it on a closed case.
    expect(screen.getByRole('button', { name: /Withdraw: / })).toBeInTheDocument();
  });

  it('shows the requests read-only to someone without the request permission', async () => {
    await openCase(caseWith({ requests: [rejected] }), {
      tab: 'requests',
      staff: buildStaffProfile({ permissions: ['cases.read'] }),
    });
    expect(sectionOf('Ask the customer')).toHaveTextContent('You may not send requests to the customer.');
    expect(screen.queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
  });
});
