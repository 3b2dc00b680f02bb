import { vi } from 'vitest';

/**
 * The only mock in component tests: `fetch`. Routes are "METHOD /path" (path without the /api
 * base; `:param` segments match anything). Unmatched calls answer 404 err_not_found.
 */
export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  init: RequestInit | undefined;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type MockRoute = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>);

export function errorBody(
  ...codes: Array<string | { code: string; field?: string; values?: Record<string, unknown> }>
) {
  return { errors: codes.map((c) => (typeof c === 'string' ? { code: c } : c)) };
}

function matches(pattern: string, key: string): boolean {
  const [pm, pp = ''] = pattern.split(' ');
  const [km, kp = ''] = key.split(' ');
  if (pm !== km) return false;
  const a = pp.split('/');
  const b = kp.split('/');
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

export function mockApi(routes: Record<string, MockRoute>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: MockRequest = { method, path, query: url.searchParams, body, init };
    calls.push(request);
    const key = `${method} ${path}`;
    const route = routes[key] ?? Object.entries(routes).find(([pattern]) => matches(pattern, key))?.[1];
    const reply: MockReply = route
      ? typeof route === 'function'
        ? await route(request)
        : route
      : { status: 404, body: errorBody('err_not_found') };
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    calls,
    /** Calls to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((c) => matches(key, `${c.method} ${c.path}`)),
  };
}
