import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { buildCase, buildSignatory } from '../../../test/factories';
import { CASE_PATH, openCase } from './backoffice-test-setup';

const anna = buildSignatory();
const jonas = buildSignatory({
  signatory_id: 'sig-2',
  first_name: 'Jonas',
  last_name: 'Keller',
  email: null,
  is_main_contact: false,
  invite_status: 'not_invited',
  kyc_status: { ident_completed: { is_required: true, is_completed: true } },
});
const caseWith = (people = [anna, jonas], overrides: Parameters<typeof buildCase>[0] = {}) =>
  // Invitations go out at Signature (contracts policies.ts invitationsOpen), where staff also confirm
  // an identification by hand.
  buildCase({
    status: 'Signature',
    representatives: { signatories: people, guarantees_required: false },
    ...overrides,
  });

const personCard = (name: string) => screen.getByRole('heading', { name }).closest('article') as HTMLElement;

describe('representatives of a case', () => {
  it('shows each person’s invitation and identification, and what cannot be done yet', async () => {
    await openCase(caseWith(), { tab: 'representatives' });
    const annaCard = personCard('Anna Berger');
    expect(annaCard).toHaveTextContent('InvitationNot invited yet');
    expect(annaCard).toHaveTextContent('IdentificationNot done yet');
    expect(within(annaCard).getByRole('button', { name: 'Send invitation: Anna Berger' })).toBeEnabled();
    expect(within(annaCard).getByRole('button', { name: 'Mark identification done: Anna Berger' })).toBeEnabled();
    const jonasCard = personCard('Jonas Keller');
    expect(jonasCard).toHaveTextContent('IdentificationDone');
    expect(within(jonasCard).queryByRole('button', { name: /identification/ })).not.toBeInTheDocument();
    // Without an e-mail address there is nobody to invite: said before the click.
    expect(within(jonasCard).getByRole('button', { name: 'Send invitation: Jonas Keller' })).toBeDisabled();
    expect(jonasCard).toHaveTextContent('No e-mail address: the customer has to enter one for this person');
  });

  it('invites a person after a confirmation that says where the e-mail goes', async () => {
    const user = userEvent.setup();
    const { api } = await openCase(caseWith(), {
      tab: 'representatives',
      api: {
        [`POST ${CASE_PATH}/signatories/:signatoryId/invite`]: {
          body: {
            case: caseWith([
              {
                ...anna,
                invite_status: 'not_accepted',
                invitation: {
                  first_sent_at: '2026-06-15T10:00:00.000Z',
                  last_sent_at: '2026-06-15T10:00:00.000Z',
                  expires_at: '2026-06-29T10:00:00.000Z',
                },
              },
              jonas,
            ]),
          },
        },
      },
    });
    await user.click(within(personCard('Anna Berger')).getByRole('button', { name: 'Send invitation: Anna Berger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Anna Berger to sign?' });
    expect(dialog).toHaveTextContent('The invitation goes to anna.berger@example.com.');
    expect(api.callsTo(`POST ${CASE_PATH}/signatories/:signatoryId/invite`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Anna Berger has been invited to sign.', {})).toBeInTheDocument();
    expect(api.callsTo(`POST ${CASE_PATH}/signatories/:signatoryId/invite`)[0]!.path).toBe(
      `${CASE_PATH}/signatories/sig-1/invite`,
    );
    await waitFor(() => expect(personCard('Anna Berger')).toHaveTextContent('InvitationInvitation sent'));
    expect(
      within(personCard('Anna Berger')).getByRole('button', { name: 'Resend invitation: Anna Berger' }),
    ).toBeInTheDocument();
  });

  it('explains a refused invitation: the e-mail address is missing', async () => {
    const user = userEvent.setup();
    await openCase(caseWith(), {
      tab: 'representatives',
      api: {
        [`POST ${CASE_PATH}/signatories/:signatoryId/invite`]: {
          status: 409,
          body: errorBody({ code: 'err_signatory_data_missing', field: 'email' }),
        },
      },
    });
    await user.click(within(personCard('Anna Berger')).getByRole('button', { name: 'Send invitation: Anna Berger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Anna Berger to sign?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const alert = await within(dialog).findByRole('alert', {});
    expect(alert).toHaveTextContent('The invitation was not sent');
    expect(alert).toHaveTextContent(
      'No e-mail address: the customer has to enter one for this person before an invitation can be sent.',
    );
  });

  it('marks an identification done with a note on how', async () => {
    const user = userEvent.setup();
    const note = 'Identified in the Berlin branch with her ID card.';
    const { api } = await openCase(caseWith(), {
      tab: 'representatives',
      api: {
        [`POST ${CASE_PATH}/signatories/:signatoryId/identification`]: {
          body: {
            case: caseWith([
              { ...anna, kyc_status: { ident_completed: { is_required: true, is_completed: true } } },
              jonas,
            ]),
          },
        },
      },
    });
    await user.click(
      within(personCard('Anna Berger')).getByRole('button', { name: 'Mark identification done: Anna Berger' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Identification of Anna Berger' });
    const field = within(dialog).getByLabelText(/How was the person identified/);
    await waitFor(() => expect(field).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Mark as done' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    await user.type(field, 'ID');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as done' }));
    expect(within(dialog).getByText('Please enter at least 5 characters.')).toBeInTheDocument();
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, note);
    await user.click(within(dialog).getByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByText('The identification of Anna Berger is marked as done.', {})).toBeInTheDocument();
    expect(api.callsTo(`POST ${CASE_PATH}/signatories/:signatoryId/identification`)[0]!.body).toEqual({ note });
    await waitFor(() => expect(personCard('Anna Berger')).toHaveTextContent('IdentificationDone'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Anna Berger' })).toHaveFocus());
    expect(within(personCard('Anna Berger')).queryByRole('button', { name: /identification/ })).not.toBeInTheDocument();
  });

  it('offers no invitation or identification once signing is over', async () => {
    await openCase(caseWith([anna], { status: 'Approved', allowed_transitions: [] }), { tab: 'representatives' });
    expect(screen.getByTestId('people-closed')).toHaveTextContent(
      "Invitations go out when the case reaches Signature (one per person); an identification can be confirmed from the offer's acceptance until signing ends.",
    );
    expect(within(personCard('Anna Berger')).queryByRole('button')).not.toBeInTheDocument();
  });
});
