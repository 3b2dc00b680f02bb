import { describe, expect, it } from 'vitest';
import {
  MAX_TERM_LENGTH,
  normalizeSearchText,
  prefixUpperBound,
  rankName,
  searchQuery,
  searchTerms,
} from './search-text.js';

describe('normalizeSearchText', () => {
  it.each([
    ['Müller Metallbau GmbH', 'muller metallbau gmbh'],
    ['MÜLLER', 'muller'],
    ['Łódzka Spółka Handlowa sp. z o.o.', 'lodzka spolka handlowa sp z o o'],
    ['Wisła Logistyka', 'wisla logistyka'],
    ['Bäckerei Schönberger e.K.', 'backerei schonberger e k'],
    ['Großhandel Weiß', 'grosshandel weiss'],
    ['GROẞHANDEL', 'grosshandel'],
    ['Électricité Dubois Sàrl', 'electricite dubois sarl'],
    ['Ærø Ølhandel Œuvre', 'aero olhandel oeuvre'],
    ['Żółć Źdźbło Ćma Ńę', 'zolc zdzblo cma ne'],
    ['Schmidt-Bau & Söhne / Nord', 'schmidt bau sohne nord'],
    ['  ﬁne   Café  ', 'fine cafe'],
    ['Müller', 'muller'], // precomposed
    ['Mu\u0308ller', 'muller'], // decomposed
    ['...', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it('keeps letters of other scripts and digits', () => {
    expect(normalizeSearchText('Ωmega 24/7 Кафе')).toBe('ωmega 24 7 кафе');
  });
});

describe('searchTerms', () => {
  it('indexes the whole name (kind 0) and the rest from every later word on (kind 1)', () => {
    expect(searchTerms('Nordlicht Logistik GmbH')).toEqual([
      { term: 'nordlicht logistik gmbh', kind: 0 },
      { term: 'logistik gmbh', kind: 1 },
      { term: 'gmbh', kind: 1 },
    ]);
  });

  it('adds the umlauts spelled out (ü→ue) as a second form', () => {
    expect(searchTerms('Müller Bau')).toEqual([
      { term: 'muller bau', kind: 0 },
      { term: 'bau', kind: 1 },
      { term: 'mueller bau', kind: 0 },
    ]);
  });

  it('no terms for a name without letters or digits; long names are cut', () => {
    expect(searchTerms('--')).toEqual([]);
    const long = searchTerms(`${'a'.repeat(300)} b`);
    expect(long[0]!.term).toHaveLength(MAX_TERM_LENGTH);
  });
});

describe('searchQuery and rankName', () => {
  it('a query is known in its plain and its transliterated form', () => {
    expect(searchQuery('Müller').prefixes).toEqual(['muller', 'mueller']);
    expect(searchQuery('MUELLER').prefixes).toEqual(['mueller']);
    expect(searchQuery('...').prefixes).toEqual([]);
  });

  it('ranks exact name < name prefix < word prefix < no match', () => {
    const q = searchQuery('metallbau');
    expect(rankName('Metallbau', q)).toBe(0);
    expect(rankName('Metallbau Krause KG', q)).toBe(1);
    expect(rankName('Müller Metallbau GmbH', q)).toBe(2);
    expect(rankName('Müller Holzbau GmbH', q)).toBe(3);
    expect(rankName('Mueller GmbH', searchQuery('müller'))).toBe(1);
    expect(rankName('Müller GmbH', searchQuery('MUELLER'))).toBe(1);
  });

  it('the upper bound sorts after every extension of the prefix (byte order)', () => {
    const upper = Buffer.from(prefixUpperBound('abc'));
    for (const s of ['abc', 'abc z', 'abcżółć', 'abc\u{FFFF}', 'abc\u{10FFFD}']) {
      expect(Buffer.compare(Buffer.from(s), upper)).toBe(-1);
    }
    expect(Buffer.compare(Buffer.from('abd'), upper)).toBe(1);
  });
});
