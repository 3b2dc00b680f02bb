/**
 * A bank's volume of applications, seeded through SQL (issue 28, ADR 041): the queue bench
 * (`bench/queue-volume.mjs`) seeds 10k, 100k and 1M with it, and the API's plan test 100k.
 *
 * The spread is a portfolio of five years: every partner of the database, one borrower per
 * twenty applications and two companies per borrower, statuses weighted as a lender's book is
 * (most cases closed: paid out or rejected, a tenth of them drafts, the rest along the way),
 * loans of 10,000 to 5,000,000 and factoring limits, created over five years, a third assigned to
 * staff. Every name and e-mail carries `tag`, so that a seed never collides with another.
 */
export interface VolumeSeed {
  /** How many applications. */
  applications: number;
  /** A word of letters and digits that the seeded names and e-mails carry. */
  tag: string;
  /** Staff ids to assign cases to (a third of the cases, in turn); none: unassigned. */
  assignees?: readonly string[];
}

/** The statuses of a lender's book, each with its weight in a thousand cases. */
export const VOLUME_STATUS_WEIGHTS: readonly (readonly [string, number])[] = [
  ['Open', 100],
  ['Submitted', 40],
  ['PreCheck', 15],
  ['Screening', 15],
  ['Internal_Review', 30],
  ['Internal_Review_Second', 10],
  ['Pricing', 20],
  ['Offer_Available', 20],
  ['Offer_Accepted', 10],
  ['Signature', 25],
  ['Final_Review', 10],
  ['Approved', 10],
  ['Awaiting_Payout', 10],
  ['Limit_Active', 25],
  ['Paid_Out', 400],
  ['Rejected', 260],
];

const COMPANY_WORDS = [
  'Bau',
  'Müller',
  'Schmidt',
  'Nord',
  'Alpen',
  'Rhein',
  'Holz',
  'Metall',
  'Logistik',
  'Medizin',
  'Praxis',
  'Handel',
  'Technik',
  'Garten',
  'Elektro',
  'Kowalski',
  'Dubois',
  'Vistula',
  'Agrar',
  'Design',
];
const LEGAL_FORMS = ['GmbH', 'AG', 'KG', 'GmbH & Co. KG', 'e.K.', 'UG', 'sp. z o.o.', 'SARL'];

const literalArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/**
 * The statements that seed the volume, in order, on PostgreSQL or PGlite (temporary tables of the
 * session: run them on one connection). Numbers and the tag are checked, not quoted.
 */
