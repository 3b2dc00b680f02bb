import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRouteTable } from './route-hints';

const ROUTES = path.resolve(import.meta.dirname, '../src/app/routes.tsx');

describe('route hints: the route table of routes.tsx', () => {
  const table = readRouteTable(fs.readFileSync(ROUTES, 'utf8'), ROUTES);

  it('reads every address of PAGES with its page module, who may see it, queries and texts', () => {
    const patterns = table.entries.map((e) => e.pattern);
    expect(patterns).toEqual(expect.arrayContaining(['/login', '/application/loan-info', '/dashboard/applications']));
    const login = table.entries.find((e) => e.pattern === '/login')!;
    expect(login.who).toBe('out');
    expect(table.pages.get(login.page)).toEqual({
      specifier: '../features/auth/components/login-page',
      queries: false,
      ns: ['auth'],
    });
    const list = table.entries.find((e) => e.pattern === '/dashboard/applications')!;
    expect(list.who).toBe('in');
    expect(table.pages.get(list.page)).toMatchObject({ queries: true, ns: ['dashboard'] });
    // Options spread from a constant (WIZARD) are read too.
    const step = table.entries.find((e) => e.pattern === '/application/new/:stepId')!;
    expect(table.pages.get(step.page)!.ns).toEqual(expect.arrayContaining(['wizard']));
  });

  it('every page module exists', () => {
    for (const [name, page] of table.pages) {
      const base = path.resolve(path.dirname(ROUTES), page.specifier);
      const found = ['.tsx', '.ts'].some((ext) => fs.existsSync(base + ext));
      expect(found, `${name}: ${page.specifier}`).toBe(true);
    }
  });

  it('refuses a table it cannot read rather than announcing nothing', () => {
    expect(() => readRouteTable(`const PAGES = [['/x', Missing]];`)).toThrow(/Missing is not a lazyPage/);
    expect(() => readRouteTable(`const X = lazyPage(load(), 'X');\nconst PAGES = [];`)).toThrow(/loader of X/);
    expect(() => readRouteTable(`const X = 1;`)).toThrow(/no PAGES array/);
  });
});
