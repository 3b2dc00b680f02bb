import { act, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-page';

/** Preloaded lazy components (ADR 011): the first render shows them, not the Suspense fallback. */
const Hello = () => <p>hello</p>;
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const inSuspense = (Component: ComponentType) => (
  <Suspense fallback={<p>loading</p>}>
    <Component />
  </Suspense>
);

describe('lazyComponent', () => {
  it('renders a preloaded component in the first pass, without the fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ Hello }));
    const Lazy = lazyComponent(load, 'Hello');
    Lazy.preload();
    await flush();
    render(inSuspense(Lazy));
    // Synchronously after the first render: no fallback was ever committed.
    expect(screen.getByText('hello')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('without a preload it loads on first render behind the fallback, once', async () => {
    const load = vi.fn(() => Promise.resolve({ Hello }));
    const Lazy = lazyComponent(load, 'Hello');
    render(inSuspense(Lazy));
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('hello')).toBeInTheDocument();
    Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed preload: rendering loads again', async () => {
    const load = vi
      .fn<() => Promise<{ Hello: typeof Hello }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Hello });
    const Lazy = lazyComponent(load, 'Hello');
    Lazy.preload();
    await flush();
    render(inSuspense(Lazy));
    expect(await screen.findByText('hello')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
