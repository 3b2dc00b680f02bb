import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, expect } from 'vitest';
import type { Profile, RegisterRequest } from '@finportal/contracts/auth';
import type { ApiErrorItem } from '@finportal/contracts/errors';
import { buildRegistration, PASSWORD } from '@finportal/testing/factories';
import { buildApp } from '../app.js';
import { loadConfig, testDatabaseUrl, type AppConfig } from '../config/env.js';
import { migrate, openDatabase, type Database } from '../db/client.js';
import { seedDemoRegistry } from '../platform/company-registry-demo.js';
import type { AppContext } from '../platform/context.js';
import type { RegisteredRoute } from '../platform/route-policy.js';
import { discardPgliteTemplate, pgliteTemplate } from './pglite-template.js';
import { SESSION_COOKIE } from '../platform/session.js';
import { PartnerRegistry, readPartnerFiles, syncPartners } from '../platform/tenancy.js';

/** A row of mail_outbox as the database returns it. */
export interface MailRow {
  id: string;
  partner_id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  template: string;
  language: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: AppConfig;
  database: Database;
  /** The API routes with their access policies, in registration order (route-access.test.ts). */
  routes: RegisteredRoute[];
  /** A browser-like client of one partner portal (Host `<key>.localhost:3000`, own cookie jar). */
  client(partnerKey?: string, options?: ClientOptions): TestClient;
  /** Raw SQL on the test database. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The outbox rows addressed to `to`, newest first. */
  mailbox(to: string, partnerKey?: string): Promise<MailRow[]>;
  /** A new borrower of a partner portal: registered, e-mail confirmed, logged in on its own client. */
  signUp(partnerKey?: string, options?: SignUpOptions): Promise<Borrower>;
  close(): Promise<void>;
}

export interface SignUpOptions extends ClientOptions {
  /** `false` leaves the e-mail unconfirmed (the borrower is logged in all the same). */
  confirm?: boolean;
  /** Fields of the registration body (buildRegistration), e.g. the e-mail or the languages. */
  registration?: Partial<RegisterRequest>;
}

/** A logged-in borrower: the browser-like client and the account behind it. */
export interface Borrower {
  client: TestClient;
  user: RegisteredUser;
}

export interface ClientOptions {
  /** The client's address (request.ip); rate limits are counted per IP. */
  ip?: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Send this string as the body instead of JSON. */
  rawBody?: string;
}

export type TestResponse = LightMyRequestResponse;

/** Sends requests the way the web app does: JSON, credentials, its own cookie jar. */
export class TestClient {
  readonly host: string;
  readonly ip: string;
  private readonly jar = new Map<string, string>();

  constructor(
    readonly harness: TestApp,
    readonly partnerKey: string,
    options: ClientOptions = {},
  ) {
    this.host = `${partnerKey}.localhost:3000`;
    this.ip = options.ip ?? '127.0.0.1';
  }

  /** The session cookie value, if any. */
  get session(): string | undefined {
    return this.jar.get(SESSION_COOKIE);
  }

  /** A cookie of the jar, e.g. the known-device cookie. */
  jarValue(name: string): string | undefined {
    return this.jar.get(name);
  }

  setCookie(name: string, value: string): void {
    this.jar.set(name, value);
  }

  clearCookies(): void {
    this.jar.clear();
  }

