import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSignatory } from '../../../test/factories';
import { findLoadedOverview, findPageHeading, openOverview } from '../../../test/open-overview';

// The representative form holds two selects of every ISO country (issue 26): jsdom renders and
// queries ~500 options per change, which takes its time on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/** The tab's chunk and texts load on first use: allow for that on a busy machine. */
const ROUTES = {
  'GET /user/applications/:id/register_persons': { body: { source: null, persons: [] } },
};

describe('representatives tab in the application overview', () => {
  it('loads the tab with its texts when it is chosen', async () => {
    const { user, location } = await openOverview({
      api: {
        ...ROUTES,
        'GET /user/applications/:id/signatories': {
          body: { signatories: [buildSignatory()], guarantees_required: false },
        },
      },
    });
    await findLoadedOverview();
    await user.click(screen.getByRole('tab', { name: 'Representatives' }));
    expect(location.current?.search).toBe('?tab=representatives');
    const panel = screen.getByRole('tabpanel', { name: 'Representatives' });
    expect(await within(panel).findByRole('article', { name: 'Anna Berger' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { level: 2, name: 'Representatives' })).toBeInTheDocument();
  });

  it('shows the error page when the list cannot be loaded', async () => {
    const onCaughtError = vi.fn();
    await openOverview({
      query: '?tab=representatives',
      onCaughtError,
      api: { ...ROUTES, 'GET /user/applications/:id/signatories': { status: 503 } },
    });
    expect(await findPageHeading('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Error code: 503')).toBeInTheDocument();
    expect(onCaughtError).toHaveBeenCalled();
  });

  it('offers the applicant the signing records once the application is at Signature, not before', async () => {
    const signatories = {
      'GET /user/applications/:id/signatories': {
        body: { signatories: [buildSignatory()], guarantees_required: false },
      },
      'GET /user/applications/:id/signatures': { body: { signers: [], all_signed: false } },
    };
    const { unmount } = await openOverview({
      query: '?tab=representatives',
      application: { status: 'Signature', is_owner: true },
      api: { ...ROUTES, ...signatories },
    });
    const link = await screen.findByRole('link', { name: 'Download the signing records (JSON)' });
    expect(link.getAttribute('href')).toMatch(/\/user\/applications\/app-1\/signing_records\?download=1$/);
    expect(link).toHaveAttribute('download');
    unmount();

    await openOverview({
      query: '?tab=representatives',
      application: { status: 'Offer_Accepted', is_owner: true },
      api: { ...ROUTES, ...signatories },
    });
    expect(await screen.findByRole('article', { name: 'Anna Berger' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download the signing records (JSON)' })).not.toBeInTheDocument();
  });
});
