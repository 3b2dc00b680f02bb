import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, type RenderAppOptions } from '../../test/render-app';

/** Issue 9 finding 13: "apply for a new loan" only where users may create applications (spec 1 section 2). */
async function openNotFound(app: RenderAppOptions['app'] = {}) {
  await renderApp({ path: '/no-such-page', app });
  await screen.findByRole('heading', { level: 1, name: 'Page not found' });
}

describe('not-found page', () => {
  it('offers a new loan, my loans and home when users may create applications', async () => {
    await openNotFound({ user_create_application: true, is_dynamic_form: false });
    expect(screen.getByRole('link', { name: 'start a new loan' })).toHaveAttribute('href', '/application/loan-info');
    expect(screen.getByRole('link', { name: 'Apply now' })).toHaveAttribute('href', '/application/loan-info');
    expect(screen.getByRole('link', { name: 'view my loans' })).toHaveAttribute('href', '/dashboard/applications');
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  });

  it('offers no new loan when users may not create applications (vistula), only my loans and home', async () => {
    await openNotFound({ user_create_application: false });
    expect(screen.getByText(/Would you like to/)).toHaveTextContent('Would you like to view my loans?');
    expect(screen.queryByRole('link', { name: 'start a new loan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Apply now' })).not.toBeInTheDocument();
    expect(screen.queryByText(/new loan/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'view my loans' })).toHaveAttribute('href', '/dashboard/applications');
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  });

  it('starts the dynamic form where the partner has one', async () => {
    await openNotFound({ user_create_application: true, is_dynamic_form: true });
    expect(screen.getByRole('link', { name: 'start a new loan' })).toHaveAttribute('href', '/application/new');
    expect(screen.getByRole('link', { name: 'Apply now' })).toHaveAttribute('href', '/application/new');
  });
});
