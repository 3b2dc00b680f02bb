import { EMAIL_NOT_CONFIRMED } from '@finportal/contracts/errors';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsHost } from '../app/notifications-host';
import { errorBody, mockApi } from '../test/api-mock';
import { downloadFile } from './download-file';
import { ApiError, buildUrl, http, setApiBase } from './http';
import { authStore, emailNotConfirmedStore, initSession, markAuthenticated } from './session-store';
import { clearToasts } from './toast';

function renderToasts() {
  return render(
    <MantineProvider env="test">
      <NotificationsHost />
    </MantineProvider>,
  );
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Lets pending promises (lazy toast module, timers of 0) settle. */
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('http client', () => {
  beforeEach(() => {
    setApiBase('/api');
    initSession('demo');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends JSON with credentials, `{}` when there is no body, and GET query parameters', async () => {
    const api = mockApi({ 'POST /user/account/logout': { body: { ok: true } }, 'GET /things': { body: [1] } });
    await http.post('/user/account/logout');
    await http.get('/things', { query: { a: 1, b: null, c: ['x', 'y'] } });
    const [post, get] = api.calls;
    expect(post?.init?.credentials).toBe('include');
    expect(post?.init?.body).toBe('{}');
    expect((post?.init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(get?.init?.body).toBeUndefined();
    expect(get?.query.toString()).toBe('a=1&c=x&c=y');
    expect(String(api.fetch.mock.calls[1]?.[0])).toBe('/api/things?a=1&c=x&c=y');
  });

  it('uses the configured base path', () => {
    setApiBase('/portal-api/');
    expect(buildUrl('/config')).toBe('/portal-api/config');
  });

  it('shows one translated toast per error code', async () => {
    renderToasts();
    mockApi({ 'POST /x': { status: 400, body: errorBody('err_invalid_credentials', 'err_too_many_requests') } });
    const error = await rejection(http.post('/x', { a: 1 }));
    expect(error.status).toBe(400);
    expect(await screen.findByText('The e-mail address or password is incorrect.')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Please wait a moment and try again.')).toBeInTheDocument();
  });

  it('interpolates the error values', async () => {
    renderToasts();
    mockApi({
      'POST /x': { status: 400, body: errorBody({ code: 'err_too_long', field: 'email', values: { max: 250 } }) },
    });
    await rejection(http.post('/x'));
    expect(await screen.findByText('Please enter no more than 250 characters.')).toBeInTheDocument();
  });

  it('says how long a 429 asks to wait: from the values the API sends, else from Retry-After', async () => {
    renderToasts();
    mockApi({
      'POST /user/account/login': {
        status: 429,
        headers: { 'Retry-After': '42' },
        body: errorBody({ code: 'err_too_many_requests', values: { seconds: 42, minutes: 1 } }),
      },
      'POST /user/account/reset': { status: 429, headers: { 'Retry-After': '900' } },
    });
    await rejection(http.post('/user/account/login', {}));
    expect(await screen.findByText('Too many attempts. Please try again in 42 seconds.')).toBeInTheDocument();

    const bare = await rejection(http.post('/user/account/reset', {}));
    expect(bare.errors).toEqual([{ code: 'err_too_many_requests', values: { seconds: 900, minutes: 15 } }]);
    expect(await screen.findByText('Too many attempts. Please try again in 15 minutes.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('{{');
  });

  it('shows an unknown code as the code itself', async () => {
    renderToasts();
    mockApi({ 'GET /x': { status: 409, body: errorBody('err_brand_new_code') } });
    await rejection(http.get('/x'));
    expect(await screen.findByText('err_brand_new_code')).toBeInTheDocument();
  });

  it('falls back to common.request-failed for code-less and network errors', async () => {
    renderToasts();
    mockApi({ 'GET /x': { status: 500 } });
    const error = await rejection(http.get('/x'));
    expect(error.errors).toEqual([]);
    expect(await screen.findByText('The request failed. Please try again.')).toBeInTheDocument();

    clearToasts();
    await waitFor(() => expect(screen.queryByText('The request failed. Please try again.')).not.toBeInTheDocument());
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const network = await rejection(http.get('/y'));
    expect(network.kind).toBe('network');
    expect(await screen.findByText('The request failed. Please try again.')).toBeInTheDocument();
  });

  it('shows an identical message only once while it is visible', async () => {
    renderToasts();
    mockApi({ 'GET /x': { status: 400, body: errorBody('err_invalid_value') } });
    await rejection(http.get('/x'));
    await rejection(http.get('/x'));
    await screen.findByText('This value is invalid.');
    await settle();
    expect(screen.getAllByText('This value is invalid.')).toHaveLength(1);
  });

  it('keeps error toasts for 7 seconds', async () => {
    renderToasts();
    mockApi({ 'GET /x': { status: 400, body: errorBody('err_required') } });
    await rejection(http.get('/x'));
    await screen.findByText('This field is required.');
    const { notificationsStore } = await import('@mantine/notifications');
    expect(notificationsStore.getState().notifications[0]?.autoClose).toBe(7000);
  });

  it('shows nothing for err_email_not_confirmed, rejects, and raises the not-confirmed page', async () => {
    renderToasts();
    mockApi({ 'POST /user/account/change_password': { status: 403, body: errorBody(EMAIL_NOT_CONFIRMED) } });
    const error = await rejection(http.post('/user/account/change_password', {}));
    expect(error.code).toBe(EMAIL_NOT_CONFIRMED);
    expect(emailNotConfirmedStore.get()).toBe(true);
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('confirm your e-mail address first');
  });

  it('leaves err_email_not_confirmed to a caller that shows it inline (settings): no not-confirmed page', async () => {
    renderToasts();
    mockApi({ 'POST /user/account/change_password': { status: 403, body: errorBody(EMAIL_NOT_CONFIRMED) } });
    const error = await rejection(
      http.post('/user/account/change_password', {}, { silent: true, inlineEmailNotConfirmed: true }),
    );
    expect(error.code).toBe(EMAIL_NOT_CONFIRMED);
    expect(emailNotConfirmedStore.get()).toBe(false);
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the session-expired notice once and stays silent afterwards', async () => {
    renderToasts();
    markAuthenticated();
    mockApi({
      'GET /user/profile': { status: 401, body: errorBody('err_session_expired') },
      'GET /other': { status: 400, body: errorBody('err_invalid_value') },
    });
    await rejection(http.get('/user/profile'));
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    await rejection(http.get('/user/profile'));
    await rejection(http.get('/other'));
    await settle();
    expect(screen.getAllByText('Your session has expired. Please log in again.')).toHaveLength(1);
    expect(screen.queryByText('This value is invalid.')).not.toBeInTheDocument();
  });

  it('does not toast when the caller opted out (silent)', async () => {
    renderToasts();
    mockApi({ 'POST /x': { status: 400, body: errorBody('err_invalid_value') } });
    await rejection(http.post('/x', {}, { silent: true }));
    await settle();
    expect(screen.queryByText('This value is invalid.')).not.toBeInTheDocument();
  });

  it('logs the user out locally on 401', async () => {
    markAuthenticated();
    mockApi({ 'GET /user/applications': { status: 401, body: errorBody('err_unauthorized') } });
    await rejection(http.get('/user/applications', { silent: true }));
    expect(authStore.get()).toMatchObject({ isAuthenticated: false, loggedOutByUser: false });
    expect(window.localStorage.getItem('fp:demo:isAuthenticated')).toBeNull();
  });

  it.each([
    ['POST', '/user/account/login'],
    ['POST', '/user/users'],
    ['POST', '/user/account/recover'],
    ['POST', '/user/account/invite_accept'],
    ['POST', '/user/account/confirm_email/abcdefghijklmnopqrstuvwxyz'],
  ])('keeps the session on a 401 of %s %s', async (method, path) => {
    markAuthenticated();
    mockApi({ [`${method} ${path}`]: { status: 401, body: errorBody('err_invalid_credentials') } });
    await rejection(http.post(path, {}, { silent: true }));
    expect(authStore.get().isAuthenticated).toBe(true);
  });

  it('leaves a 401 of the back office (staff session) to the back office: no logout, no session-expired notice', async () => {
    renderToasts();
    markAuthenticated();
    mockApi({
      'GET /backoffice/applications': { status: 401, body: errorBody('err_session_expired') },
      'POST /backoffice/login': { status: 401, body: errorBody('err_invalid_credentials') },
    });
    await rejection(http.get('/backoffice/applications'));
    await rejection(http.post('/backoffice/login', {}));
    await settle();
    expect(authStore.get().isAuthenticated).toBe(true);
    expect(window.localStorage.getItem('fp:demo:isAuthenticated')).toBe('true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('times out after 30 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = rejection(http.get('/slow', { silent: true }));
    await vi.advanceTimersByTimeAsync(29_999);
    let done = false;
    void pending.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).kind).toBe('timeout');
  });

  it('downloads a blob through a temporary link', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('%PDF', {
            status: 200,
            headers: { 'content-disposition': 'attachment; filename="offer.pdf"' },
          }),
      ),
    );
    await downloadFile('/user/documents/1/download');
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('offer.pdf');
  });
});
