import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCreatedApplication } from '../../../test/factories';
import { renderComponent } from '../../../test/render-component';
import { ResultDetails } from './result-details';

/** Issue 9 finding 2: the rejection reason quotes the partner's limits the API sends, never `{{min}}`. */
const rejected = (reason: string, values: Record<string, string | number> | null) =>
  buildCreatedApplication({ status: 'Rejected', pricing: null, rejection_reason: reason, rejection_values: values });

describe('the rejection reason', () => {
  it('shows the range the API sends', async () => {
    await renderComponent(
      <ResultDetails application={rejected('err_loan_duration_not_allowed', { min: 12, max: 60 })} />,
    );
    expect(screen.getByText('The duration is outside the possible range (12 to 60 months).')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('{{');
  });

  it('in Polish, with the amounts as Polish writes them', async () => {
    await i18n.changeLanguage('pl');
    await renderComponent(
      <ResultDetails
        application={rejected('err_loan_amount_not_allowed', { min: 20000, max: 500000, currency: 'PLN' })}
      />,
    );
    expect(screen.getByText('Kwota wykracza poza możliwy zakres (20 000–500 000 PLN).')).toBeInTheDocument();
  });

  it('without values (an older application) in words that need none', async () => {
    await renderComponent(<ResultDetails application={rejected('err_loan_duration_not_allowed', null)} />);
    expect(screen.getByText('The duration is outside the possible range.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('{{');
  });
});