export function volumeSeedStatements(seed: VolumeSeed): string[] {
  const n = Math.floor(seed.applications);
  if (!Number.isInteger(n) || n < 1) throw new Error('applications: a whole number above 0');
  if (!/^[a-z0-9]{1,20}$/i.test(seed.tag)) throw new Error('tag: letters and digits');
  const assignees = seed.assignees ?? [];
  for (const id of assignees) if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Error(`assignee id ${id}`);
  const users = Math.max(1, Math.ceil(n / 20));
  const tag = seed.tag.toLowerCase();
  // Status by weight: a case's number picks a slot of the thousand.
  const slots = VOLUME_STATUS_WEIGHTS.flatMap(([status, weight]) => Array<string>(weight).fill(status));
  const assigneeArray = assignees.length ? `ARRAY[${assignees.map((a) => `'${a}'::uuid`).join(', ')}]` : null;
  return [
    'DROP TABLE IF EXISTS volume_companies, volume_users, volume_partners',
    `CREATE TEMP TABLE volume_partners AS
       SELECT row_number() OVER (ORDER BY id) - 1 AS k, id FROM partners`,
    `CREATE TEMP TABLE volume_users AS
       SELECT u AS k, gen_random_uuid() AS id,
              (SELECT id FROM volume_partners WHERE k = u % (SELECT count(*) FROM volume_partners)) AS partner_id
       FROM generate_series(0, ${users - 1}) AS u`,
    `INSERT INTO users (id, partner_id, email, email_confirmed_at, interface_language, communication_language)
       SELECT id, partner_id, 'volume-${tag}-' || k || '@bench.example', now(), 'de', 'de' FROM volume_users`,
    // Two companies per borrower: company c belongs to borrower c % users.
    `CREATE TEMP TABLE volume_companies AS
       SELECT c AS k, gen_random_uuid() AS id, u.id AS owner, u.partner_id,
              (${literalArray(COMPANY_WORDS)})[1 + c % 20] || ' ' || (${literalArray(COMPANY_WORDS)})[1 + (c / 20) % 20]
                || ' ${tag} ' || c || ' ' || (${literalArray(LEGAL_FORMS)})[1 + (c / 7) % 8] AS name
       FROM generate_series(0, ${2 * users - 1}) AS c JOIN volume_users u ON u.k = c % ${users}`,
    `INSERT INTO companies (id, partner_id, name, country, owner_user_id, created_by, search_text)
       SELECT id, partner_id, name, 'DE', owner, owner, lower(name) FROM volume_companies`,
    // The short id: the case's number scrambled (an odd multiplier modulo 32^8 is a bijection)
    // and written in base32, as the portal's are.
    `INSERT INTO applications (short_id, partner_id, user_id, company_id, status, loan_type, product_type,
         amount, duration_months, currency, factoring_limit, created_at, updated_at, status_changed_at,
         submitted_at, assignee_id)
       SELECT (SELECT string_agg(substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
                 (((((i + b.base)::numeric * 1099511627 + 1234567) % 1099511627776) / (32::numeric ^ d))::bigint % 32 + 1)::int, 1),
                 '' ORDER BY d DESC) FROM generate_series(0, 7) AS d),
              u.partner_id, u.id,
              vc.id,
              s.status,
              CASE WHEN i % 10 = 3 THEN 'factoring' WHEN i % 10 < 5 THEN 'working_capital_loan' ELSE 'event_driven_financing_loan' END,
              CASE WHEN i % 10 = 3 THEN 'factoring' WHEN i % 10 < 5 THEN 'general_liquidity' ELSE 'object_financing' END,
              CASE WHEN i % 10 = 3 OR i % 97 = 0 THEN NULL ELSE 10000 + ((i::bigint * 7919) % 4990001)::int END,
              CASE WHEN i % 10 = 3 THEN NULL ELSE 12 + (i % 8) * 12 END,
              'EUR',
              CASE WHEN i % 10 = 3 THEN 50000 + (i::bigint * 104729) % 2000000 END,
              t.created, t.created, t.created + (now() - t.created) * t.along,
              CASE WHEN s.status = 'Open' THEN NULL ELSE t.created + interval '1 hour' END,
              ${assigneeArray ? `CASE WHEN i % 3 = 0 THEN (${assigneeArray})[1 + (i / 3) % ${assignees.length}] END` : 'NULL'}
       FROM generate_series(0, ${n - 1}) AS i
       -- Numbers after those of earlier seeds: short ids never repeat.
       CROSS JOIN (SELECT count(*) AS base FROM applications) AS b
       JOIN volume_users u ON u.k = i % ${users}
       JOIN volume_companies vc ON vc.k = (i % ${users}) + ${users} * ((i / ${users}) % 2)
       CROSS JOIN LATERAL (SELECT (${literalArray(slots)})[1 + (i * 7) % ${slots.length}] AS status) AS s
       -- Spread by the case's number, not random(): the same seed gives the same volume.
       CROSS JOIN LATERAL (SELECT now() - interval '5 years' * (((i::bigint * 2654435761) % 1000003) / 1000003.0) AS created,
                                  ((i::bigint * 40503) % 1009) / 1009.0 AS along) AS t`,
    'DROP TABLE volume_companies, volume_users, volume_partners',
    'ANALYZE applications',
    'ANALYZE companies',
  ];
}
