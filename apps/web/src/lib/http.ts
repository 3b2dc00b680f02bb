import { REQUEST_TIMEOUT_MS, ERROR_TOAST_MS } from '@finportal/contracts/constants';
import { EMAIL_NOT_CONFIRMED, SESSION_EXPIRED, type ApiErrorItem } from '@finportal/contracts/errors';
import { readApiBase } from './boot-params';
import { i18n, translateErrorCode } from './i18n';
import { emailNotConfirmedStore, logoutLocally, sessionExpiredNotice } from './session-store';
import { showToast } from './toast';

/**
 * The HTTP client of spec 1 section 7 "Client behaviour": configurable base path, 30 s timeout,
 * credentials included, JSON in and out, translated error toasts (7 s), the e-mail-not-confirmed
 * page, one session-expired notice, and a local logout on 401.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Query string parameters (null/undefined are left out, arrays repeat the key). */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** JSON body for POST/PUT/PATCH/DELETE; `{}` is sent when absent. */
  body?: unknown;
  /** Defaults to 30 s; pass APPLICATION_CREATE_TIMEOUT_MS (120 s) for application creation. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** No global error toast: the caller shows the errors itself (inline field errors, its own message). */
  silent?: boolean;
  /**
   * The caller shows err_email_not_confirmed itself, beside its form (settings): the page is not
   * replaced by the e-mail-not-confirmed page, so nothing typed is lost.
   */
  inlineEmailNotConfirmed?: boolean;
  headers?: Record<string, string>;
}

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status, null when no response arrived. */
  readonly status: number | null;
  readonly errors: ApiErrorItem[];
  readonly method: HttpMethod;
  readonly path: string;

  constructor(init: {
    kind: ApiErrorKind;
    status: number | null;
    errors: ApiErrorItem[];
    method: HttpMethod;
    path: string;
  }) {
    super(init.errors[0]?.code ?? (init.status ? `HTTP ${init.status}` : init.kind));
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.errors = init.errors;
    this.method = init.method;
    this.path = init.path;
  }

  /** The first error code (the one that decides the e-mail-not-confirmed page). */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }

  hasCode(code: string): boolean {
    return this.errors.some((e) => e.code === code);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

let apiBase: string | null = null;

export function setApiBase(base: string): void {
  apiBase = base.endsWith('/') ? base.slice(0, -1) : base;
}

export function getApiBase(): string {
  if (apiBase === null) apiBase = readApiBase();
  return apiBase;
}

/** Calls after which a 401 must not log the user out locally (they are made while logged out). */
const NO_LOGOUT_ON_401: ReadonlyArray<{ method: HttpMethod; path: RegExp }> = [
  { method: 'POST', path: /^\/user\/account\/login$/ },
  { method: 'POST', path: /^\/user\/users$/ },
  { method: 'POST', path: /^\/user\/account\/recover$/ },
  { method: 'POST', path: /^\/user\/account\/invite_accept$/ },
  { method: 'POST', path: /^\/user\/account\/confirm_email\/[^/]+$/ },
];

function logsOutOn401(method: HttpMethod, path: string): boolean {
  const bare = path.split('?')[0] ?? path;
  return !NO_LOGOUT_ON_401.some((rule) => rule.method === method && rule.path.test(bare));
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${getApiBase()}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === null || value === undefined) continue;
      params.append(key, String(value));
    }
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

const closeLabel = () => ({ 'aria-label': i18n.t('common:close') });

/** Shows an error toast for 7 s unless the session-expired notice has already been shown. */
export function showErrorToast(message: string, title?: string): void {
  if (sessionExpiredNotice.shown) return;
  showToast({
    message,
    title,
    color: 'red',
    autoClose: ERROR_TOAST_MS,
    withBorder: true,
    closeButtonProps: closeLabel(),
  });
}

export function showSuccessToast(message: string, title?: string): void {
  showToast({
    message,
    title,
    color: 'green',
    autoClose: ERROR_TOAST_MS,
    withBorder: true,
    closeButtonProps: closeLabel(),
  });
}

