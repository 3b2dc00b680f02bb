import type { Application } from '@finportal/contracts/applications';
import type { Signatory } from '@finportal/contracts/representative-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MockRoute } from '../../../test/api-mock';
import { buildApplication, buildSignatory } from '../../../test/factories';
import { renderComponent } from '../../../test/render-component';
import { RepresentativesTab } from './representatives-tab';

// The representative form holds two selects of every ISO country (issue 26): jsdom renders and
// queries ~500 options per change, which takes its time on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const ID = 'app-1';
const LIST = `GET /user/applications/${ID}/signatories`;
const PATCH = `PATCH /user/applications/${ID}/signatories/:signatoryId`;

async function renderTab(
  signatories: Signatory[],
  {
    guarantees = false,
    application = {},
    api = {},
  }: { guarantees?: boolean; application?: Partial<Application>; api?: Record<string, MockRoute> } = {},
) {
  const user = userEvent.setup();
  const rendered = await renderComponent(
    <RepresentativesTab application={buildApplication({ applicationId: ID, ...application })} />,
    {
      api: {
        [LIST]: { body: { signatories, guarantees_required: guarantees } },
        [`GET /user/applications/${ID}/register_persons`]: { body: { source: null, persons: [] } },
        ...api,
      },
    },
  );
  await screen.findByRole('heading', { level: 2, name: 'Representatives' });
  return { user, ...rendered };
}

const person = (id: string, first: string, overrides: Partial<Signatory> = {}) =>
  buildSignatory({ signatory_id: id, first_name: first, last_name: 'Berger', is_main_contact: false, ...overrides });

const panel = () => screen.getByRole('status', { name: /^The list is (complete|not complete yet)$/ });

describe('list panel', () => {
  it('says the list is complete when every rule passes', async () => {
    await renderTab([buildSignatory()]);
    expect(panel()).toHaveTextContent('The list is complete');
    expect(panel()).toHaveTextContent('Everyone needed for your application is on the list.');
  });

  it('names the people whose own details are incomplete, and is not complete then', async () => {
    await renderTab([
      buildSignatory({ birthdate: null }),
      person('b', 'Ben', { nationality: null, percentage_owned: 0.1 }),
    ]);
    expect(panel()).toHaveTextContent('The list is not complete yet');
    expect(panel()).toHaveTextContent(
      'Some details of Anna Berger and Ben Berger are still missing; the card shows which.',
    );
  });

  it('asks for a second signatory or a sole signatory', async () => {
    await renderTab([person('a', 'Anna', { is_sole_signatory: false })]);
    expect(panel()).toHaveTextContent('The list is not complete yet');
    expect(panel()).toHaveTextContent('Add a second signatory or mark Anna Berger as able to sign alone.');
  });

  it('says that no one signs yet when no legal representative is willing to sign', async () => {
    await renderTab([person('a', 'Anna', { is_contract_signatory: false })]);
    expect(panel()).toHaveTextContent('No one signs for the company yet');
  });

  it('adds up the shares above 100 %', async () => {
    await renderTab([
      person('a', 'Anna', { percentage_owned: 0.6 }),
      person('b', 'Ben', { percentage_owned: 0.52, is_legal_signatory: false, is_sole_signatory: null }),
    ]);
    expect(panel()).toHaveTextContent('The shares add up to 112 %: together they can be at most 100 %.');
  });

  it('names a beneficial owner holding less than 25 %', async () => {
    await renderTab([
      person('a', 'Anna', { percentage_owned: 0.6 }),
      person('b', 'Ben', { percentage_owned: 0.18, is_legal_signatory: false, is_sole_signatory: null }),
    ]);
    expect(panel()).toHaveTextContent('Ben Berger holds 18 %: a beneficial owner holds at least 25 %.');
  });

  it('asks guarantors to hold more than 50 % when the product requires guarantees', async () => {
    await renderTab(
      [
        person('a', 'Anna', { percentage_owned: 0.4 }),
        person('b', 'Ben', {
          percentage_owned: 0.6,
          is_legal_signatory: false,
          is_contract_signatory: false,
          is_sole_signatory: null,
        }),
      ],
      { guarantees: true },
    );
    expect(panel()).toHaveTextContent(
      'Guarantors together must hold more than 50 % of the company; at the moment they hold 40 %.',
    );
    expect(panel()).toHaveTextContent('Shareholders who do not sign yet: Ben Berger');
  });

  it('does not apply the guarantor rule without required guarantees', async () => {
    await renderTab([
      person('a', 'Anna', { percentage_owned: 0.4 }),
      person('b', 'Ben', { percentage_owned: 0.6, is_legal_signatory: false, is_contract_signatory: false }),
    ]);
    expect(panel()).toHaveTextContent('The list is complete');
  });
});

describe('legal representatives as beneficial owners (GwG section 3 (2))', () => {
  it('explains the rule when no one holds 25 % and marks the legal representatives', async () => {
    const anna = person('a', 'Anna', { percentage_owned: 0.1, is_beneficial_owner: false });
    const ben = person('b', 'Ben', { percentage_owned: null, is_beneficial_owner: false, is_sole_signatory: false });
    const clara = person('c', 'Clara', {
      percentage_owned: 0.2,
      is_legal_signatory: false,
      is_beneficial_owner: false,
    });
    const { user, api } = await renderTab([anna, ben, clara], {
      api: { [PATCH]: ({ path }) => ({ body: { signatory: path.endsWith('/a') ? anna : ben } }) },
    });
    const notice = screen.getByRole('note', { name: 'No one holds 25 % or more' });
    expect(notice).toHaveTextContent(
      /the legal representatives count as beneficial owners \(German Money Laundering Act, GwG § 3 \(2\)\)/,
    );
    await user.click(screen.getByRole('button', { name: 'Mark the legal representatives as beneficial owners' }));
    expect(
      await screen.findByText('The legal representatives are now marked as beneficial owners.'),
    ).toBeInTheDocument();
    expect(api.callsTo(PATCH).map((call) => [call.path.split('/').pop(), call.body])).toEqual([
      ['a', { is_beneficial_owner: true }],
      ['b', { is_beneficial_owner: true, percentage_owned: 0 }],
    ]);
  });

  it('offers no button without permission to change the flags, and no notice when someone holds 25 %', async () => {
    const first = await renderTab([person('a', 'Anna', { percentage_owned: 0.1, is_beneficial_owner: false })], {
      application: { allowed_updates: ['signatory_tin'] },
    });
    expect(screen.getByText(/GwG § 3 \(2\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /as beneficial owner/ })).not.toBeInTheDocument();
    first.unmount();

    await renderTab([person('a', 'Anna', { percentage_owned: 0.25 })]);
    expect(screen.queryByText(/GwG § 3 \(2\)/)).not.toBeInTheDocument();
  });
});

describe('empty state', () => {
  it('explains whom to add, with the beneficial-owner hint, and offers adding', async () => {
    const { user } = await renderTab([]);
    const empty = screen.getByRole('region', { name: 'Who needs to be added?' });
    expect(empty).toHaveTextContent('Legal representatives who sign for the company');
    expect(empty).toHaveTextContent('every person who holds 25 % or more');
    const hint = within(empty).getByText('Who is a beneficial owner?');
    const details = hint.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await user.click(hint);
    expect(details).toHaveAttribute('open');
    expect(within(details).getByText(/legal representatives .* count as beneficial owners/)).toBeVisible();
    expect(within(empty).getByRole('button', { name: 'Add person' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Representatives of your company' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('The list is complete')).not.toBeInTheDocument());
  });
});
