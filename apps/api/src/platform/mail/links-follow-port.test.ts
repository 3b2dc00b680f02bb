import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, createTestApp, linkFrom, type TestApp } from '../../test/harness.js';

/** Issue 9 finding 10: without PUBLIC_BASE_URL, mail links point to the port the portal listens on. */
let t: TestApp;

beforeAll(async () => {
  // An empty PUBLIC_BASE_URL counts as unset (the harness sets one by default).
  t = await createTestApp({ PORT: '3401', PUBLIC_BASE_URL: '' });
});

afterAll(async () => {
  await t?.close();
});

it('a confirmation link follows PORT when PUBLIC_BASE_URL is not set', async () => {
  expect(t.config.PUBLIC_BASE_URL).toBe('http://localhost:3401');
  const user = buildUser();
  const res = await t.client('nordbank').post('/user/users', user);
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await t.mailbox(user.email, 'nordbank');
  expect(mail?.template).toBe('confirm_email');
  expect(linkFrom(mail!)).toMatch(/^http:\/\/nordbank\.localhost:3401\/dashboard\/applications\?/);
  expect(mail!.html_body).not.toContain(':3000');
});
