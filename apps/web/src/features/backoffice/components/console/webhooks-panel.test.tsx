import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../../test/api-mock';
import { API, buildDelivery, buildEndpoint, CONSOLE, inCard, renderConsole } from './console-test-setup';

const WEBHOOKS = `${CONSOLE}?tab=webhooks`;
const endpointCard = () => inCard('Webhook endpoint');

describe('the webhooks of the console', () => {
  it('sets up an endpoint: https only, then the secret hidden until shown', async () => {
    const user = userEvent.setup();
    const { api } = await renderConsole(
      {
        [`PUT ${API}/webhook`]: ({ body }) => ({ body: { endpoint: buildEndpoint(body as never) } }),
      },
      { path: WEBHOOKS },
    );
    await endpointCard().findByText(/No endpoint yet/, {});
    const url = endpointCard().getByLabelText('Endpoint URL');
    await user.type(url, 'http://hooks.demo-finanz.example/finportal');
    await user.click(endpointCard().getByRole('button', { name: 'Save endpoint' }));
    expect(url).toHaveAccessibleDescription(/This value is invalid\./);
    expect(url).toHaveFocus();
    expect(api.callsTo(`PUT ${API}/webhook`)).toHaveLength(0);

    await user.clear(url);
    await user.type(url, 'https://hooks.demo-finanz.example/finportal');
    await user.click(endpointCard().getByRole('button', { name: 'Save endpoint' }));
    expect(await screen.findByText('The endpoint has been saved.', {})).toBeInTheDocument();
    expect(api.callsTo(`PUT ${API}/webhook`)[0]!.body).toEqual({
      url: 'https://hooks.demo-finanz.example/finportal',
      enabled: true,
    });
    const secret = await endpointCard().findByTestId('webhook-secret', {});
    expect(secret).toHaveTextContent(/^whsec_•+$/);
    await user.click(endpointCard().getByRole('button', { name: 'Show' }));
    expect(secret).toHaveTextContent('whsec_c2VjcmV0LXNpZ25pbmcta2V5LTAxMjM0NTY3');
    expect(endpointCard().getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('puts a refused URL on its field', async () => {
    const user = userEvent.setup();
    await renderConsole(
      {
        [`GET ${API}/webhook`]: { body: { endpoint: buildEndpoint() } },
        [`PUT ${API}/webhook`]: {
          status: 400,
          body: errorBody({ code: 'err_too_long', field: 'url', values: { max: 500 } }),
        },
      },
      { path: WEBHOOKS },
    );
    const url = await endpointCard().findByLabelText('Endpoint URL', {});
    expect(url).toHaveValue('https://hooks.demo-finanz.example/finportal');
    await user.click(endpointCard().getByRole('switch', { name: /Send events/ }));
    await user.click(endpointCard().getByRole('button', { name: 'Save endpoint' }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(/Please enter no more than 500 characters\./));
    expect(endpointCard().getByRole('switch', { name: /Send events/ })).not.toBeChecked();
  });

  it('makes a new secret only after a confirmation', async () => {
    const user = userEvent.setup();
    const { api } = await renderConsole(
      {
        [`GET ${API}/webhook`]: { body: { endpoint: buildEndpoint() } },
        [`POST ${API}/webhook/rotate_secret`]: {
          body: { endpoint: buildEndpoint({ secret: 'whsec_bmV3LXNlY3JldC1hZnRlci1yb3RhdGlvbg' }) },
        },
      },
      { path: WEBHOOKS },
    );
    await user.click(await endpointCard().findByRole('button', { name: 'New secret …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a new secret?' });
    expect(dialog).toHaveTextContent('The current secret stops working at once');
    expect(api.callsTo(`POST ${API}/webhook/rotate_secret`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Create new secret' }));
    expect(await screen.findByText('A new secret has been created.', {})).toBeInTheDocument();
    await user.click(endpointCard().getByRole('button', { name: 'Show' }));
    expect(endpointCard().getByTestId('webhook-secret')).toHaveTextContent('whsec_bmV3LXNlY3JldC1hZnRlci1yb3RhdGlvbg');
  });

  it('says since when deliveries fail', async () => {
    await renderConsole(
      { [`GET ${API}/webhook`]: { body: { endpoint: buildEndpoint({ failing_since: '2026-03-01T08:00:00.000Z' }) } } },
      { path: WEBHOOKS },
    );
    const state = await endpointCard().findByTestId('webhook-state', {});
    expect(state).toHaveTextContent('Deliveries are failing');
    expect(state).toHaveTextContent(/since .*2026.*\. After 5 days without a success the endpoint is switched off\./);
  });

  it('says that a switched-off endpoint must be switched on again', async () => {
    await renderConsole(
      {
        [`GET ${API}/webhook`]: {
          body: {
            endpoint: buildEndpoint({
              enabled: false,
              failing_since: '2026-03-01T08:00:00.000Z',
              disabled_at: '2026-03-06T08:00:00.000Z',
            }),
          },
        },
      },
      { path: WEBHOOKS },
    );
    const state = await endpointCard().findByTestId('webhook-state', {});
    expect(state).toHaveTextContent('The endpoint is switched off');
    expect(state).toHaveTextContent(/Switched off on .*2026.* after 5 days without a successful delivery/);
  });

  it('lists the deliveries with their attempts, sends one again and refreshes', async () => {
    const user = userEvent.setup();
    let deliveries = [
      buildDelivery({
        id: 'msg_failed',
        event_type: 'application.status_changed',
        status: 'pending',
        attempts: 2,
        attempt_log: [
          {
            at: '2026-03-05T10:00:01.000Z',
            status: null,
            error: 'connect ECONNREFUSED 127.0.0.1:9',
            body: null,
            ms: 12,
          },
          {
            at: '2026-03-05T10:00:06.000Z',
            status: 503,
            error: null,
            body: `Service unavailable ${'x'.repeat(300)}`,
            ms: 1530,
          },
        ],
        next_attempt_at: '2026-03-05T10:05:06.000Z',
        delivered_at: null,
      }),
      buildDelivery(),
    ];
    const { api } = await renderConsole(
      {
        [`GET ${API}/webhook`]: { body: { endpoint: buildEndpoint() } },
        [`GET ${API}/webhook/deliveries`]: () => ({ body: { deliveries } }),
        [`POST ${API}/webhook/deliveries/:id/replay`]: () => {
          deliveries = [{ ...deliveries[0]!, status: 'succeeded', attempts: 3, next_attempt_at: null }, deliveries[1]!];
          return { body: { ok: true } };
        },
      },
      { path: WEBHOOKS },
    );
    const table = await screen.findByRole('region', { name: '2 events' });
    const rows = within(table).getAllByTestId('delivery-row');
    expect(rows[0]).toHaveTextContent(
      /^application\.status_changedShow attempts \(2\)Pending2Mar 5, 2026.*Send again$/,
    );
    expect(rows[1]).toHaveTextContent(/^application\.submittedShow attempts \(1\)Delivered1–/);

    await user.click(within(rows[0]!).getByRole('button', { name: 'Show attempts (2)' }));
    const log = within(table).getByRole('list', { name: 'Attempts of application.status_changed' });
    const attempts = within(log).getAllByRole('listitem');
    expect(attempts[0]).toHaveTextContent(/No answer.*12 ms.*Error: connect ECONNREFUSED 127\.0\.0\.1:9/);
    expect(attempts[1]).toHaveTextContent(/HTTP 503.*1,530 ms.*Service unavailable x+…$/);
    expect(attempts[1]!.textContent!.length).toBeLessThan(260);
    expect(within(rows[0]!).getByRole('button', { name: 'Hide attempts' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(within(rows[0]!).getByRole('button', { name: 'Send again: application.status_changed' }));
    expect(await screen.findByText('The event is being sent again.', {})).toBeInTheDocument();
    expect(api.callsTo(`POST ${API}/webhook/deliveries/:id/replay`)[0]!.path).toBe(
      `${API}/webhook/deliveries/msg_failed/replay`,
    );
    await waitFor(() => expect(within(table).getAllByTestId('delivery-row')[0]).toHaveTextContent(/Delivered3–/));
    const before = api.callsTo(`GET ${API}/webhook/deliveries`).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.callsTo(`GET ${API}/webhook/deliveries`)).toHaveLength(before + 1));
  });

  it('explains a replay refused because the endpoint is switched off', async () => {
    const user = userEvent.setup();
    await renderConsole(
      {
        [`GET ${API}/webhook`]: { body: { endpoint: buildEndpoint({ enabled: false }) } },
        [`GET ${API}/webhook/deliveries`]: { body: { deliveries: [buildDelivery({ status: 'failed' })] } },
        [`POST ${API}/webhook/deliveries/:id/replay`]: { status: 409, body: errorBody('err_update_not_allowed') },
      },
      { path: WEBHOOKS },
    );
    await user.click(await screen.findByRole('button', { name: 'Send again: application.submitted' }));
    expect(
      await screen.findByText(/The endpoint is switched off: switch “Send events” on and save it first\./, {}),
    ).toBeInTheDocument();
  });

  it('says when no event was sent yet', async () => {
    await renderConsole({}, { path: WEBHOOKS });
    expect(await inCard('Deliveries').findByText('No events sent yet', {})).toBeInTheDocument();
  });
});
