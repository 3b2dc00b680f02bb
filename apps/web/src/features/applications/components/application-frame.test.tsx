import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { buildApplication, buildPendingAction } from '../../../test/factories';
import { findLoadedOverview, findPageHeading, openOverview, OVERVIEW_ID } from '../../../test/open-overview';

/** Toasts, modals and lazy chunks can take longer than a second on a busy machine. */
const ID = OVERVIEW_ID;
const heading = findPageHeading;
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('application overview frame', () => {
  it('shows the breadcrumb, the title with the short id and the status tag', async () => {
    await openOverview();
    expect(await heading('Application K7QX2M4P')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Loans' })).toHaveAttribute('href', '/dashboard/applications');
    expect(within(nav).getByText('€120,000 · K7QX2M4P')).toBeInTheDocument();
    expect(screen.getByText('Not completed').closest('[data-status-colour]')).toHaveAttribute(
      'data-status-colour',
      'error',
    );
    expect(document.title).toBe('Application K7QX2M4P - Demo Finanz');
  });

  it('always shows overview, representatives and documents; objects, factoring and signatures by their rules', async () => {
    const first = await openOverview();
    await findLoadedOverview();
    expect(tabNames()).toEqual(['Overview', 'Representatives', 'Documents']);
    first.unmount();

    const second = await openOverview({ application: { product: { product_id: 'object_financing' } } });
    await findLoadedOverview();
    expect(tabNames()).toEqual(['Overview', 'Representatives', 'Documents', 'Objects']);
    second.unmount();

    const third = await openOverview({ application: { allBanksLoanPurpose: 'factoring' } });
    await findLoadedOverview();
    expect(tabNames()).toEqual(['Overview', 'Representatives', 'Documents', 'Factoring']);
    third.unmount();

    await openOverview({
      application: {
        status: 'Signature',
        current_signatory: { signatory_id: 's-1', invite_status: 'accepted', has_requirements: true },
      },
    });
    await findLoadedOverview();
    expect(tabNames()).toEqual(['Overview', 'Representatives', 'Documents', 'Signatures']);
  });

  it('keeps the selected tab in the query parameter tab', async () => {
    const { user, location } = await openOverview({ query: '?tab=documents' });
    await findLoadedOverview();
    expect(screen.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Documents' })).toBeInTheDocument();
    expect(screen.getByText(/Please upload the documents for your application here/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Representatives' }));
    expect(location.current?.search).toBe('?tab=representatives');
    expect(await screen.findByRole('heading', { level: 3, name: 'Who needs to be added?' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(location.current?.search).toBe('?tab=overview');
    expect(await screen.findByRole('heading', { level: 2, name: 'Open items' })).toBeInTheDocument();
  });

  it('shows the overview for a tab this application does not offer', async () => {
    await openOverview({ query: '?tab=objects' });
    await findLoadedOverview();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('disables submit while items are pending, with a hint', async () => {
    const { user, api } = await openOverview({ nextStatus: { pending_actions: [buildPendingAction()] } });
    await findLoadedOverview();
    const submit = screen.getByRole('button', { name: 'Submit application' });
    await waitFor(() => expect(submit).toHaveAccessibleDescription('Please complete the open items first.'));
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.hover(submit);
    expect(await screen.findByRole('tooltip', {})).toHaveTextContent('Please complete the open items first.');
    await user.click(submit);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PATCH /user/applications/:id/status')).toHaveLength(0);
  });

  it('submits after confirmation with the next status and then shows the application in review', async () => {
    let status = 'Open';
    const { user, api } = await openOverview({
      api: {
        'GET /user/applications/:id': () => ({
          body: { application: buildApplication({ applicationId: ID, status }) },
        }),
        'PATCH /user/applications/:id/status': ({ body }) => {
          status = (body as { status: string }).status;
          return { body: { application: buildApplication({ applicationId: ID, status }) } };
        },
      },
      nextStatus: { pending_actions: [], next_status: 'Submitted' },
    });
    await findLoadedOverview();
    const submit = screen.getByRole('button', { name: 'Submit application' });
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'));
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Submit application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit now' }));

    expect(await screen.findByText('Your application has been submitted.', {})).toBeInTheDocument();
    expect(api.callsTo('PATCH /user/applications/app-1/status')[0]?.body).toEqual({ status: 'Submitted' });
    expect(await screen.findByText('Your application is being reviewed', {})).toBeInTheDocument();
    expect(screen.getByText('In review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit application' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancels the confirmation without a change', async () => {
    const { user, api } = await openOverview();
    await findLoadedOverview();
    const submit = screen.getByRole('button', { name: 'Submit application' });
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'));
    await user.click(submit);
    await user.click(within(await screen.findByRole('dialog', {})).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /user/applications/:id/status')).toHaveLength(0);
  });

  it("says 'something went wrong' when no next status is known", async () => {
    const { user, api } = await openOverview({ nextStatus: { pending_actions: [], next_status: null } });
    await findLoadedOverview();
    const submit = screen.getByRole('button', { name: 'Submit application' });
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'));
    await user.click(submit);
    await user.click(within(await screen.findByRole('dialog', {})).getByRole('button', { name: 'Submit now' }));
    expect(await screen.findByText('Something went wrong. Please try again.', {})).toBeInTheDocument();
    expect(api.callsTo('PATCH /user/applications/:id/status')).toHaveLength(0);
  });

  it('shows a failed status change as a toast and keeps the application open', async () => {
    const { user } = await openOverview({
      api: {
        'PATCH /user/applications/:id/status': { status: 409, body: errorBody('err_application_not_ready') },
      },
    });
    await findLoadedOverview();
    const submit = screen.getByRole('button', { name: 'Submit application' });
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'));
    await user.click(submit);
    await user.click(within(await screen.findByRole('dialog', {})).getByRole('button', { name: 'Submit now' }));
    expect(await screen.findByText('Something went wrong. Please try again.', {})).toBeInTheDocument();
    expect(screen.getByText('Please complete the open items before you submit the application.')).toBeInTheDocument();
    expect(screen.getByText('Not completed')).toBeInTheDocument();
  });

  it('shows the in-review alert in the in-review groups and no submit button outside Open', async () => {
    const first = await openOverview({ application: { status: 'Internal_Review' } });
    await findLoadedOverview();
    expect(screen.getByText('Your application is being reviewed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit application' })).not.toBeInTheDocument();
    first.unmount();

    const second = await openOverview({ application: { status: 'Approved' } });
    await findLoadedOverview();
    expect(screen.getByText('Your application is being reviewed')).toBeInTheDocument();
    second.unmount();

    await openOverview({ application: { status: 'Paid_Out' } });
    await findLoadedOverview();
    expect(screen.queryByText('Your application is being reviewed')).not.toBeInTheDocument();
  });

  it('shows the submit button only to the owner', async () => {
    await openOverview({ application: { is_owner: false } });
    await findLoadedOverview();
    expect(screen.queryByRole('button', { name: 'Submit application' })).not.toBeInTheDocument();
  });

  it('shows the error page when the application cannot be loaded', async () => {
    const onCaughtError = vi.fn();
    await openOverview({
      api: { 'GET /user/applications/:id': { status: 404, body: errorBody('err_entity_not_found') } },
      onCaughtError,
    });
    expect(await heading('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Error code: 404')).toBeInTheDocument();
    expect(onCaughtError).toHaveBeenCalled();
  });

  it('shows the error page when the pending items cannot be loaded', async () => {
    const onCaughtError = vi.fn();
    await openOverview({
      api: { 'GET /user/applications/:id/next_status_validate': { status: 500, body: errorBody('err_internal') } },
      onCaughtError,
    });
    expect(await heading('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Error code: 500')).toBeInTheDocument();
  });
});
