import { describe, expect, it } from 'vitest';
import { representativeFromRegister, type RegisterPerson } from './representative-register.js';
import { representativeIssues } from './representatives.js';

const person = (overrides: Partial<RegisterPerson> = {}): RegisterPerson => ({
  person_id: 'P1',
  first_name: 'Thomas',
  last_name: 'Schmidt',
  roles: ['managing_director', 'shareholder'],
  representation: 'alone',
  birthdate: '1968-03-12',
  percentage_owned: 0.6,
  already_added: false,
  ...overrides,
});

describe('representativeFromRegister', () => {
  it('a director who represents alone and holds 60 %: legal signatory, can sign alone, beneficial owner', () => {
    expect(representativeFromRegister(person())).toEqual({
      first_name: 'Thomas',
      last_name: 'Schmidt',
      birthdate: '1968-03-12',
      is_legal_signatory: true,
      is_sole_signatory: true,
      percentage_owned: 0.6,
      is_beneficial_owner: true,
    });
  });

  it('a director who represents jointly cannot sign alone', () => {
    expect(representativeFromRegister(person({ representation: 'jointly' })).is_sole_signatory).toBe(false);
  });

  it('a shareholder of 18 % is no legal signatory and no beneficial owner; "can sign alone" stays unanswered', () => {
    const values = representativeFromRegister(
      person({ roles: ['shareholder'], representation: null, percentage_owned: 0.18 }),
    );
    expect(values).toMatchObject({ is_legal_signatory: false, is_sole_signatory: null, is_beneficial_owner: false });
  });

  it('25 % exactly makes a beneficial owner; no share leaves the question open', () => {
    expect(representativeFromRegister(person({ percentage_owned: 0.25 })).is_beneficial_owner).toBe(true);
    expect(representativeFromRegister(person({ percentage_owned: null })).is_beneficial_owner).toBeNull();
  });

  it('leaves the rest for the customer: the form still asks for nationality, address and "willing to sign"', () => {
    const issues = representativeIssues(representativeFromRegister(person()), {
      countries: ['DE'],
      now: new Date('2026-11-24T12:00:00Z'),
    });
    expect(issues.map((i) => i.field)).toEqual(
      expect.arrayContaining(['nationality', 'street', 'postcode', 'country', 'is_contract_signatory']),
    );
    expect(issues.map((i) => i.field)).not.toContain('first_name');
  });
});
