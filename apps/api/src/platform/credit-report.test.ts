import { describe, expect, it } from 'vitest';
import { CREDIT_REPORT_PROVIDERS, type CreditReportProvider } from '@finportal/contracts/constants';
import { DemoCreditReport, type CreditReportPerson } from './credit-report.js';

/**
 * The demo credit reports (spec 2 section 3, credit score on the card): a deterministic score per
 * provider and person in the provider's own scale, about one person in ten unknown.
 */
const report = new DemoCreditReport();

const FIRST = ['Anna', 'Thomas', 'Sabine', 'Jonas', 'Marta', 'Luca', 'Erika', 'Piotr', 'Chiara', 'Hans'];
const LAST = ['Schmidt', 'Berger', 'Keller', 'Nowak', 'Rossi', 'Müller', 'Weber', 'Huber', 'Meier', 'Kowalski'];

/** 200 different people. */
const PEOPLE: CreditReportPerson[] = FIRST.flatMap((first_name, i) =>
  LAST.flatMap((last_name, j) => [
    { first_name, last_name, birthdate: `19${60 + i}-0${1 + (j % 9)}-1${j % 10}`, country: 'DE' },
    { first_name, last_name, birthdate: `19${70 + i}-1${j % 3}-2${j % 8}`, country: 'AT' },
  ]),
);

/** Each provider's scale, inclusive. */
const SCALE: Record<CreditReportProvider, [min: number, max: number]> = {
  credit_reform_de: [100, 600],
  credit_reform_ch: [100, 600],
  north_data: [100, 600],
  schufa: [80, 99.9],
};

const scores = (provider: CreditReportProvider) => Promise.all(PEOPLE.map((p) => report.score(provider, p)));

describe('DemoCreditReport', () => {
  it('is deterministic: the same provider and person give the same score; case and spaces of the name do not matter', async () => {
    for (const provider of CREDIT_REPORT_PROVIDERS) {
      expect(await scores(provider)).toEqual(await scores(provider));
    }
    const person = { first_name: 'Thomas', last_name: 'Schmidt', birthdate: '1968-03-12', country: 'DE' };
    const score = await report.score('credit_reform_de', person);
    expect(
      await report.score('credit_reform_de', {
        ...person,
        first_name: ' THOMAS ',
        last_name: 'schmidt',
        country: null,
      }),
    ).toBe(score);
    expect(await new DemoCreditReport().score('credit_reform_de', person)).toBe(score);
  });

  it("answers in each provider's scale: Creditreform and North Data whole 100 to 600, SCHUFA 80 to 99.9 at one decimal", async () => {
    for (const provider of CREDIT_REPORT_PROVIDERS) {
      const [min, max] = SCALE[provider];
      const known = (await scores(provider)).filter((s): s is number => s !== null);
      expect(known.length, provider).toBeGreaterThan(PEOPLE.length / 2);
      for (const s of known) {
        expect(s, provider).toBeGreaterThanOrEqual(min);
        expect(s, provider).toBeLessThanOrEqual(max);
        const decimals = provider === 'schufa' ? 1 : 0;
        expect(Math.round(s * 10 ** decimals) / 10 ** decimals, provider).toBe(s);
      }
      // A spread, not one value for everybody.
      expect(new Set(known).size, provider).toBeGreaterThan(20);
    }
  });

  it('about one person in ten is unknown (null); other people, other providers, other scores', async () => {
    const creditreform = await scores('credit_reform_de');
    const unknown = creditreform.filter((s) => s === null).length;
    expect(unknown).toBeGreaterThan(0);
    expect(unknown).toBeLessThan(PEOPLE.length / 4);
    // Another birth date is another person.
    const person = PEOPLE[0]!;
    const others = await Promise.all(
      ['1960-01-01', '1961-02-02', '1962-03-03', '1963-04-04', '1964-05-05'].map((birthdate) =>
        report.score('north_data', { ...person, birthdate }),
      ),
    );
    expect(new Set(others).size).toBeGreaterThan(1);
    // The providers do not agree on everyone.
    const northData = await scores('north_data');
    expect(northData).not.toEqual(creditreform);
  });
});
