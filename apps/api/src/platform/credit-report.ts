import type { CreditReportProvider } from '@finportal/contracts/constants';
import { Rng } from './company-registry-demo-data.js';

/**
 * Credit-report providers (Creditreform DE/CH, North Data, SCHUFA; spec 2 section 3) are third
 * parties we cannot reach from here: they sit behind this adapter. A score is shown on the
 * representative's card when the partner has a provider and the provider knows the person; it is
 * never required.
 */
export interface CreditReportPerson {
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD */
  birthdate: string;
  country: string | null;
}

export interface CreditReport {
  /** The provider's score of the person, or null when it does not know them. */
  score(provider: CreditReportProvider, person: CreditReportPerson): Promise<number | null>;
}

/**
 * DEMO credit reports: a deterministic score per provider and person (name, birth date), in the
 * provider's own scale: Creditreform and North Data a risk index of 100 (best) to 600, SCHUFA a
 * percentage of 80 to 99.9. About one person in ten is unknown (null). FICTIONAL: never wire it
 * where real reports are expected.
 */
export class DemoCreditReport implements CreditReport {
  readonly name = 'demo_credit_report';

  async score(provider: CreditReportProvider, person: CreditReportPerson): Promise<number | null> {
    const key = [person.first_name, person.last_name, person.birthdate]
      .map((part) => part.trim().toLowerCase())
      .join('|');
    const rng = new Rng(`credit:${provider}:${key}`);
    if (rng.chance(0.1)) return null;
    if (provider === 'schufa') return Math.round(rng.int(800, 999)) / 10;
    return rng.int(100, 600);
  }
}