  /** `path` is below the API base path, e.g. `/user/profile`. */
  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<TestResponse> {
    const { app, config } = this.harness;
    const headers: Record<string, string> = { host: this.host };
    let payload: string | undefined;
    if (method !== 'GET') {
      headers['content-type'] = 'application/json';
      payload = options.rawBody ?? JSON.stringify(body ?? {});
    }
    if (this.jar.size) {
      headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    Object.assign(headers, options.headers);
    const res = await app.inject({
      method,
      url: `${config.API_BASE_PATH}${path}`,
      headers,
      remoteAddress: this.ip,
      ...(payload !== undefined ? { payload } : {}),
    });
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const gone = (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0 || c.value === '';
      if (gone) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, undefined, options);
  }

  post(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', path, body, options);
  }

  patch(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('PATCH', path, body, options);
  }

  login(email: string, password: string) {
    return this.post('/user/account/login', { email, password });
  }

  async profile(): Promise<Profile> {
    const res = await this.get('/user/profile');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Profile>();
  }
}

export interface TestAppOptions {
  /** Log destination; LOG_LEVEL decides what is written. */
  logStream?: Writable;
}

/**
 * A fresh app on a fresh migrated database: in-memory PGlite, or, when TEST_DATABASE_URL is
 * set, a new uniquely named PostgreSQL database on that server, dropped again by close().
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const filesDir = await mkdtemp(path.join(os.tmpdir(), 'finportal-files-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_BASE_URL: 'http://localhost:3000',
    // The tests share one client address; per-IP limits are tested with lowered values.
    RATE_LOGIN_PER_IP: '10000',
    RATE_REGISTER_PER_IP: '10000',
    RATE_RESET_PER_IP: '10000',
    RATE_COMPANY_SEARCH_PER_IP: '10000',
    // Tests do not depend on whether apps/web has been built.
    WEB_DIST_DIR: '/nonexistent/finportal-web-dist',
    // Uploaded files of this app only, removed by close().
    FILES_DIR: filesDir,
    ...envOverrides,
  });
  const pgServer = testDatabaseUrl();
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: Database;
  if (pgServer) {
    const created = await createPostgresDatabase(pgServer);
    dropDatabase = created.drop;
    database = await openDatabase({ url: created.url, poolSize: 4 });
  } else {
    database = await openFreshPglite();
  }
  await migrate(database);
  await seedDemoRegistry(database.db);
  const partnerFiles = readPartnerFiles(config.PARTNERS_DIR);
  await syncPartners(database.db, partnerFiles);
  const partners = new PartnerRegistry(partnerFiles, config.DEFAULT_PARTNER_KEY, config.publicBaseDomain);
  const { app, ctx, routes } = await buildApp({
    config,
    database,
    partners,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();

  const harness: TestApp = {
    app,
    ctx,
    config,
    database,
    routes,
    client: (partnerKey = 'demo', clientOptions) => new TestClient(harness, partnerKey, clientOptions),
    sql: (text, params) => database.query(text, params),
    // Mail that background jobs write (password reset) is there once the due jobs have run; with
    // SMTP_URL the mail tests run the delivery jobs themselves.
    mailbox: async (to, partnerKey) => {
      if (!config.SMTP_URL) await ctx.jobs.drain();
      return partnerKey
        ? database.query<MailRow>(
            'SELECT * FROM mail_outbox WHERE to_address = $1 AND partner_id = $2 ORDER BY created_at DESC',
            [to, partnerKey],
          )
        : database.query<MailRow>('SELECT * FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC', [to]);
    },
    async signUp(partnerKey = 'demo', { confirm, registration, ...clientOptions } = {}) {
      const client = harness.client(partnerKey, clientOptions);
      const user = await registerAndConfirm(client, registration, confirm === undefined ? {} : { confirm });
      return { client, user };
    },
    async close() {
      await app.close();
      await database.close();
      await rm(filesDir, { recursive: true, force: true });
      await dropDatabase?.();
    },
  };
  return harness;
}

/**
 * The preamble of an API test file, at its top level (top-level await):
 *
 *     const t = await useTestApp();
 *     const { client: owner, user: ownerUser } = await t.signUp('demo');
 *
 * A fresh app on a fresh migrated database (createTestApp), closed after the file's last test.
 * Hooks the file adds later run before the close (Vitest runs afterAll hooks last-in first-out).
 */
export async function useTestApp(
  envOverrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const t = await createTestApp(envOverrides, options);
  afterAll(() => t.close());
  return t;
}

/** An in-memory PGlite started from the cached empty cluster (see pglite-template.ts). */
async function openFreshPglite(): Promise<Database> {
  try {
    return await openDatabase({ loadDataDir: await pgliteTemplate() });
  } catch {
    discardPgliteTemplate();
    return openDatabase({ loadDataDir: await pgliteTemplate() });
  }
}

/** A new, uniquely named database on the PostgreSQL server of `serverUrl`; `drop` removes it again. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `fp_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The first link of a mail's text part (the action link). */
export function linkFrom(mail: Pick<MailRow, 'text_body'>): string {
  const match = /https?:\/\/\S+/.exec(mail.text_body);
  if (!match) throw new Error(`no link in mail:\n${mail.text_body}`);
  return match[0];
}

/** The token at the end of a mail's action link. */
export function tokenFrom(mail: Pick<MailRow, 'text_body'>): string {
  const url = new URL(linkFrom(mail));
  const token = url.searchParams.get('confirmation_token') ?? url.pathname.split('/').pop();
  if (!token) throw new Error('no token in link');
  return token;
}

/** The error items of an error answer. */
export function errorsOf(res: TestResponse): ApiErrorItem[] {
  return res.json<{ errors: ApiErrorItem[] }>().errors;
}

/** Asserts an error answer with exactly these (code, field) items, in any order. */
export function expectErrors(res: TestResponse, status: number, items: { code: string; field?: string }[]): void {
  expect(res.statusCode, res.body).toBe(status);
  const got = errorsOf(res).map((e) => ({ code: e.code, ...(e.field ? { field: e.field } : {}) }));
  expect(got).toEqual(
    expect.arrayContaining(items.map((i) => ({ code: i.code, ...(i.field ? { field: i.field } : {}) }))),
  );
  expect(got).toHaveLength(items.length);
}

/** Asserts an error answer that contains (at least) this (code, field) item. */
export function expectError(res: TestResponse, status: number, code: string, field?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const got = errorsOf(res).map((e) => ({ code: e.code, field: e.field }));
  expect(got).toContainEqual({ code, field });
}

/** The password of buildUser (the shared factories' PASSWORD). */
export { PASSWORD };

/** A registration body that passes every rule, a new e-mail each call: buildRegistration of @finportal/testing. */
export const buildUser = buildRegistration;

export interface RegisteredUser {
  email: string;
  password: string;
  userId: string;
}

/**
 * Registers through the API, confirms the e-mail with the mailed link and logs the client in.
 * `confirm: false` leaves the e-mail unconfirmed.
 */
export async function registerAndConfirm(
  client: TestClient,
  overrides: Partial<RegisterRequest> = {},
  options: { confirm?: boolean } = {},
): Promise<RegisteredUser> {
  const user = buildUser(overrides);
  const reg = await client.post('/user/users', user);
  expect(reg.statusCode, reg.body).toBe(201);
  if (options.confirm !== false) {
    const [mail] = await client.harness.mailbox(user.email, client.partnerKey);
    expect(mail?.template).toBe('confirm_email');
    const confirmed = await client.post(`/user/account/confirm_email/${tokenFrom(mail!)}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  const login = await client.login(user.email, user.password);
  expect(login.statusCode, login.body).toBe(200);
  const profile = await client.profile();
  return { email: user.email, password: user.password, userId: profile.user_id };
}
