import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../../test/api-mock';
import {
  API,
  buildConsoleConfig,
  buildDraftResponse,
  buildVersion,
  CONSOLE,
  renderConsole,
} from './console-test-setup';

const original = buildConsoleConfig();
const rebranded = buildConsoleConfig({
  fe_theme: { color_link: '#0b5cad', color_primary: '#a61e4d', color_cta_text: '#ffffff' },
  customer_support_phone: '+49 30 5555 0100',
});
const VERSIONS = [
  buildVersion({
    version: 3,
    published_at: '2026-03-06T09:30:00.000Z',
    published_by: 'anna.admin@demo-finanz.example',
    restored_from: 1,
    config: original,
  }),
  buildVersion({
    version: 2,
    published_at: '2026-03-05T16:00:00.000Z',
    published_by: 'anna.admin@demo-finanz.example',
    config: rebranded,
  }),
  buildVersion({ version: 1, published_at: '2026-03-05T15:59:00.000Z', config: original }),
];

const rows = () => screen.getAllByTestId('version-row');

describe('the published versions', () => {
  it('lists who published what and when, and restores an earlier version after a confirmation', async () => {
    const user = userEvent.setup();
    let versions = VERSIONS;
    const { api } = await renderConsole(
      {
        [`GET ${API}/draft`]: { body: buildDraftResponse({ published: original, published_version: 3 }) },
        [`GET ${API}/versions`]: () => ({ body: { versions } }),
        [`POST ${API}/versions/:version/restore`]: () => {
          versions = [buildVersion({ version: 4, restored_from: 2, config: rebranded }), ...VERSIONS];
          return { body: buildDraftResponse({ published: rebranded, published_version: 4 }) };
        },
      },
      { path: `${CONSOLE}?tab=versions` },
    );
    const table = await screen.findByRole('region', { name: '3 versions, newest first' });
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringMatching(
        /^Version 3LiveRestores version 1.*2026.*anna\.admin@demo-finanz\.example#0b5cad\+49 30 1234 5678$/,
      ),
      expect.stringMatching(
        /^Version 2.*2026.*anna\.admin@demo-finanz\.example#a61e4d\+49 30 5555 0100Restore version 2 …$/,
      ),
      expect.stringMatching(/^Version 1.*2026.*Initial configuration#0b5cad\+49 30 1234 5678Restore version 1 …$/),
    ]);
    // The live version is not offered again.
    expect(within(rows()[0]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Restore version 2 …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 2?' });
    expect(dialog).toHaveTextContent('The settings of version 2 go live at once, as version 4.');
    expect(dialog).toHaveTextContent('The draft, with any changes not yet published, is replaced');
    expect(api.callsTo(`POST ${API}/versions/:version/restore`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Restore version 2' }));
    expect(await screen.findByText('Version 2 is live again, as version 4.', {})).toBeInTheDocument();
    expect(api.callsTo(`POST ${API}/versions/:version/restore`)[0]!.path).toBe(`${API}/versions/2/restore`);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows()[0]).toHaveTextContent(/^Version 4LiveRestores version 2/);
    // The draft is the restored version now.
    await user.click(screen.getByRole('tab', { name: 'Draft' }));
    expect(screen.getByLabelText('Primary colour')).toHaveValue('#a61e4d');
    expect(screen.getByLabelText('Support phone number')).toHaveValue('+49 30 5555 0100');
    expect(screen.getByTestId('console-status')).toHaveTextContent('Version 4');
  });

  it('shows a refused restore in the dialog', async () => {
    const user = userEvent.setup();
    await renderConsole(
      {
        [`GET ${API}/draft`]: { body: buildDraftResponse({ published_version: 3 }) },
        [`GET ${API}/versions`]: { body: { versions: VERSIONS } },
        [`POST ${API}/versions/:version/restore`]: {
          status: 403,
          body: errorBody({ code: 'err_no_permission', field: 'entitlements' }),
        },
      },
      { path: `${CONSOLE}?tab=versions` },
    );
    await user.click(await screen.findByRole('button', { name: 'Restore version 1 …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore version 1' }));
    expect(await within(dialog).findByRole('alert', {})).toHaveTextContent('You do not have permission to do this.');
  });

  it('says when nothing was published yet', async () => {
    await renderConsole({}, { path: `${CONSOLE}?tab=versions` });
    expect(await screen.findByText('Nothing published yet', {})).toBeInTheDocument();
    expect(screen.getByText(/The first publication keeps it as version 1/)).toBeInTheDocument();
  });
});
