import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../../test/api-mock';
import { API, buildConsoleConfig, buildDraftResponse, inCard, renderConsole } from './console-test-setup';

const png = (bytes = 64) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('the logo of the console', () => {
  it('uploads a PNG into the draft and keeps what is being typed', async () => {
    const user = userEvent.setup();
    const published = buildConsoleConfig({ logo: 'demo.svg' });
    const { api } = await renderConsole({
      [`GET ${API}/draft`]: { body: buildDraftResponse({ published }) },
      [`PUT ${API}/draft/logo`]: {
        body: buildDraftResponse({ published, draft: { ...published, logo: 'upload-5f2c.png' }, has_changes: true }),
      },
    });
    expect(inCard('Logo').getByRole('img', { name: 'Logo of Demo Finanz now' })).toHaveAttribute(
      'src',
      '/api/partner/key/demo/logo',
    );
    await user.clear(screen.getByLabelText('Support phone number'));
    await user.type(screen.getByLabelText('Support phone number'), '+49 30 5555 0100');
    await user.upload(fileInput(), png());
    expect(await screen.findByText('The new logo is in the draft.', {})).toBeInTheDocument();
    const call = api.callsTo(`PUT ${API}/draft/logo`)[0]!;
    expect(call.init?.body).toBeInstanceOf(File);
    expect(new Headers(call.init?.headers).get('Content-Type')).toBe('image/png');
    expect(await inCard('Logo').findByRole('img', { name: 'New logo in the draft' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(screen.getByLabelText('Support phone number')).toHaveValue('+49 30 5555 0100');
    expect(screen.getByTestId('console-dirty')).toHaveTextContent('You have unsaved changes.');
    // The publication will show the new logo among the changes.
    await user.click(screen.getByRole('button', { name: 'Publish …' }));
    expect(await screen.findByTestId('publish-changes', {})).toHaveTextContent(
      'LogoBefore: demo.svg→After: upload-5f2c.png',
    );
  });

  it('refuses other files and sizes before sending, and says why the API refused one', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { api } = await renderConsole({
      [`PUT ${API}/draft/logo`]: {
        status: 400,
        body: errorBody({ code: 'err_invalid_value', field: 'logo', values: { min: 16, max: 2000 } }),
      },
    });
    await user.upload(fileInput(), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(inCard('Logo').getByRole('alert')).toHaveTextContent('Please choose a PNG file.');
    await user.upload(fileInput(), png(300 * 1024));
    expect(inCard('Logo').getByRole('alert')).toHaveTextContent('The file is too large: at most 256 KB.');
    expect(api.callsTo(`PUT ${API}/draft/logo`)).toHaveLength(0);
    await user.upload(fileInput(), png());
    await waitFor(() =>
      expect(inCard('Logo').getByRole('alert')).toHaveTextContent('The logo must be 16 to 2000 pixels wide and high.'),
    );
  });
});
