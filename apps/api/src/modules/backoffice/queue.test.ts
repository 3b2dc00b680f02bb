import { describe, expect, it } from 'vitest';
import { queueResponse } from '@finportal/contracts/backoffice';
import { createApplication, seed } from '../../test/dashboard.js';
import { loggedInStaff } from '../../test/backoffice.js';
import { useTestApp } from '../../test/harness.js';

const t = await useTestApp();

describe('the queue', () => {
  it('filters by group, status, partner, assignee and age, searches, sorts, pages and exports the same rows as CSV', async () => {
    const borrower = await t.signUp('demo');
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await createApplication(borrower.client)).applicationId);
    await seed(t, ids[0]!, { status: 'Submitted' });
    await seed(t, ids[1]!, { status: 'Signature' });
    const tag = `Queue-${Date.now()}`;
    await t.sql(
      `UPDATE companies SET name = $1 || ' ' || id WHERE id IN (SELECT company_id FROM applications WHERE id = ANY($2))`,
      [tag, ids],
    );
    await t.sql(`UPDATE applications SET status_changed_at = now() - interval '10 days' WHERE id = $1`, [ids[0]]);
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    const q = async (query: string) => {
      const res = await staff.client.get(`/backoffice/applications?q=${tag}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return queueResponse.parse(res.json());
    };
    expect((await q('')).total).toBe(3);
    expect((await q('group=in_review')).items.map((i) => i.id)).toEqual([ids[0]]);
    expect((await q('group=waiting_for_signatures')).items.map((i) => i.id)).toEqual([ids[1]]);
    expect((await q('status=Open')).items.map((i) => i.id)).toEqual([ids[2]]);
    expect((await q('min_age_days=7')).items.map((i) => i.id)).toEqual([ids[0]]);
    expect((await q('partner=nordbank')).total).toBe(0);
    await staff.client.post(`/backoffice/applications/${ids[2]}/assign`, { assignee: 'me' });
    expect((await q('assignee=me')).items.map((i) => i.id)).toEqual([ids[2]]);
    expect((await q('assignee=none')).total).toBe(2);
    const sorted = await q('sort=status_since&page_size=2&page=1');
    expect(sorted).toMatchObject({ total: 3 });
    expect(sorted.items.map((i) => i.id)[0]).toBe(ids[0]);
    expect((await q('sort=status_since&page_size=2&page=2')).items).toHaveLength(1);
    expect(await q('page=9')).toMatchObject({ items: [], total: 3, total_exact: true, has_more: false });
    const bad = await staff.client.get('/backoffice/applications?sort=sideways&page_size=1000');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['page_size', 'sort']);

    // A company name a spreadsheet would run as a formula is exported as text.
    await t.sql(
      `UPDATE companies SET name = '=HYPERLINK("http://evil.example")' || ' ' || $1 WHERE id = (SELECT company_id FROM applications WHERE id = $2)`,
      [tag, ids[2]],
    );
    const csv = await staff.client.get(`/backoffice/applications.csv?q=${tag}&sort=status_since`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'short_id,partner,company,product_type,loan_type,amount,currency,status,display_group,created_at,submitted_at,status_since,days_in_status,assignee',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',Submitted,in_review,');
    expect(lines[1]).toMatch(/,10,$/);
    expect(lines.find((l) => l.includes('HYPERLINK'))).toContain(`"'=HYPERLINK(""http://evil.example"")`);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
  });
});
