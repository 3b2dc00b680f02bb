import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http';
import { ContentErrorBoundary } from './content-error-boundary';

function Boom({ error }: { error: unknown }): never {
  throw error;
}

/** The shell keys the boundary by path; here a button plays the navigation. */
function Harness({ error }: { error: unknown }) {
  const [path, setPath] = useState('/a');
  return (
    <>
      <button type="button" onClick={() => setPath('/b')}>
        navigate
      </button>
      <ContentErrorBoundary key={path}>{path === '/a' ? <Boom error={error} /> : <p>page b</p>}</ContentErrorBoundary>
    </>
  );
}

describe('content error boundary', () => {
  it('shows the generic error page with the HTTP status, and resets on navigation', async () => {
    const user = userEvent.setup();
    const onCaughtError = vi.fn();
    const error = new ApiError({ kind: 'http', status: 503, errors: [], method: 'GET', path: '/x' });
    render(
      <MantineProvider env="test">
        <Harness error={error} />
      </MantineProvider>,
      { onCaughtError },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Error code: 503')).toBeInTheDocument();
    expect(screen.getByText(/could not be processed/)).toBeInTheDocument();
    expect(screen.getByText(/If the problem persists/)).toBeInTheDocument();
    expect(onCaughtError).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'navigate' }));
    expect(screen.getByText('page b')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });

  it('shows no error code for errors without a status', async () => {
    render(
      <MantineProvider env="test">
        <Harness error={new Error('render bug')} />
      </MantineProvider>,
      { onCaughtError: () => {} },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText(/Error code/)).not.toBeInTheDocument();
  });
});
