import { describe, expect, it } from 'vitest';
import {
  MAX_FORM_LENGTH,
  MAX_QUERY_WORDS,
  normalizeSearchText,
  RANK,
  rankName,
  searchQuery,
  searchText,
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

describe('searchText', () => {
  it('is the normalised name', () => {
    expect(searchText('Nordlicht Logistik GmbH')).toBe('nordlicht logistik gmbh');
  });

  it('adds the umlauts spelled out (ü→ue) as a second form, after " / "', () => {
    expect(searchText('Müller Bau')).toBe('muller bau / mueller bau');
    expect(searchText('Mueller Bau')).toBe('mueller bau');
  });

  it('empty for a name without letters or digits; long names are cut', () => {
    expect(searchText('--')).toBe('');
    expect(searchText(`${'a'.repeat(600)} b`)).toHaveLength(MAX_FORM_LENGTH);
  });

  it('sorts in byte order like the plain form (the tie-breaker after rank and length)', () => {
    const names = ['Müller Bau', 'Muller Bauten', 'Mullerei', 'Muller', 'Müller 2'];
    const byText = [...names].sort((a, b) => Buffer.compare(Buffer.from(searchText(a)), Buffer.from(searchText(b))));
    const byPlain = [...names].sort((a, b) =>
      Buffer.compare(Buffer.from(normalizeSearchText(a)), Buffer.from(normalizeSearchText(b))),
    );
    expect(byText).toEqual(byPlain);
  });
});

describe('searchQuery and rankName', () => {
  it('a query is known in its plain and its transliterated form, word by word', () => {
    expect(searchQuery('Müller Metall')).toEqual({
      forms: [
        { text: 'muller metall', words: ['muller', 'metall'] },
        { text: 'mueller metall', words: ['mueller', 'metall'] },
      ],
    });
    expect(searchQuery('MUELLER').forms.map((f) => f.text)).toEqual(['mueller']);
    expect(searchQuery('...').forms).toEqual([]);
  });

  it('words are distinct and at most MAX_QUERY_WORDS', () => {
    expect(searchQuery('bau bau gmbh').forms[0]!.words).toEqual(['bau', 'gmbh']);
    const many = Array.from({ length: 12 }, (_, i) => `w${i}`).join(' ');
    expect(searchQuery(many).forms[0]!.words).toHaveLength(MAX_QUERY_WORDS);
  });

  it('ranks exact name < name prefix < phrase at a word start < words in any order < no match', () => {
    const q = searchQuery('metallbau');
    expect(rankName('Metallbau', q)).toBe(RANK.exact);
    expect(rankName('Metallbau Krause KG', q)).toBe(RANK.namePrefix);
    expect(rankName('Müller Metallbau GmbH', q)).toBe(RANK.phrase);
    expect(rankName('Müller Holzbau GmbH', q)).toBe(RANK.none);
    expect(rankName('Mueller GmbH', searchQuery('müller'))).toBe(RANK.namePrefix);
    expect(rankName('Müller GmbH', searchQuery('MUELLER'))).toBe(RANK.namePrefix);
    expect(rankName('Müller Metallbau GmbH', searchQuery('metallbau gm'))).toBe(RANK.phrase);
  });

  it('every word must start a word of the name, in any order', () => {
    const name = 'Müller Metallbau GmbH';
    expect(rankName(name, searchQuery('metallbau müller'))).toBe(RANK.anyOrder);
    expect(rankName(name, searchQuery('gmbh mueller metall'))).toBe(RANK.anyOrder);
    expect(rankName(name, searchQuery('metallbau muller'))).toBe(RANK.anyOrder);
    // "bau" starts no word: found inside "Metallbau", ranked after every match at word starts.
    expect(rankName(name, searchQuery('bau müller'))).toBe(RANK.inner);
    expect(rankName(name, searchQuery('au müller'))).toBe(RANK.none); // too short to match inside a word
    expect(rankName(name, searchQuery('metallbau schmidt'))).toBe(RANK.none); // every word must match
    expect(rankName('Łódzka Spółka Handlowa sp. z o.o.', searchQuery('handlowa lodz'))).toBe(RANK.anyOrder);
  });

  it('a phrase never runs across the two forms of a name', () => {
    // "muller bau / mueller bau": "bau mueller" is in the text only across the separator.
    expect(rankName('Müller Bau', searchQuery('bau mueller'))).toBe(RANK.anyOrder);
  });
});
