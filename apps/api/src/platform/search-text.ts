import { sql, type SQL } from 'drizzle-orm';

/**
 * Text normalisation and matching of the company search (the only place that defines them: the
 * demo registry, our companies and the query all go through here).
 *
 * A name is stored as one search text: its normalised forms (plain, and with ä/ö/ü spelled out)
 * joined by FORM_SEPARATOR. A query matches when every one of its words stands in that text, in
 * any order (the user is still typing the last word): `(' ' || search_text) LIKE '%word%'` per
 * word (a word of one or two letters: `'% word%'`, at a word start), which a GIN trigram index
 * (pg_trgm) on `' ' || search_text` answers on PGlite and PostgreSQL alike; matches inside a word
 * ("handel" in "Großhandel") rank after those at word starts (ADR 006, issue 26).
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

/** A name's forms are cut at this length (a bound for pathological input; names are far shorter). */
export const MAX_FORM_LENGTH = 500;
/** A query's words beyond this many are ignored for matching (they still rank, as part of the phrase). */
export const MAX_QUERY_WORDS = 8;
/** Joins the forms of a name in its search text; normalised text never contains "/". */
export const FORM_SEPARATOR = ' / ';

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
  const plain = normalizeSearchText(text).slice(0, MAX_FORM_LENGTH).trim();
  const alt = transliteratedUmlauts(text)?.slice(0, MAX_FORM_LENGTH).trim();
  return alt && alt !== plain ? [plain, alt] : [plain];
}

/**
 * The search text stored for a name: its forms joined by FORM_SEPARATOR, the plain form first
 * ("Müller Bau" → "muller bau / mueller bau"). Ordered in byte order ("C" collation) it sorts
 * like the plain form, so it is also the tie-breaker after rank and length. Empty for a name
 * without letters or digits (and then never matches).
 */
export function searchText(name: string): string {
  return searchForms(name)
    .filter((f) => f.length > 0)
    .join(FORM_SEPARATOR);
}

export interface QueryForm {
  /** The whole normalised query ("muller metallbau"). */
  text: string;
  /** Its distinct words, at most MAX_QUERY_WORDS; each must start a word of the name. */
  words: string[];
}

export interface SearchQuery {
  /** The query's forms (plain, and with umlauts spelled out); a name matches when one form does. */
  forms: QueryForm[];
}

/** The query's forms; empty when nothing searchable is left (e.g. only punctuation). */
export function searchQuery(text: string): SearchQuery {
  return {
    forms: searchForms(text)
      .filter((f) => f.length > 0)
      .map((f) => ({ text: f, words: [...new Set(f.split(' '))].slice(0, MAX_QUERY_WORDS) })),
  };
}

/** Ranks, best first: the SQL (searchRankSql) and rankName agree. */
export const RANK = { exact: 0, namePrefix: 1, phrase: 2, anyOrder: 3, inner: 4, none: 5 } as const;

/**
 * Words this long may also match inside a word (issue 26: German joins words, "handel" finds
 * "Großhandel", "maschinen" finds "Sondermaschinenbau"); shorter ones only at a word start (a
 * one- or two-letter word inside words would match almost every name, and has too few trigrams).
 */
export const INNER_WORD_MIN = 3;

// LIKE patterns. Normalised text holds letters, digits and single spaces only, so none of
// LIKE's special characters (% _ \) can appear in a query word and nothing needs escaping.
const wordPattern = (word: string) => `% ${word}%`;
/** Where a word may stand: anywhere for words of INNER_WORD_MIN letters or more, else at a word start. */
const matchPattern = (word: string) => (word.length >= INNER_WORD_MIN ? `%${word}%` : wordPattern(word));
const exactPattern = (form: string) => `%${FORM_SEPARATOR}${form}${FORM_SEPARATOR}%`;
const namePrefixPattern = (form: string) => `%${FORM_SEPARATOR}${form}%`;
const phrasePattern = (form: string) => `% ${form}%`;

/** `LIKE` in JavaScript for the patterns above (only leading/trailing %, no _). */
function like(text: string, pattern: string): boolean {
  return text.includes(pattern.slice(1, -1));
}

/**
 * The rank of a name for a query, as the SQL computes it: 0 the exact name, 1 a prefix of the
 * name, 2 the query as a phrase from a word start on ("metallbau gm" in "Müller Metallbau
 * GmbH"), 3 every word starts some word, in any order ("metallbau müller"), 4 a word only inside
 * a word ("handel" in "Großhandel", issue 26); 5 no match. For
 * results that did not come from a ranked query (one of our companies found by its registry id).
 */
export function rankName(name: string, query: SearchQuery): number {
  const text = searchText(name);
  const spaced = ` ${text}`;
  if (!query.forms.some((f) => f.words.every((w) => like(spaced, matchPattern(w))))) return RANK.none;
  const bounded = `${FORM_SEPARATOR}${text}${FORM_SEPARATOR}`;
  if (query.forms.some((f) => like(bounded, exactPattern(f.text)))) return RANK.exact;
  if (query.forms.some((f) => like(bounded, namePrefixPattern(f.text)))) return RANK.namePrefix;
  if (query.forms.some((f) => like(spaced, phrasePattern(f.text)))) return RANK.phrase;
  if (query.forms.some((f) => f.words.every((w) => like(spaced, wordPattern(w))))) return RANK.anyOrder;
  return RANK.inner;
}

/**
 * SQL: the search text matches the query: for one of its forms, every word stands in the text (a
 * word of one or two letters at a word start). `' ' || col` is the expression of the GIN trigram indexes (migration 0006): keep the two
 * the same, or the index is not used. The patterns are parameters; a GIN index takes them at
 * execution time, also in generic plans.
 */
export function searchMatchSql(col: SQL, query: SearchQuery): SQL {
  const forms = query.forms.map(
    (f) =>
      sql`(${sql.join(
        f.words.map((w) => sql`(' ' || ${col}) LIKE ${matchPattern(w)}`),
        sql` AND `,
      )})`,
  );
  return forms.length ? sql`(${sql.join(forms, sql` OR `)})` : sql`false`;
}

/** SQL: the rank of a matching search text (see rankName); order by it, then by length and text. */
export function searchRankSql(col: SQL, query: SearchQuery): SQL {
  const any = (expr: SQL, pattern: (form: string) => string) =>
    sql.join(
      query.forms.map((f) => sql`${expr} LIKE ${pattern(f.text)}`),
      sql` OR `,
    );
  const separator = sql.raw(`'${FORM_SEPARATOR}'`);
  const bounded = sql`(${separator} || ${col} || ${separator})`;
  const spaced = sql`(' ' || ${col})`;
  const wordStarts = sql.join(
    query.forms.map(
      (f) =>
        sql`(${sql.join(
          f.words.map((w) => sql`${spaced} LIKE ${wordPattern(w)}`),
          sql` AND `,
        )})`,
    ),
    sql` OR `,
  );
  return sql`CASE WHEN ${any(bounded, exactPattern)} THEN ${sql.raw(String(RANK.exact))}
    WHEN ${any(bounded, namePrefixPattern)} THEN ${sql.raw(String(RANK.namePrefix))}
    WHEN ${any(spaced, phrasePattern)} THEN ${sql.raw(String(RANK.phrase))}
    WHEN ${wordStarts} THEN ${sql.raw(String(RANK.anyOrder))}
    ELSE ${sql.raw(String(RANK.inner))} END`;
}
