import type { RegistryCompany, RegistryPerson } from './company-registry.js';
import { demoPersonName, Rng } from './company-registry-demo-data.js';

/**
 * The DEMO registry's people of a company (issue 10: "Add from the register"): managing
 * directors and authorised officers with their power of representation, and shareholders with
 * their shares, as a trade register and a shareholder list publish them. FICTIONAL, derived from
 * the company's id with a seeded stream, so a company always has the same people.
 *
 * Fixed people that tests and e2e specs rely on:
 * - DEMO-DE-000001 Musterbau Schmidt GmbH: Thomas Schmidt (managing director, alone, 60 %),
 *   Sabine Schmidt (managing director, jointly, 22 %), Anna Berger (shareholder, 18 %).
 * - DEMO-DE-000003 Bäckerei Schönberger e.K.: Josef Schönberger (owner, alone, 100 %).
 * - DEMO-DE-000005 Kleine Feier GbR: two partners, jointly, 50 % each.
 */

const FIXED: Record<string, Omit<RegistryPerson, 'id'>[]> = {
  'DEMO-DE-000001': [
    {
      first_name: 'Thomas',
      last_name: 'Schmidt',
      roles: ['managing_director', 'shareholder'],
      representation: 'alone',
      birthdate: '1968-03-12',
      share: 0.6,
    },
    {
      first_name: 'Sabine',
      last_name: 'Schmidt',
      roles: ['managing_director', 'shareholder'],
      representation: 'jointly',
      birthdate: '1971-07-04',
      share: 0.22,
    },
    {
      first_name: 'Anna',
      last_name: 'Berger',
      roles: ['shareholder'],
      representation: null,
      birthdate: '1985-11-30',
      share: 0.18,
    },
  ],
  'DEMO-DE-000003': [
    {
      first_name: 'Josef',
      last_name: 'Schönberger',
      roles: ['managing_director', 'shareholder'],
      representation: 'alone',
      birthdate: '1959-01-21',
      share: 1,
    },
  ],
};

/** Legal forms of sole traders (the owner represents alone and holds everything). */
const SOLE_TRADERS = new Set(['EK', 'EU', 'EINZELUNTERNEHMEN', 'FREIE_BERUFE', 'CH_EINZELFIRMA', 'PL_JDG']);
/** Partnerships whose partners represent jointly with equal shares. */
const PARTNERSHIPS = new Set(['GBR', 'OHG', 'OG', 'KG', 'GMBH_CO_KG', 'PL_SP_J']);
/** Stock corporations: the board is in the register, the shareholders are not. */
const STOCK_CORPORATIONS = new Set(['AG', 'CH_AG', 'PL_SA']);

const birthdate = (rng: Rng) =>
  `${rng.int(1952, 1996)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;

/** Shares in whole percent that add up to `total` (each at least 5). */
function split(rng: Rng, count: number, total: number): number[] {
  const shares: number[] = [];
  let left = total;
  for (let i = count; i > 1; i--) {
    const share = rng.int(5, left - 5 * (i - 1));
    shares.push(share);
    left -= share;
  }
  shares.push(left);
  return shares.sort((a, b) => b - a);
}

export function demoRegistryPersons(company: RegistryCompany): RegistryPerson[] {
  const fixed = FIXED[company.id];
  const withIds = (people: Omit<RegistryPerson, 'id'>[]) =>
    people.map((p, i) => ({ id: `${company.id}-P${i + 1}`, ...p }));
  if (fixed) return withIds(fixed);

  const rng = new Rng(`people:${company.id}`);
  const person = (
    roles: RegistryPerson['roles'],
    representation: RegistryPerson['representation'],
    share: number | null,
  ) => {
    const [first_name, last_name] = demoPersonName(rng, company.country);
    return { first_name, last_name, roles, representation, birthdate: rng.chance(0.85) ? birthdate(rng) : null, share };
  };
  const form = company.legal_form ?? '';
  if (SOLE_TRADERS.has(form)) return withIds([person(['managing_director', 'shareholder'], 'alone', 1)]);
  if (PARTNERSHIPS.has(form)) {
    const count = rng.int(2, 3);
    return withIds(
      Array.from({ length: count }, () =>
        person(['managing_director', 'shareholder'], 'jointly', Math.round(10_000 / count) / 10_000),
      ),
    );
  }
  if (STOCK_CORPORATIONS.has(form)) {
    const count = rng.int(2, 3);
    return withIds(Array.from({ length: count }, () => person(['managing_director'], 'jointly', null)));
  }
  // Limited companies (GmbH, UG, sp. z o.o., ...): one or two directors, one to three shareholders.
  const directors = rng.int(1, 2);
  const shareholders = rng.int(1, 3);
  const shares = split(rng, shareholders, 100).map((s) => s / 100);
  const people: Omit<RegistryPerson, 'id'>[] = [];
  for (let i = 0; i < Math.max(directors, shareholders); i++) {
    const director = i < directors;
    const share = shares[i] ?? null;
    const roles: RegistryPerson['roles'] = [];
    if (director) roles.push('managing_director');
    if (share !== null) roles.push('shareholder');
    people.push(person(roles, director ? (directors === 1 ? 'alone' : 'jointly') : null, share));
  }
  if (rng.chance(0.3)) people.push(person(['authorised_officer'], 'jointly', null));
  return withIds(people);
}
