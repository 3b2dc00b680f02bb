import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../../test/api-mock';
import { buildStaffProfile } from '../../../../test/factories';
import { renderBackoffice } from '../backoffice-test-setup';
import {
  API,
  buildConsoleConfig,
  buildDraftResponse,
  CONSOLE,
  inCard,
  partnerAdmin,
  renderConsole,
} from './console-test-setup';

const field = (label: string | RegExp) => screen.getByLabelText(label);
const readability = (pair: 'cta' | 'link') => screen.getByTestId(`readability-${pair}`);

async function retype(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.clear(field(label));
  await user.type(field(label), text);
}

describe('the partner console', () => {
  it('is linked in the header for a partner admin and shows where the settings stand', async () => {
    const user = userEvent.setup();
    await renderBackoffice('/backoffice', {
      staff: partnerAdmin(),
      api: {
        [`GET ${API}/draft`]: {
          body: buildDraftResponse({
            draft: buildConsoleConfig({ customer_support_phone: '+49 30 9999 0000' }),
            published_version: 3,
            has_changes: true,
            draft_updated_at: '2026-03-05T10:00:00.000Z',
            draft_updated_by: 'anna.admin@demo-finanz.example',
          }),
        },
        [`GET ${API}/versions`]: { body: { versions: [] } },
        [`GET ${API}/webhook`]: { body: { endpoint: null } },
        [`GET ${API}/webhook/deliveries`]: { body: { deliveries: [] } },
      },
    });
    await user.click(await screen.findByRole('link', { name: 'Portal settings' }));
    await screen.findByRole('heading', { level: 1, name: 'Portal settings' });
    expect(screen.getByRole('link', { name: 'Portal settings' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Portal settings - Demo Finanz');
    const status = await screen.findByTestId('console-status', {});
    expect(status).toHaveTextContent('Live nowVersion 3');
    expect(status).toHaveTextContent(/Last saved by anna\.admin@demo-finanz\.example on .*2026/);
    expect(status).toHaveTextContent('Differs from the live version');
    expect(field('Display name')).toHaveValue('Demo Finanz');
    expect(field('Support phone number')).toHaveValue('+49 30 9999 0000');
    expect(field('Primary colour')).toHaveValue('#0b5cad');
    expect(readability('cta')).toHaveTextContent(
      'Button text on the primary colour: 6.66:1 (at least 4.5:1 needed)Readable',
    );
    expect(screen.getByRole('checkbox', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Polski' })).toBeChecked();
    expect(field('Default language')).toHaveValue('de');
    expect(screen.getByRole('switch', { name: /Advisor appointments/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Marketing consent/ })).not.toBeChecked();
    // Entitlements are the operator's: shown, not editable, and why.
    expect(screen.getByRole('checkbox', { name: 'Company research' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Company research' })).toBeDisabled();
    expect(screen.getByText(/only the operator's staff can change them/)).toBeInTheDocument();
    expect(screen.getByTestId('console-dirty')).toHaveTextContent('Everything is saved.');
  });

  it('checks the colours live, refuses an unreadable theme without asking the API, then saves the draft', async () => {
    const user = userEvent.setup();
    const { api } = await renderConsole({
      [`PUT ${API}/draft`]: ({ body }) => ({
        body: buildDraftResponse({
          draft: body as never,
          has_changes: true,
          draft_updated_at: new Date().toISOString(),
          draft_updated_by: 'clara.kredit@bank.example',
        }),
      }),
    });
    await retype(user, 'Primary colour', '#ffd43b');
    expect(readability('cta')).toHaveTextContent('1.42:1 (at least 4.5:1 needed)Too little contrast');
    expect(screen.getByTestId('theme-sample').querySelector('[data-readable]')).toHaveStyle({
      background: '#ffd43b',
    });
    await retype(user, 'Support phone number', '+49 30 5555 0100');
    expect(screen.getByTestId('console-dirty')).toHaveTextContent('You have unsaved changes.');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      screen.getByText('The contrast is too low: 1.42:1 against #ffd43b, at least 4.5:1 is needed for readable text.'),
    ).toBeInTheDocument();
    expect(field('Button text colour')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Primary colour')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Button text colour')).toHaveFocus();
    expect(api.callsTo(`PUT ${API}/draft`)).toHaveLength(0);

    await retype(user, 'Primary colour', 'A61E4D');
    expect(readability('cta')).toHaveTextContent('7.2:1');
    expect(screen.queryByText(/The contrast is too low/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The draft has been saved.', {})).toBeInTheDocument();
    const sent = api.callsTo(`PUT ${API}/draft`)[0]!.body as ReturnType<typeof buildConsoleConfig>;
    expect(sent).toEqual(
      buildConsoleConfig({
        fe_theme: { color_link: '#0b5cad', color_primary: '#a61e4d', color_cta_text: '#ffffff' },
        customer_support_phone: '+49 30 5555 0100',
      }),
    );
    // The saved draft is the form's now: written as saved, nothing left unsaved.
    await waitFor(() => expect(field('Primary colour')).toHaveValue('#a61e4d'));
    expect(screen.getByTestId('console-dirty')).toHaveTextContent('Everything is saved.');
    expect(screen.getByTestId('console-status')).toHaveTextContent(/Last saved by clara\.kredit@bank\.example/);
  });

  it("puts the API's refusal on its fields and keeps everything typed", async () => {
    const user = userEvent.setup();
    await renderConsole({
      [`PUT ${API}/draft`]: {
        status: 400,
        body: errorBody(
          { code: 'err_invalid_value', field: 'customer_support_phone' },
          { code: 'err_invalid_value', field: 'languages' },
          { code: 'err_invalid_value', field: 'countries' },
        ),
      },
    });
    await retype(user, 'Support phone number', '+49 30 5555 0100');
    await retype(user, 'Display name', 'Demo Finanz Business');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert', {});
    expect(alert).toHaveTextContent('The draft was not saved');
    expect(alert).toHaveTextContent('This value is invalid.');
    expect(field('Support phone number')).toHaveAccessibleDescription(/This value is invalid\./);
    expect(field('Default language')).toHaveAccessibleDescription(
      /The default language must be one of the languages offered\./,
    );
    expect(field('Support phone number')).toHaveFocus();
    expect(field('Support phone number')).toHaveValue('+49 30 5555 0100');
    expect(field('Display name')).toHaveValue('Demo Finanz Business');
    // The message goes once the field changes.
    await user.type(field('Support phone number'), '1');
    expect(field('Support phone number')).not.toHaveAccessibleDescription(/This value is invalid\./);
  });

  it('asks for at least one language and a default that is offered', async () => {
    const user = userEvent.setup();
    const { api } = await renderConsole();
    await user.click(screen.getByRole('checkbox', { name: 'Deutsch' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByText('The default language must be one of the languages offered.')).toBeInTheDocument();
    expect(field('Default language')).toHaveFocus();
    await user.selectOptions(field('Default language'), 'English');
    for (const name of ['English', 'Polski', 'Français']) await user.click(screen.getByRole('checkbox', { name }));
    expect(screen.getByText('Please choose at least one language.')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${API}/draft`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('checkbox', { name: 'Deutsch' })).toBeChecked();
    expect(screen.queryByText('Please choose at least one language.')).not.toBeInTheDocument();
  });

  it('publishes after showing what changes, saving unsaved changes first', async () => {
    const user = userEvent.setup();
    const published = buildConsoleConfig();
    const draft = buildConsoleConfig({ customer_support_phone: '+49 30 5555 0100' });
    const { api } = await renderConsole({
      [`GET ${API}/draft`]: { body: buildDraftResponse({ published, draft, has_changes: true }) },
      [`PUT ${API}/draft`]: ({ body }) => ({ body: buildDraftResponse({ published, draft: body as never }) }),
      [`POST ${API}/publish`]: () => ({
        body: buildDraftResponse({
          published: api.callsTo(`PUT ${API}/draft`)[0]!.body as never,
          published_version: 2,
        }),
      }),
    });
    await retype(user, 'Primary colour', '#a61e4d');
    await user.click(screen.getByRole('switch', { name: /Marketing consent/ }));
    await user.click(screen.getByRole('button', { name: 'Publish …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish the draft?' });
    expect(dialog).toHaveTextContent('3 settings change:');
    const changes = within(within(dialog).getByTestId('publish-changes')).getAllByRole('listitem');
    expect(changes.map((c) => c.textContent)).toEqual([
      'Primary colourBefore: #0b5cad→After: #a61e4d',
      'Support phone numberBefore: +49 30 1234 5678→After: +49 30 5555 0100',
      'Marketing consentBefore: off→After: on',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Published: version 2 is live.', {})).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Saved first, then published.
    const order = api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual([`PUT ${API}/draft`, `POST ${API}/publish`]);
    expect(screen.getByTestId('console-status')).toHaveTextContent('Version 2');
    expect(screen.getByRole('button', { name: 'Publish …' })).toBeDisabled();
    expect(screen.getByText('Nothing to publish: the draft is the same as the live version.')).toBeInTheDocument();
  });

  it('shows a refused publication in the dialog', async () => {
    const user = userEvent.setup();
    await renderConsole({
      [`GET ${API}/draft`]: {
        body: buildDraftResponse({
          draft: buildConsoleConfig({ display_name: 'Demo Finanz Business' }),
          has_changes: true,
        }),
      },
      [`POST ${API}/publish`]: { status: 409, body: errorBody('err_nothing_to_publish') },
    });
    await user.click(screen.getByRole('button', { name: 'Publish …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish the draft?' });
    expect(dialog).toHaveTextContent('1 setting changes:');
    await user.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    expect(await within(dialog).findByRole('alert', {})).toHaveTextContent(
      'There is nothing to publish: the draft is the same as the live version.',
    );
  });

  it('previews the draft in this browser until the preview is ended', async () => {
    const user = userEvent.setup();
    const { api } = await renderConsole({
      [`POST ${API}/preview`]: { body: { preview_url: 'http://demo.localhost:3000/' } },
      [`DELETE ${API}/preview`]: { body: { ok: true } },
    });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const on = await screen.findByTestId('preview-on', {});
    expect(within(on).getByRole('link', { name: 'Open the portal preview' })).toHaveAttribute(
      'href',
      'http://demo.localhost:3000/',
    );
    // Nothing was changed: nothing to save before the preview.
    expect(api.callsTo(`PUT ${API}/draft`)).toHaveLength(0);
    await user.click(within(on).getByRole('button', { name: 'End preview' }));
    expect(await screen.findByText(/The preview has ended/, {})).toBeInTheDocument();
    expect(screen.queryByTestId('preview-on')).not.toBeInTheDocument();
    expect(api.callsTo(`DELETE ${API}/preview`)).toHaveLength(1);
  });

  it('saves what changed before the preview, and previews nothing the API refused', async () => {
    const user = userEvent.setup();
    const { api } = await renderConsole({
      [`PUT ${API}/draft`]: {
        status: 400,
        body: errorBody({ code: 'err_invalid_value', field: 'url_list.terms' }),
      },
      [`POST ${API}/preview`]: { body: { preview_url: 'http://demo.localhost:3000/' } },
    });
    await retype(user, 'Terms and conditions', 'https://demo-finanz.example/agb-2026');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(field('Terms and conditions')).toHaveAccessibleDescription(/This value is invalid\./));
    expect(api.callsTo(`PUT ${API}/draft`)).toHaveLength(1);
    expect(api.callsTo(`POST ${API}/preview`)).toHaveLength(0);
  });

  it('only shows the settings to someone without partner.write', async () => {
    const staff = partnerAdmin({
      role: 'role_partner_user',
      permissions: ['cases.read', 'partner.read'],
    });
    const { api } = await renderConsole({}, { staff });
    expect(screen.getByText('View only')).toBeInTheDocument();
    expect(field('Display name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish …' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Webhooks' }));
    expect(inCard('Webhook endpoint').getByText(/Only partner administrators/)).toBeInTheDocument();
    expect(inCard('Deliveries').getByText('No events sent yet')).toBeInTheDocument();
    expect(api.callsTo(`GET ${API}/webhook`)).toHaveLength(0);
  });

  it('is not offered to staff without partner.read', async () => {
    await renderBackoffice(CONSOLE, {
      staff: buildStaffProfile({ kind: 'puser', role: 'role_partner_user', permissions: ['cases.read'] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Portal settings' })).toBeInTheDocument();
    expect(screen.getByText(/reserved|for partner administrators/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Portal settings' })).not.toBeInTheDocument();
  });
});
