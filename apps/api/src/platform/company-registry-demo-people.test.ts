import { describe, expect, it } from 'vitest';
import { birthdateError, hasControlCharacters } from '@finportal/contracts/representatives';
import { buildRegistryCompany } from '../test/application-factories.js';
import { generateDemoRegistry } from './company-registry-demo-data.js';
import { demoRegistryPersons } from './company-registry-demo-people.js';
import type { RegistryCompany, RegistryPerson } from './company-registry.js';

/**
 * The demo registry's people of a company (issue 10): fictional, derived from the company's id,
 * so the same company always has the same people; what a register publishes (roles, power of
 * representation, shares) is consistent for every company of the data set.
 */
const data = generateDemoRegistry('2026-11');
const byId = new Map(data.map((c) => [c.id, c]));
const company = (id: string) => byId.get(id) ?? expect.unreachable(`no company ${id}`);

/** The total share of a company's people in hundredths of a percent. */
const total = (people: RegistryPerson[]) => people.reduce((sum, p) => sum + Math.round((p.share ?? 0) * 10_000), 0);

const SOLE_TRADERS = ['EK', 'EINZELUNTERNEHMEN', 'FREIE_BERUFE', 'EU', 'CH_EINZELFIRMA', 'PL_JDG'];

describe('demoRegistryPersons', () => {
  it('the fixed people of Musterbau Schmidt GmbH (DEMO-DE-000001)', () => {
    expect(demoRegistryPersons(company('DEMO-DE-000001'))).toEqual([
      {
        id: 'DEMO-DE-000001-P1',
        first_name: 'Thomas',
        last_name: 'Schmidt',
        roles: ['managing_director', 'shareholder'],
        representation: 'alone',
        birthdate: '1968-03-12',
        share: 0.6,
      },
      {
        id: 'DEMO-DE-000001-P2',
        first_name: 'Sabine',
        last_name: 'Schmidt',
        roles: ['managing_director', 'shareholder'],
        representation: 'jointly',
        birthdate: '1971-07-04',
        share: 0.22,
      },
      {
        id: 'DEMO-DE-000001-P3',
        first_name: 'Anna',
        last_name: 'Berger',
        roles: ['shareholder'],
        representation: null,
        birthdate: '1985-11-30',
        share: 0.18,
      },
    ]);
  });

  it('the other people the comment promises: Bäckerei Schönberger e.K. and Kleine Feier GbR', () => {
    expect(demoRegistryPersons(company('DEMO-DE-000003'))).toMatchObject([
      { first_name: 'Josef', last_name: 'Schönberger', representation: 'alone', share: 1 },
    ]);
    const gbr = demoRegistryPersons(company('DEMO-DE-000005'));
    expect(gbr.map((p) => [p.roles, p.representation, p.share])).toEqual([
      [['managing_director', 'shareholder'], 'jointly', 0.5],
      [['managing_director', 'shareholder'], 'jointly', 0.5],
    ]);
  });

  it('is deterministic: the same company gives the same people, also from a copy of its record', () => {
    for (const c of data.filter((_, i) => i % 50 === 0)) {
      expect(demoRegistryPersons({ ...c }), c.id).toEqual(demoRegistryPersons(c));
    }
    // Derived from the id: another id gives other people.
    const a = demoRegistryPersons(buildRegistryCompany({ id: 'REG-A' }));
    const b = demoRegistryPersons(buildRegistryCompany({ id: 'REG-B' }));
    expect(a).toEqual(demoRegistryPersons(buildRegistryCompany({ id: 'REG-A', name: 'Renamed GmbH' })));
    expect(a.map((p) => `${p.first_name} ${p.last_name}`)).not.toEqual(b.map((p) => `${p.first_name} ${p.last_name}`));
  });

  it('for every company of the data set: shares never above 100 %, people a register could publish', () => {
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) problems.push(what);
    };
    for (const c of data) {
      const people = demoRegistryPersons(c);
      check(people.length > 0, `${c.id}: nobody`);
      check(total(people) <= 10_000, `${c.id}: shares ${total(people) / 100} %`);
      check(new Set(people.map((p) => p.id)).size === people.length, `${c.id}: ids repeat`);
      for (const p of people) {
        const who = `${c.id} ${p.id}`;
        check(p.id.startsWith(`${c.id}-P`), `${who}: id`);
        check(p.roles.length > 0, `${who}: no role`);
        check(!!p.first_name.trim() && !!p.last_name.trim(), `${who}: name`);
        check(!hasControlCharacters(`${p.first_name}${p.last_name}`), `${who}: control characters`);
        // A shareholder has a share above 0, everyone else none.
        check(p.roles.includes('shareholder') === (p.share !== null && p.share > 0), `${who}: share ${p.share}`);
        // Directors and officers have a power of representation, pure shareholders none.
        const represents = p.roles.includes('managing_director') || p.roles.includes('authorised_officer');
        check((p.representation !== null) === represents, `${who}: representation ${p.representation}`);
        // The add form takes the birth date as it is: a real date of an adult.
        check(p.birthdate === null || birthdateError(p.birthdate) === null, `${who}: birth date ${p.birthdate}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('limited companies hand out exactly 100 %; someone can always represent the company', () => {
    for (const c of data) {
      const people = demoRegistryPersons(c);
      expect(
        people.some((p) => p.representation !== null),
        c.id,
      ).toBe(true);
      if (['GMBH', 'UG', 'CH_GMBH', 'PL_SP_ZOO'].includes(c.legal_form ?? '')) expect(total(people), c.id).toBe(10_000);
    }
  });

  it('sole traders: one owner who represents alone and holds 100 %', () => {
    const soleTraders = data.filter((c) => SOLE_TRADERS.includes(c.legal_form ?? ''));
    expect(new Set(soleTraders.map((c) => c.legal_form))).toEqual(new Set(SOLE_TRADERS));
    for (const c of soleTraders) {
      const people = demoRegistryPersons(c);
      expect(people, c.id).toHaveLength(1);
      expect(people[0], c.id).toMatchObject({ representation: 'alone', share: 1 });
    }
  });

  it('a company without a legal form is treated as a limited company', () => {
    const c: RegistryCompany = buildRegistryCompany({ id: 'REG-NOFORM', legal_form: null });
    expect(total(demoRegistryPersons(c))).toBe(10_000);
  });
});
