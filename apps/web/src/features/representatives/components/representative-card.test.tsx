import type { Application } from '@finportal/contracts/applications';
import type { Signatory } from '@finportal/contracts/representative-schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { applicationKeys } from '../../applications/api/query-keys';
import type { MockRoute } from '../../../test/api-mock';
import { buildApplication, buildSignatory } from '../../../test/factories';
import { renderComponent } from '../../../test/render-component';
import { RepresentativesTab } from './representatives-tab';

const ID = 'app-1';
const LIST = `GET /user/applications/${ID}/signatories`;
const REGISTER = `GET /user/applications/${ID}/register_persons`;

async function renderTab(
  signatories: Signatory[],
  {
    application = {},
    api = {},
    heading = 'Representatives',
  }: { application?: Partial<Application>; api?: Record<string, MockRoute>; heading?: string } = {},
) {
  const app = buildApplication({ applicationId: ID, ...application });
  const user = userEvent.setup();
  const rendered = await renderComponent(<RepresentativesTab application={app} />, {
    app: { countries: ['DE', 'AT'] },
    api: {
      [LIST]: { body: { signatories, guarantees_required: false } },
      [REGISTER]: { body: { source: null, persons: [] } },
      ...api,
    },
  });
  await screen.findByRole('heading', { level: 2, name: heading });
  return { user, ...rendered };
}

