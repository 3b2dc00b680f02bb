import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildSignatory } from '../../../test/factories';

import { renderTab, field, card, valueOf, openEdit } from '../../../test/signatory-form-fixture';

describe('signatory custom fields on the cards', () => {
  it('shows each answer in the interface language and lists a missing required answer', async () => {
    await renderTab([
      buildSignatory({
        custom_fields_list: [
          { field_id: 'net_monthly_income', field_value: 2500.5 },
          { field_id: 'resident_since', field_value: '2015-03-01' },
        ],
      }),
      buildSignatory({
        signatory_id: 'sig-2',
        first_name: 'Ben',
        last_name: 'Kraus',
        is_beneficial_owner: false,
        percentage_owned: null,
        is_sole_signatory: false,
        is_main_contact: false,
        custom_fields_list: [{ field_id: 'pep', field_value: true }],
      }),
    ]);
    const anna = card('Anna Berger');
    expect(valueOf(anna, 'Politically exposed person')).toHaveTextContent('Not provided');
    expect(valueOf(anna, 'Net monthly income')).toHaveTextContent('€2,500.50');
    expect(valueOf(anna, 'Resident since')).toHaveTextContent('01.03.2015');
    expect(within(anna).getByText('Missing: Politically exposed person')).toBeInTheDocument();
    expect(within(anna).queryByText('Share of factored sales')).not.toBeInTheDocument();

    const ben = card('Ben Kraus');
    expect(valueOf(ben, 'Politically exposed person')).toHaveTextContent('Yes');
    expect(valueOf(ben, 'Net monthly income')).toHaveTextContent('Not provided');
    expect(valueOf(ben, 'Resident since')).toHaveTextContent('Not provided');
    expect(within(ben).queryByText(/^Missing:/)).not.toBeInTheDocument();

    // The panel counts Anna (her answer is missing), not Ben.
    expect(screen.getByText(/Some details of Anna Berger are still missing/)).toBeInTheDocument();
    expect(screen.queryByText(/Some details of .*Ben Kraus/)).not.toBeInTheDocument();
  });

  it('labels and formats the answers in German when the interface is German', async () => {
    await i18n.changeLanguage('de');
    await renderTab(
      [
        buildSignatory({
          custom_fields_list: [
            { field_id: 'pep', field_value: true },
            { field_id: 'net_monthly_income', field_value: 2500.5 },
          ],
        }),
      ],
      { heading: 'Vertreter' },
    );
    const anna = card('Anna Berger');
    expect(valueOf(anna, 'Politisch exponierte Person')).toHaveTextContent('Ja');
    expect(valueOf(anna, 'Monatliches Nettoeinkommen')).toHaveTextContent(/^2\.500,50\s€$/);
    expect(valueOf(anna, 'Wohnhaft seit')).toHaveTextContent('Nicht angegeben');
    expect(within(anna).queryByText(/^Es fehlt:/)).not.toBeInTheDocument();
  });

  it('shows the fields of the application loan type only', async () => {
    const { user } = await renderTab(
      [buildSignatory({ custom_fields_list: [{ field_id: 'factoring_share', field_value: 'half' }] })],
      {
        application: { allBanksLoanPurpose: 'factoring' },
      },
    );
    const anna = card('Anna Berger');
    expect(valueOf(anna, 'Share of factored sales')).toHaveTextContent('half');
    expect(within(anna).queryByText('Politically exposed person')).not.toBeInTheDocument();
    expect(within(anna).queryByText(/^Missing:/)).not.toBeInTheDocument();

    const dialog = await openEdit(user);
    expect(within(dialog).getByRole('region', { name: 'Factoring details' })).toBeInTheDocument();
    expect(field(dialog, 'Share of factored sales (optional)')).toHaveValue('half');
    expect(within(dialog).queryByRole('radiogroup', { name: 'Politically exposed person' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Net monthly income/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Compliance' })).not.toBeInTheDocument();
  });
});
