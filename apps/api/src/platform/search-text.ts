import { sql, type SQL } from 'drizzle-orm';

/**
 * Text normalisation and search terms of the company search (the only place that defines
 * them: the demo registry, our companies' index and the query all go through here).
 *
 * A name is indexed as its "word suffixes": the whole normalised name (kind 0) and the rest of
 * it from every later word on (kind 1). `LIKE 'query%'` on these terms is then a prefix match on
 * the name (kind 0) or on any word of it (kind 1), and a btree range scan answers it.
 */

/** Letters that Unicode does not decompose into a base letter plus a mark. */
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  ł: 'l',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŀ: 'l',
};
const SPECIAL_RE = new RegExp(`[${Object.keys(SPECIAL).join('')}]`, 'g');

/** German transliteration: "Müller" is also found as "Mueller". */
const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue' };
const UMLAUT_RE = /[äöü]/g;
const HAS_UMLAUT = /[äöü]/;

/** Terms and queries longer than this are cut (a btree entry must stay small). */
export const MAX_TERM_LENGTH = 200;
/** Words of a name that start a term; later words are still part of the earlier terms. */
const MAX_WORDS = 12;

/**
 * Lower case, compatibility decomposition with the marks removed (é→e, ü→u, ó→o), the letters
 * that do not decompose spelled out (ß→ss, ł→l, æ→ae, ø→o…), anything that is neither letter
 * nor digit a single space, trimmed. "Łódzka Spółka-Handlowa sp. z o.o." → "lodzka spolka handlowa sp z o o".
 */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(SPECIAL_RE, (c) => SPECIAL[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The same with ä/ö/ü spelled ae/oe/ue; null when the text has no umlaut. */
function transliteratedUmlauts(text: string): string | null {
  const lower = text.toLowerCase().normalize('NFC');
  if (!HAS_UMLAUT.test(lower)) return null;
  return normalizeSearchText(lower.replace(UMLAUT_RE, (c) => UMLAUTS[c] ?? c));
}

/** The normalised forms a name or query is known by: plain, and with umlauts spelled out. */
export function searchForms(text: string): string[] {
  const plain = normalizeSearchText(text).slice(0, MAX_TERM_LENGTH);
  const alt = transliteratedUmlauts(text)?.slice(0, MAX_TERM_LENGTH);
  return alt && alt !== plain ? [plain, alt] : [plain];
}

export interface SearchTerm {
  term: string;
  /** 0: the whole name; 1: from a later word on. */
  kind: 0 | 1;
}

/** Every term a name is indexed by, without duplicates (the lower kind wins). */
export function searchTerms(name: string): SearchTerm[] {
  const byTerm = new Map<string, 0 | 1>();
  for (const form of searchForms(name)) {
    if (!form) continue;
    const words = form.split(' ');
    for (let i = 0; i < Math.min(words.length, MAX_WORDS); i++) {
      const term = words.slice(i).join(' ');
      const kind = i === 0 ? 0 : 1;
      if (!byTerm.has(term) || kind < byTerm.get(term)!) byTerm.set(term, kind);
    }
  }
  return [...byTerm].map(([term, kind]) => ({ term, kind }));
}

/** The key names are ordered by after rank and length: the normalised name. */
export function nameKey(name: string): string {
  return normalizeSearchText(name).slice(0, MAX_TERM_LENGTH);
}

export interface SearchQuery {
  /** The normalised forms of the query; a term matches when it starts with one of them. */
  prefixes: string[];
}

/** The query's forms; empty when nothing searchable is left (e.g. only punctuation). */
export function searchQuery(text: string): SearchQuery {
  return { prefixes: searchForms(text).filter((p) => p.length > 0) };
}

/** Just above every string that starts with `prefix` (C collation: byte order). */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/**
 * 0 exact name, 1 name prefix, 2 word prefix, 3 no match: the same order the SQL ranks by,
 * for results that did not come from the index (a registry hit that is one of our companies).
 */
export function rankName(name: string, query: SearchQuery): number {
  let best = 3;
  for (const { term, kind } of searchTerms(name)) {
    for (const p of query.prefixes) {
      if (!term.startsWith(p)) continue;
      best = Math.min(best, kind === 0 ? (term === p ? 0 : 1) : 2);
    }
  }
  return best;
}

/**
 * SQL: the term column starts with one of the query's prefixes, as byte ranges that a btree on a
 * `COLLATE "C"` column answers with a range scan (also in generic plans, unlike `LIKE $1`).
 */
export function termMatchesSql(term: SQL, query: SearchQuery): SQL {
  const ranges = query.prefixes.map((p) => sql`(${term} >= ${p} AND ${term} < ${prefixUpperBound(p)})`);
  return sql`(${sql.join(ranges, sql` OR `)})`;
}

/** SQL: the rank of one matching term (0 exact name, 1 name prefix, 2 word prefix); take the minimum per company. */
export function termRankSql(term: SQL, kind: SQL, query: SearchQuery): SQL {
  const exact = sql.join(
    query.prefixes.map((p) => sql`${p}`),
    sql`, `,
  );
  return sql`CASE WHEN ${kind} = 0 AND ${term} IN (${exact}) THEN 0 WHEN ${kind} = 0 THEN 1 ELSE 2 END`;
}