const card = (name: string) => screen.getByRole('article', { name });
const valueOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('representative cards', () => {
  it('show every field of a representative, with role badges, invitation and credit score', async () => {
    await renderTab([
      buildSignatory({
        percentage_owned: 0.25,
        telephone: '+493012345678',
        invite_status: 'not_accepted',
        credit_score: { provider: 'credit_reform_de', score: 212 },
      }),
    ]);
    expect(screen.getByRole('list', { name: 'Representatives of your company' })).toBeInTheDocument();
    const anna = card('Anna Berger');
    expect(within(anna).getByRole('heading', { level: 3, name: 'Anna Berger' })).toBeInTheDocument();
    expect(within(anna).getByText('Geschäftsführerin')).toBeInTheDocument();
    const roles = within(within(anna).getByRole('list', { name: 'Roles' })).getAllByRole('listitem');
    expect(roles.map((role) => role.textContent?.replace(/\s+/g, ' '))).toEqual([
      'Main contact',
      'Legal representative',
      'Can sign alone',
      'Willing to sign',
      'Beneficial owner · 25 %',
    ]);
    expect(valueOf(anna, 'E-mail')).toHaveTextContent('anna.berger@example.com');
    // Stored as + and digits, shown grouped as the country writes it once the number plans are loaded.
    await waitFor(() => expect(valueOf(anna, 'Phone')).toHaveTextContent('+49 30 12345678'));
    expect(valueOf(anna, 'Personal tax ID')).toHaveTextContent('86095742719');
    expect(valueOf(anna, 'Nationality')).toHaveTextContent('Germany');
    expect(valueOf(anna, 'Date of birth')).toHaveTextContent('12.04.1980');
    expect(valueOf(anna, 'Address')).toHaveTextContent('Hauptstraße 12a10115 BerlinGermany');
    expect(valueOf(anna, 'Invitation')).toHaveTextContent('Invitation sent');
    expect(valueOf(anna, 'Credit score')).toHaveTextContent('212 (Creditreform Germany)');
    // Complete: no "missing" note.
    expect(within(anna).queryByText(/^Missing:/)).not.toBeInTheDocument();
  });

  it('show the share and date in the interface language, and no credit score when there is none', async () => {
    await i18n.changeLanguage('de');
    await renderTab([buildSignatory({ percentage_owned: 0.125, credit_score: null })], { heading: 'Vertreter' });
    const anna = card('Anna Berger');
    // A legal representative below 25 %: the fictitious beneficial owner of ADR 014, said so (issue 26).
    expect(within(anna).getByText('Fiktiver wirtschaftlich Berechtigter · 12,5 %')).toBeInTheDocument();
    expect(within(anna).getByText(/Niemand hält 25 % oder mehr/)).toBeInTheDocument();
    expect(valueOf(anna, 'Geburtsdatum')).toHaveTextContent('12.04.1980');
    expect(within(anna).queryByText('Bonitätsindex')).not.toBeInTheDocument();
  });

  it('say what is missing and offer the tax id modal when the tax id is missing', async () => {
    const { user } = await renderTab([
      buildSignatory({ taxid: null, birthdate: null, nationality: null, is_main_contact: false }),
    ]);
    const anna = card('Anna Berger');
    expect(within(anna).getByText('Missing: Nationality and Date of birth')).toBeInTheDocument();
    expect(valueOf(anna, 'Personal tax ID')).toHaveTextContent('Tax ID missing');
    await user.click(within(anna).getByRole('button', { name: 'Add tax ID of Anna Berger' }));
    expect(await screen.findByRole('dialog', { name: 'Tax ID of Anna Berger' })).toBeInTheDocument();
  });

  it('offer edit, delete, the shortcuts and make-main-contact only as the permissions allow', async () => {
    const people = [
      buildSignatory({ signatory_id: 'sig-1', is_main_contact: false, is_current_actor: true }),
      buildSignatory({ signatory_id: 'sig-2', first_name: 'Ben', last_name: 'Kraus', is_main_contact: false }),
    ];
    // The owner under review: tax id and contact of the own card only (ADR 014).
    await renderTab(people, { application: { allowed_updates: ['signatory_tin', 'signatory_contact'] } });
    const anna = card('Anna Berger');
    const ben = card('Ben Kraus');
    expect(within(anna).getByRole('button', { name: 'Edit Anna Berger' })).toBeInTheDocument();
    expect(within(anna).queryByRole('button', { name: 'Delete Anna Berger' })).not.toBeInTheDocument();
    expect(within(anna).getByRole('button', { name: 'Change tax ID of Anna Berger' })).toBeInTheDocument();
    expect(within(anna).getByRole('button', { name: 'Change phone number of Anna Berger' })).toBeInTheDocument();
    expect(within(anna).getByRole('button', { name: 'Make main contact: Anna Berger' })).toBeInTheDocument();
    expect(within(ben).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add person' })).not.toBeInTheDocument();
    expect(screen.getByText(/can no longer be added/)).toBeInTheDocument();
  });

  it('disable make-main-contact without a phone and say why; with both it makes the person main contact', async () => {
    const without = buildSignatory({ signatory_id: 'sig-1', telephone: null, is_main_contact: false });
    const ben = buildSignatory({
      signatory_id: 'sig-2',
      first_name: 'Ben',
      last_name: 'Kraus',
      is_main_contact: false,
    });
    const PATCH = `PATCH /user/applications/${ID}/signatories/:signatoryId`;
    let list = [without, ben];
    const { user, api } = await renderTab(list, {
      api: {
        [LIST]: () => ({ body: { signatories: list, guarantees_required: false } }),
        [PATCH]: () => {
          list = [without, { ...ben, is_main_contact: true }];
          return { body: { signatory: list[1] } };
        },
      },
    });
    const make = within(card('Anna Berger')).getByRole('button', { name: 'Make main contact: Anna Berger' });
    expect(make).toHaveAttribute('aria-disabled', 'true');
    expect(make).toHaveAccessibleDescription('The main contact needs an e-mail address and a phone number.');
    await user.click(make);
    expect(api.callsTo(PATCH)).toHaveLength(0);

    await user.click(within(card('Ben Kraus')).getByRole('button', { name: 'Make main contact: Ben Kraus' }));
    expect(await screen.findByText('Ben Kraus is now the main contact.')).toBeInTheDocument();
    expect(api.callsTo(PATCH)[0]).toMatchObject({
      path: `/user/applications/${ID}/signatories/sig-2`,
      body: { is_main_contact: true },
    });
    await waitFor(() => expect(within(card('Ben Kraus')).getByText('Main contact')).toBeInTheDocument());
  });

  it('delete a person after a confirmation that names them', async () => {
    const DELETE = `DELETE /user/applications/${ID}/signatories/sig-2`;
    const people = [
      buildSignatory({ signatory_id: 'sig-1' }),
      buildSignatory({ signatory_id: 'sig-2', first_name: 'Ben', last_name: 'Kraus', is_main_contact: false }),
    ];
    let list = people;
    const { user, api } = await renderTab(people, {
      api: {
        [LIST]: () => ({ body: { signatories: list, guarantees_required: false } }),
        [DELETE]: () => {
          list = [people[0]!];
          return { status: 204 };
        },
      },
    });
    await user.click(within(card('Ben Kraus')).getByRole('button', { name: 'Delete Ben Kraus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete person?' });
    expect(dialog).toHaveTextContent('Do you really want to remove Ben Kraus from the representatives');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The person has been deleted.')).toBeInTheDocument();
    expect(api.callsTo(DELETE)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ben Kraus' })).not.toBeInTheDocument());
    expect(card('Anna Berger')).toBeInTheDocument();
  });

  describe('at Signature, to the applicant', () => {
    const SIGNATURES = `GET /user/applications/${ID}/signatures`;
    const INVITE = `POST /user/applications/${ID}/signatories/:signatoryId/invitation`;
    const people = () => [
      buildSignatory({ signatory_id: 'sig-1', application_id: ID, is_current_actor: true, invite_status: 'accepted' }),
      buildSignatory({
        signatory_id: 'sig-2',
        application_id: ID,
        first_name: 'Ben',
        last_name: 'Kraus',
        is_main_contact: false,
        invite_status: 'not_accepted',
      }),
      buildSignatory({
        signatory_id: 'sig-3',
        application_id: ID,
        first_name: 'Clara',
        last_name: 'Diehl',
        is_main_contact: false,
        invite_status: 'expired',
      }),
      buildSignatory({
        signatory_id: 'sig-4',
        application_id: ID,
        first_name: 'Dora',
        last_name: 'Engel',
        is_main_contact: false,
        is_contract_signatory: false,
        is_sole_signatory: false,
      }),
    ];
    const overview = (benStatus: 'not_accepted' | 'accepted') => ({
      signers: [
        {
          signatory_id: 'sig-1',
          name: 'Anna Berger',
          email: null,
          invite_status: 'accepted',
          invitation_expires_at: null,
          signature_status: 'Completed',
          signature_completed_at: '2026-11-20T09:00:00.000Z',
          is_applicant: true,
        },
        {
          signatory_id: 'sig-2',
          name: 'Ben Kraus',
          email: null,
          invite_status: benStatus,
          invitation_expires_at: '2026-12-08T10:00:00.000Z',
          signature_status: 'InProgress',
          signature_completed_at: null,
          is_applicant: false,
        },
        {
          signatory_id: 'sig-3',
          name: 'Clara Diehl',
          email: null,
          invite_status: 'expired',
          invitation_expires_at: null,
          signature_status: 'NotCompleted',
          signature_completed_at: null,
          is_applicant: false,
        },
      ],
      all_signed: false,
    });

    async function renderAtSignature(status: string, api: Record<string, MockRoute> = {}) {
      const application = buildApplication({ applicationId: ID, status, allowed_updates: [] });
      const rendered = await renderTab(people(), {
        application,
        api: { [SIGNATURES]: { body: overview('not_accepted') }, ...api },
      });
      // The page that shows the tab has the application (the frame loaded it).
      act(() => queryClient.setQueryData(applicationKeys.detail(ID), application));
      return rendered;
    }

    it('show each signer’s invitation and signature, and send a new invitation with a toast', async () => {
      let benStatus: 'not_accepted' | 'accepted' = 'not_accepted';
      const { user, api } = await renderAtSignature('Signature', {
        [SIGNATURES]: () => ({ body: overview(benStatus) }),
        [INVITE]: () => {
          benStatus = 'accepted';
          return {
            body: { signatory_id: 'sig-2', invite_status: 'not_accepted', expires_at: '2026-12-10T10:00:00.000Z' },
          };
        },
      });
      const ben = card('Ben Kraus');
      await waitFor(() => expect(valueOf(ben, 'Invitation')).toHaveTextContent('Invited, valid until 08.12.2026'));
      expect(valueOf(ben, 'Signature')).toHaveTextContent('In progress');
      expect(valueOf(card('Anna Berger'), 'Signature')).toHaveTextContent('Signed on 20.11.2026');
      expect(
        within(card('Anna Berger')).queryByRole('button', { name: /Send new invitation/ }),
      ).not.toBeInTheDocument();
      expect(valueOf(card('Clara Diehl'), 'Invitation')).toHaveTextContent('Invitation expired');
      expect(
        within(card('Clara Diehl')).getByRole('button', { name: 'Send new invitation to Clara Diehl' }),
      ).toBeInTheDocument();
      // Not a signer: no signature to show.
      expect(within(card('Dora Engel')).queryByText('Signature', { selector: 'dt' })).not.toBeInTheDocument();

      await user.click(within(ben).getByRole('button', { name: 'Send new invitation to Ben Kraus' }));
      expect(await screen.findByText('A new invitation has been sent to Ben Kraus.')).toBeInTheDocument();
      expect(api.callsTo(INVITE)[0]?.path).toBe(`/user/applications/${ID}/signatories/sig-2/invitation`);
    });

    it('show the states but no new invitation once the application has moved on, and nothing before Signature', async () => {
      const { unmount, api } = await renderAtSignature('Final_Review');
      await waitFor(() => expect(valueOf(card('Ben Kraus'), 'Signature')).toHaveTextContent('In progress'));
      expect(screen.queryByRole('button', { name: /Send new invitation/ })).not.toBeInTheDocument();
      unmount();
      expect(api.callsTo(SIGNATURES).length).toBeGreaterThan(0);

      const before = await renderAtSignature('Submitted');
      expect(within(card('Ben Kraus')).queryByText('Signature', { selector: 'dt' })).not.toBeInTheDocument();
      expect(before.api.callsTo(SIGNATURES)).toHaveLength(0);
    });
  });
});
