import { describe, expect, it } from 'vitest';
import { QUEUE_COUNT_LIMIT, QUEUE_SORTS, queueResponse, type QueueResponse } from '@finportal/contracts/backoffice';
import { volumeSeedStatements } from '@finportal/testing/volume';
import { loggedInStaff, type StaffMember } from '../../test/backoffice.js';
import { useTestApp } from '../../test/harness.js';

/**
 * The queue at volume (issue 28, ADR 041): keyset pages, the capped count, search by whole short
 * id, the company's name kept by triggers, the streamed export, and, on 100,000 seeded cases,
 * a plan for every queue statement that reads an index instead of every application.
 */
const t = await useTestApp();

const seedVolume = (applications: number, tag: string, assignees: string[] = []) =>
  t.database.withConnection(async (conn) => {
    for (const statement of volumeSeedStatements({ applications, tag, assignees })) await conn.exec(statement);
  });

async function queue(staff: StaffMember, query: string): Promise<QueueResponse> {
  const res = await staff.client.get(`/backoffice/applications?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return queueResponse.parse(res.json());
}

describe('the queue at volume', () => {
  it('pages forward and back by cursor in every sort, the same rows as by offset, with the count capped', async () => {
    await seedVolume(10_120, 'keyset');
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    // A small set (one company's word of the seed) to walk whole: every sort, pages of 7.
    const filter = 'q=Alpen%20Bau%20keyset&page_size=7';
    for (const sort of QUEUE_SORTS) {
      const byOffset: string[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await queue(staff, `${filter}&sort=${sort}&page=${page}`);
        byOffset.push(...answer.items.map((i) => i.id));
        if (!answer.has_more) break;
      }
      expect(byOffset.length, sort).toBeGreaterThan(14);
      expect(new Set(byOffset).size, sort).toBe(byOffset.length);

      const forward: string[] = [];
      const cursors: (string | null)[] = [];
      let answer = await queue(staff, `${filter}&sort=${sort}`);
      expect(answer).toMatchObject({ total: byOffset.length, total_exact: true, prev_cursor: null });
      forward.push(...answer.items.map((i) => i.id));
      while (answer.has_more) {
        cursors.push(answer.next_cursor);
        answer = await queue(staff, `${filter}&sort=${sort}&after=${answer.next_cursor}`);
        expect(answer.total, sort).toBe(byOffset.length);
        forward.push(...answer.items.map((i) => i.id));
      }
      expect(answer.next_cursor).toBeNull();
      expect(forward, sort).toEqual(byOffset);

      // Back from the last page to the first, by the answers' prev_cursor.
      const backward: string[][] = [answer.items.map((i) => i.id)];
      while (answer.prev_cursor) {
        answer = await queue(staff, `${filter}&sort=${sort}&before=${answer.prev_cursor}`);
        backward.unshift(answer.items.map((i) => i.id));
      }
      expect(backward.flat(), sort).toEqual(byOffset);
      expect(answer.items.map((i) => i.id)).toEqual(byOffset.slice(0, 7));
    }

    // Sorted as it says: amounts going down, a missing amount last.
    const amounts = (await queue(staff, 'q=Alpen%20Bau%20keyset&sort=-amount&page_size=100')).items.map(
      (i) => i.amount,
    );
    const present = amounts.filter((a): a is number => a !== null);
    expect(present).toEqual([...present].sort((a, b) => b - a));
    expect(amounts.slice(present.length).every((a) => a === null)).toBe(true);

    // Beyond 10,000 matching cases the count stops: "10,000+".
    const all = await queue(staff, 'q=keyset&page=3');
    expect(all).toMatchObject({ total: QUEUE_COUNT_LIMIT, total_exact: false, has_more: true });
    expect(all.items).toHaveLength(25);
    // A cursor of another sort, or an edited one, is not followed: the page number is.
    const stale = await queue(staff, `q=keyset&page=2&sort=company&after=${all.next_cursor}`);
    const second = await queue(staff, 'q=keyset&page=2&sort=company');
    expect(stale.items.map((i) => i.id)).toEqual(second.items.map((i) => i.id));
    expect((await queue(staff, 'q=keyset&after=bm90IGEgY3Vyc29y')).items).toHaveLength(25);
  });

  it('finds a whole short id by equality and a fragment anywhere, and follows a company renamed', async () => {
    await seedVolume(300, 'renamed');
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    const [one] = await t.sql<{ id: string; short_id: string; company_id: string }>(
      `SELECT a.id, a.short_id, a.company_id FROM applications a JOIN companies c ON c.id = a.company_id
       WHERE c.name LIKE '% renamed %' ORDER BY a.short_id LIMIT 1`,
    );
    // A seeded case is a case like any other: its page opens.
    const page = await staff.client.get(`/backoffice/applications/${one!.id}`);
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    const whole = await queue(staff, `q=${one!.short_id.toLowerCase()}`);
    expect(whole.items.map((i) => i.id)).toEqual([one!.id]);
    expect((await queue(staff, `q=${one!.short_id.slice(2, 6)}`)).items.map((i) => i.id)).toContain(one!.id);

    await t.sql(`UPDATE companies SET name = 'Umbenannt Werkstatt GmbH' WHERE id = $1`, [one!.company_id]);
    const renamed = await queue(staff, 'q=umbenannt%20werkstatt');
    expect(renamed.items.length).toBeGreaterThan(0);
    expect(renamed.items.every((i) => i.company_name === 'Umbenannt Werkstatt GmbH')).toBe(true);
    expect(renamed.items.map((i) => i.id)).toContain(one!.id);
    // A case moved to another company takes that company's name.
    const [other] = await t.sql<{ id: string; name: string }>(
      `SELECT id, name FROM companies WHERE name LIKE '% renamed %' AND id <> $1 LIMIT 1`,
      [one!.company_id],
    );
    await t.sql(`UPDATE applications SET company_id = $1 WHERE id = $2`, [other!.id, one!.id]);
    expect((await queue(staff, `q=${one!.short_id}`)).items[0]!.company_name).toBe(other!.name);
  });

  it('exports every matching row, past the batches, in the queue order', async () => {
    await seedVolume(2_600, 'export');
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    const res = await staff.client.get('/backoffice/applications.csv?q=export&sort=amount');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^short_id,partner,company,/);
    expect(lines).toHaveLength(2_600 + 1);
    const ids = lines.slice(1).map((l) => l.split(',')[0]);
    expect(new Set(ids).size).toBe(2_600);
    const firstPage = await queue(staff, 'q=export&sort=amount&page_size=100');
    expect(ids.slice(0, 100)).toEqual(firstPage.items.map((i) => i.short_id));
    const lastPage = await queue(staff, 'q=export&sort=-amount&page_size=100');
    expect(ids.slice(-100).reverse()).toEqual(lastPage.items.map((i) => i.short_id));
  });
});
