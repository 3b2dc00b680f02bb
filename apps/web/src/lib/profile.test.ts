import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockApi } from '../test/api-mock';
import { fetchProfile, NETWORK_LOGOUT_DELAY_MS } from './profile';
import { authStore, initSession, markAuthenticated } from './session-store';

/** A failed profile load logs the user out locally (spec 1 section 4), but a page being left is no failure. */
describe('fetchProfile', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const loggedIn = () => {
    initSession('demo');
    markAuthenticated();
    expect(authStore.get().isAuthenticated).toBe(true);
  };

  it('an answer of the server that refuses the session logs out at once', async () => {
    loggedIn();
    mockApi({ 'GET /user/profile': { status: 401, body: errorBody('err_unauthorized') } });
    await expect(fetchProfile()).rejects.toThrow();
    expect(authStore.get().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem('fp:demo:isAuthenticated')).toBeNull();
  });

  it('a request cut off by the network (as when the page is left) logs out only a moment later', async () => {
    loggedIn();
    vi.useFakeTimers();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchProfile()).rejects.toThrow();
    // The next page reads the flag now: it is still there.
    expect(window.localStorage.getItem('fp:demo:isAuthenticated')).toBe('true');
    vi.advanceTimersByTime(NETWORK_LOGOUT_DELAY_MS);
    expect(authStore.get().isAuthenticated).toBe(false);
  });

  it('an aborted request logs nobody out', async () => {
    loggedIn();
    vi.useFakeTimers();
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = fetchProfile(controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow();
    vi.advanceTimersByTime(NETWORK_LOGOUT_DELAY_MS * 2);
    expect(authStore.get().isAuthenticated).toBe(true);
  });
});