/** One translated message per distinct error item. */
export function itemMessages(items: readonly ApiErrorItem[]): string[] {
  const messages: string[] = [];
  for (const item of items) {
    const message = translateErrorCode(item.code, item.values);
    if (!messages.includes(message)) messages.push(message);
  }
  return messages;
}

/** The translated messages of an error: one per code, or the fallback for code-less/network errors. */
export function errorMessages(error: unknown, fallbackKey = 'common:request-failed'): string[] {
  if (isApiError(error) && error.errors.length > 0) return itemMessages(error.errors);
  return [i18n.t(fallbackKey)];
}

/** Toast every message of an error (used by callers that opted out of the global toast). */
export function notifyError(error: unknown, title?: string): void {
  if (isApiError(error) && (error.kind === 'aborted' || error.code === EMAIL_NOT_CONFIRMED)) return;
  for (const message of errorMessages(error)) showErrorToast(message, title);
}

/** Reports a failed call as the options ask (toast, session end); lib/download-file.ts uses it too. */
export function handleFailure(error: ApiError, options: RequestOptions): void {
  if (error.kind === 'aborted') return;
  // A staff session is not the borrower's: the back office shows its own login on a 401 of its calls.
  if (error.status === 401 && error.path.startsWith('/backoffice/')) return;
  if (error.status === 401 && logsOutOn401(error.method, error.path)) logoutLocally();

  if (error.code === EMAIL_NOT_CONFIRMED) {
    if (!options.inlineEmailNotConfirmed) emailNotConfirmedStore.set(true);
    return;
  }
  if (sessionExpiredNotice.shown) return;
  if (error.hasCode(SESSION_EXPIRED)) {
    showErrorToast(translateErrorCode(SESSION_EXPIRED));
    sessionExpiredNotice.shown = true;
    return;
  }
  if (options.silent) return;
  notifyError(error);
}

/** Retry-After in seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * A 429 says how long to wait: the API puts `seconds` into the item's values; where they are
 * missing (a proxy's 429, an empty body) they come from the Retry-After header.
 */
function withRetryAfter(items: ApiErrorItem[], response: Response): ApiErrorItem[] {
  if (response.status !== 429) return items;
  const seconds = retryAfterSeconds(response.headers.get('retry-after'));
  if (seconds === undefined || seconds <= 0) return items;
  const code = 'err_too_many_requests';
  const list = items.length ? items : [{ code }];
  return list.map((item) =>
    item.code === code && item.values?.seconds === undefined
      ? { ...item, values: { ...item.values, seconds, minutes: Math.ceil(seconds / 60) } }
      : item,
  );
}

async function readErrorItems(response: Response): Promise<ApiErrorItem[]> {
  try {
    const text = await response.text();
    if (!text) return [];
    const parsed: unknown = JSON.parse(text);
    const list = (parsed as { errors?: unknown } | null)?.errors;
    if (!Array.isArray(list)) return [];
    return list.filter(
      (item): item is ApiErrorItem =>
        !!item && typeof item === 'object' && typeof (item as { code?: unknown }).code === 'string',
    );
  } catch {
    return [];
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) return JSON.parse(text);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One HTTP call with the portal's conventions, answering the response (lib/download-file.ts uses it too). */
export async function send(method: HttpMethod, path: string, options: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onExternalAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onExternalAbort);

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = { method, headers, credentials: 'include', signal: controller.signal };
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body ?? {});
  }

  try {
    const response = await fetch(buildUrl(path, options.query), init);
    if (!response.ok) {
      const errors = withRetryAfter(await readErrorItems(response), response);
      throw new ApiError({ kind: 'http', status: response.status, errors, method, path });
    }
    return response;
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    const kind: ApiErrorKind = timedOut ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network';
    throw new ApiError({ kind, status: null, errors: [], method, path });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onExternalAbort);
  }
}

export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  try {
    const response = await send(method, path, options);
    return (await readBody(response)) as T;
  } catch (cause) {
    const error =
      cause instanceof ApiError ? cause : new ApiError({ kind: 'network', status: null, errors: [], method, path });
    handleFailure(error, options);
    throw error;
  }
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, { ...options, body }),
};
