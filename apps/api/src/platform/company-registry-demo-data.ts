import type { RegistryCompany } from './company-registry.js';

/**
 * The demo registry's data set: about 6,000 FICTIONAL companies in DE, AT, CH and PL, generated
 * from word lists with a seeded PRNG, so every machine gets the same companies with the same ids.
 * Names are combinations of common surnames, trade words and invented place names; addresses,
 * register numbers and tax ids are random (tax ids and Swiss UIDs carry valid check digits, so
 * they pass format checks, but belong to nobody). Any resemblance to a real company is chance.
 *
 * Foundation dates are fixed, apart from about 8 % "young" companies (and "Junge Gründer UG")
 * whose dates count back from the reference month, so that some companies are always younger
 * than two years. The data set is therefore identical for one reference month (see `asOfMonth`).
 *
 * Fixed companies that tests and e2e specs rely on (search them by these names):
 *
 * | id             | name                              | country, city | legal form | founded            |
 * |----------------|-----------------------------------|---------------|------------|--------------------|
 * | DEMO-DE-000001 | Musterbau Schmidt GmbH            | DE, Berlin    | GMBH       | 2012-04-17         |
 * | DEMO-DE-000002 | Müller Metallbau GmbH             | DE, Stuttgart | GMBH       | 1987-09-01         |
 * | DEMO-DE-000003 | Bäckerei Schönberger e.K.         | DE, München   | EK         | 1968-03-15         |
 * | DEMO-DE-000004 | Junge Gründer UG                  | DE, Hamburg   | UG         | 6 months ago (1st) |
 * | DEMO-DE-000005 | Kleine Feier GbR                  | DE, Köln      | GBR        | 2019-06-01         |
 * | DEMO-AT-000001 | Alpenblick Hotel AG               | AT, Innsbruck | AG         | 1994-05-20         |
 * | DEMO-CH-000001 | Zürcher Feinmechanik AG           | CH, Zürich    | CH_AG      | 1964-11-02         |
 * | DEMO-PL-000001 | Wisła Logistyka sp. z o.o.        | PL, Warszawa  | PL_SP_ZOO  | 2008-02-12         |
 * | DEMO-PL-000002 | Łódzka Spółka Handlowa sp. z o.o. | PL, Łódź      | PL_SP_ZOO  | 1999-10-04         |
 *
 * Random names never equal a fixed name.
 */

/** Bump when the generator changes: a running installation then replaces its data set at boot. */
export const DEMO_REGISTRY_GENERATOR_VERSION = 1;

export const DEMO_REGISTRY_COUNTS = { DE: 2800, AT: 1000, CH: 900, PL: 1300 } as const;
export type DemoCountry = keyof typeof DEMO_REGISTRY_COUNTS;

/** "YYYY-MM" of a date (UTC): the reference month of the data set. */
export function asOfMonth(date: Date = new Date()): string {
  return date.toISOString().slice(0, 7);
}

/** The key of one data set: generator version and reference month. */
export function demoDatasetKey(asOf: string): string {
  return `v${DEMO_REGISTRY_GENERATOR_VERSION}:${asOf}`;
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** mulberry32: small, fast, good enough for test data, identical on every platform. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string: one independent random stream per country. */
function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The seeded random stream of the demo data (also the demo registry's people and credit scores). */
export class Rng {
  private readonly next: () => number;
  constructor(seed: string) {
    this.next = mulberry32(hashSeed(seed));
  }
  float(): number {
    return this.next();
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
}

// ---------------------------------------------------------------------------------------------
// Word lists

interface Trade {
  name: string;
  purpose: string;
  /** Relative frequency (default 1). */
  weight?: number;
}

const pickTrade = (rng: Rng, trades: readonly Trade[]): Trade => rng.weighted(trades.map((t) => [t, t.weight ?? 1]));

interface City {
  name: string;
  /** Relative number of companies. */
  weight: number;
  /** Postcode range (numeric), and the step between codes (Vienna: 1010, 1020, …). */
  from: number;
  to: number;
  step?: number;
  court: string;
  /** Adjective of the city for names ("Berliner", "Łódzka"). */
  adjective?: string;
  language?: 'de' | 'fr' | 'it';
}

// prettier-ignore
const DE_SURNAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
  'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann',
  'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Schmitz', 'Krause', 'Meier',
  'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber', 'Kaiser',
  'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Schubert', 'Vogel', 'Friedrich',
  'Keller', 'Günther', 'Frank', 'Berger', 'Winkler', 'Roth', 'Beck', 'Lorenz', 'Baumann', 'Franke', 'Albrecht',
  'Schuster', 'Simon', 'Ludwig', 'Böhm', 'Winter', 'Kraus', 'Schumacher', 'Krämer', 'Vogt', 'Stein', 'Jäger',
  'Otto', 'Sommer', 'Groß', 'Seidel', 'Heinrich', 'Brandt', 'Haas', 'Schreiber', 'Graf', 'Schulte', 'Dietrich',
  'Ziegler', 'Kuhn', 'Kühn', 'Pohl', 'Engel', 'Horn', 'Busch', 'Bergmann', 'Voigt', 'Sauer', 'Arnold', 'Wolff',
  'Pfeiffer', 'Schönberger', 'Öztürk', 'Großmann', 'Rößler', 'Brückner', 'Lübke', 'Hölscher', 'Düring',
  'Gärtner', 'Näher', 'Kästner', 'Sühring',
];

// prettier-ignore
const DE_FIRST_NAMES = [
  'Anna', 'Thomas', 'Michael', 'Andreas', 'Stefan', 'Sabine', 'Claudia', 'Jürgen', 'Jörg', 'Katrin', 'Markus',
  'Petra', 'Ralf', 'Susanne', 'Uwe', 'Birgit', 'Frank', 'Nicole', 'Björn', 'Jens', 'Sören', 'Maximilian', 'Lea',
  'Jonas', 'Lukas', 'Sophie', 'Hannah', 'Tobias', 'Julia', 'Bärbel',
];

// prettier-ignore
const DE_FANTASY = [
  'Nordlicht', 'Südwind', 'Rheinblick', 'Elbufer', 'Ostseewelle', 'Harzquell', 'Spreetal', 'Mainufer',
  'Weserland', 'Bergblick', 'Sonnenhof', 'Lindenhof', 'Eichenhain', 'Kranich', 'Falkenstein', 'Adlerhorst',
  'Blauwal', 'Silberdistel', 'Sternberg', 'Löwenzahn', 'Wolkenlos', 'Morgentau', 'Kompass', 'Leuchtturm',
  'Ankerplatz', 'Grünfink', 'Tannenhöhe', 'Mühlental', 'Brückenkopf', 'Fuchsbau', 'Heideblüte', 'Wellenreiter',
];

// prettier-ignore
const DE_TRADES: Trade[] = [
  // Rare, so that "metall" lists the fixed "Müller Metallbau GmbH" among its first 20 hits.
  { name: 'Metallbau', purpose: 'Herstellung und Montage von Stahl- und Metallkonstruktionen, Treppen und Geländern', weight: 0.2 },
  { name: 'Holzbau', purpose: 'Planung und Errichtung von Holzhäusern, Dachstühlen und Carports' },
  { name: 'Bäckerei', purpose: 'Herstellung und Verkauf von Backwaren, Konditoreiwaren und Snacks' },
  { name: 'Fleischerei', purpose: 'Herstellung und Verkauf von Fleisch- und Wurstwaren, Partyservice' },
  { name: 'Elektrotechnik', purpose: 'Elektroinstallationen, Gebäudetechnik und Wartung elektrischer Anlagen' },
  { name: 'Sanitärtechnik', purpose: 'Installation von Sanitär-, Heizungs- und Klimaanlagen' },
  { name: 'Dachdeckerei', purpose: 'Dachdecker-, Dachklempner- und Abdichtungsarbeiten' },
  { name: 'Malerbetrieb', purpose: 'Maler-, Lackier- und Tapezierarbeiten sowie Fassadengestaltung' },
  { name: 'Tischlerei', purpose: 'Anfertigung von Möbeln, Innenausbau, Fenstern und Türen nach Maß' },
  { name: 'Gartenbau', purpose: 'Garten- und Landschaftsbau, Pflege von Grünanlagen und Baumpflege' },
  { name: 'Logistik', purpose: 'Lagerhaltung, Kommissionierung und Distribution von Waren aller Art' },
  { name: 'Spedition', purpose: 'Nationale und internationale Güterbeförderung im Straßenverkehr' },
  { name: 'Transporte', purpose: 'Güterbeförderung mit Kraftfahrzeugen, Kurier- und Expressdienste' },
  { name: 'Maschinenbau', purpose: 'Konstruktion, Fertigung und Vertrieb von Sondermaschinen und Anlagen' },
  { name: 'Feinmechanik', purpose: 'Präzisionsfertigung von Dreh- und Frästeilen in Klein- und Großserien' },
  { name: 'Kunststofftechnik', purpose: 'Herstellung von Kunststoffformteilen im Spritzgussverfahren' },
  { name: 'Druckerei', purpose: 'Offset- und Digitaldruck, Weiterverarbeitung von Druckerzeugnissen' },
  { name: 'Werbeagentur', purpose: 'Konzeption und Umsetzung von Werbe- und Marketingkampagnen' },
  { name: 'Softwareentwicklung', purpose: 'Entwicklung, Vertrieb und Betreuung von Software und IT-Lösungen' },
  { name: 'IT-Service', purpose: 'IT-Dienstleistungen, Netzwerkbetreuung und Handel mit Hard- und Software' },
  { name: 'Immobilien', purpose: 'Erwerb, Verwaltung und Vermietung von eigenen Immobilien' },
  { name: 'Hausverwaltung', purpose: 'Verwaltung von Wohnungseigentum und Mietobjekten für Dritte' },
  { name: 'Autohaus', purpose: 'Handel mit Neu- und Gebrauchtfahrzeugen, Kfz-Werkstatt und Service' },
  { name: 'Kfz-Technik', purpose: 'Reparatur und Wartung von Kraftfahrzeugen aller Fabrikate' },
  { name: 'Gebäudereinigung', purpose: 'Unterhalts-, Glas- und Sonderreinigung von Gebäuden' },
  { name: 'Sicherheitstechnik', purpose: 'Planung und Einbau von Alarm-, Video- und Zutrittskontrollanlagen' },
  { name: 'Medizintechnik', purpose: 'Entwicklung und Vertrieb medizintechnischer Geräte und Zubehör' },
  { name: 'Getränkehandel', purpose: 'Groß- und Einzelhandel mit Getränken, Lieferservice für Gastronomie' },
  { name: 'Feinkost', purpose: 'Handel mit Feinkost, Delikatessen und regionalen Lebensmitteln' },
  { name: 'Weinhandel', purpose: 'Import und Handel mit Weinen, Spirituosen und Zubehör' },
  { name: 'Optik', purpose: 'Augenoptik, Verkauf von Brillen und Kontaktlinsen' },
  { name: 'Bauunternehmen', purpose: 'Ausführung von Hoch- und Tiefbauarbeiten sowie schlüsselfertiges Bauen' },
  { name: 'Stahlbau', purpose: 'Fertigung und Montage von Stahlhallen und Tragwerken' },
  { name: 'Fensterbau', purpose: 'Herstellung und Montage von Fenstern, Türen und Wintergärten' },
  { name: 'Schlosserei', purpose: 'Schlosser- und Schweißarbeiten, Toranlagen und Zäune' },
  { name: 'Solartechnik', purpose: 'Planung und Installation von Photovoltaik- und Solarthermieanlagen' },
  { name: 'Heizungsbau', purpose: 'Einbau und Wartung von Heizungsanlagen und Wärmepumpen' },
  { name: 'Kältetechnik', purpose: 'Planung, Bau und Wartung von Kälte- und Klimaanlagen' },
  { name: 'Textilhandel', purpose: 'Groß- und Einzelhandel mit Bekleidung und Heimtextilien' },
  { name: 'Reisebüro', purpose: 'Vermittlung von Reisen, Flügen und Hotelaufenthalten' },
  { name: 'Gastronomie', purpose: 'Betrieb von Restaurants und Cafés sowie Catering für Veranstaltungen' },
  { name: 'Konditorei', purpose: 'Herstellung und Verkauf von Torten, Pralinen und Feingebäck' },
  { name: 'Brauerei', purpose: 'Herstellung und Vertrieb von Bier und alkoholfreien Getränken' },
  { name: 'Umzüge', purpose: 'Privat- und Firmenumzüge, Möbellagerung und Entrümpelungen' },
  { name: 'Personalservice', purpose: 'Arbeitnehmerüberlassung und Personalvermittlung' },
  { name: 'Landtechnik', purpose: 'Handel, Vermietung und Reparatur von Land- und Forsttechnik' },
];

// prettier-ignore
const DE_PROFESSIONS: (Trade & { doctor?: boolean })[] = [
  { name: 'Steuerberatung', purpose: 'Steuerberatung, Buchhaltung und Jahresabschlüsse für Unternehmen' },
  { name: 'Rechtsanwaltskanzlei', purpose: 'Rechtsberatung und Vertretung in Wirtschafts- und Arbeitsrecht', doctor: true },
  { name: 'Architekturbüro', purpose: 'Architektenleistungen, Entwurf und Bauleitung' },
  { name: 'Ingenieurbüro', purpose: 'Tragwerksplanung und technische Gebäudeausrüstung' },
  { name: 'Zahnarztpraxis', purpose: 'Zahnärztliche Versorgung, Prophylaxe und Implantologie', doctor: true },
  { name: 'Tierarztpraxis', purpose: 'Tierärztliche Behandlung von Klein- und Nutztieren', doctor: true },
  { name: 'Physiotherapie', purpose: 'Physiotherapie, Krankengymnastik und manuelle Therapie' },
  { name: 'Übersetzungsbüro', purpose: 'Fachübersetzungen und Dolmetscherleistungen' },
  { name: 'Grafikdesign', purpose: 'Gestaltung von Corporate Design, Print- und Onlinemedien' },
  { name: 'Unternehmensberatung', purpose: 'Beratung von Unternehmen in Strategie, Organisation und Finanzen' },
];

// prettier-ignore
const DE_STREETS = [
  'Hauptstraße', 'Bahnhofstraße', 'Gartenstraße', 'Schulstraße', 'Dorfstraße', 'Bergstraße', 'Lindenstraße',
  'Kirchstraße', 'Waldstraße', 'Ringstraße', 'Mühlenweg', 'Am Markt', 'Industriestraße', 'Gewerbestraße',
  'Schillerstraße', 'Goethestraße', 'Friedrichstraße', 'Mozartstraße', 'Rosenweg', 'Birkenweg',
  'Eichendorffstraße', 'Kastanienallee', 'Hafenstraße', 'Werkstraße', 'Uhlandstraße', 'Lessingstraße',
  'Feldstraße', 'Wiesenweg', 'Parkstraße', 'Talstraße', 'Am Anger', 'Buchenweg', 'Königstraße', 'Marktplatz',
  'Grüner Weg', 'Fährstraße', 'Brückenstraße', 'Sonnenallee', 'Mühlstraße', 'Schloßstraße', 'Am Kreuzacker',
  'Im Gewerbepark', 'Äußere Dorfstraße', 'Große Straße', 'Rathausplatz', 'Kiefernweg',
];

// prettier-ignore
const DE_CITIES: City[] = [
  { name: 'Berlin', weight: 36, from: 10115, to: 14199, court: 'Amtsgericht Charlottenburg', adjective: 'Berliner' },
  { name: 'Hamburg', weight: 18, from: 20095, to: 22769, court: 'Amtsgericht Hamburg', adjective: 'Hamburger' },
  { name: 'München', weight: 15, from: 80331, to: 81929, court: 'Amtsgericht München', adjective: 'Münchner' },
  { name: 'Köln', weight: 11, from: 50667, to: 51149, court: 'Amtsgericht Köln', adjective: 'Kölner' },
  { name: 'Frankfurt am Main', weight: 8, from: 60306, to: 60599, court: 'Amtsgericht Frankfurt am Main', adjective: 'Frankfurter' },
  { name: 'Stuttgart', weight: 6, from: 70173, to: 70629, court: 'Amtsgericht Stuttgart', adjective: 'Stuttgarter' },
  { name: 'Düsseldorf', weight: 6, from: 40210, to: 40629, court: 'Amtsgericht Düsseldorf', adjective: 'Düsseldorfer' },
  { name: 'Leipzig', weight: 6, from: 4103, to: 4357, court: 'Amtsgericht Leipzig', adjective: 'Leipziger' },
  { name: 'Dresden', weight: 5, from: 1067, to: 1328, court: 'Amtsgericht Dresden', adjective: 'Dresdner' },
  { name: 'Nürnberg', weight: 5, from: 90402, to: 90491, court: 'Amtsgericht Nürnberg', adjective: 'Nürnberger' },
  { name: 'Bremen', weight: 5, from: 28195, to: 28779, court: 'Amtsgericht Bremen', adjective: 'Bremer' },
  { name: 'Hannover', weight: 5, from: 30159, to: 30669, court: 'Amtsgericht Hannover', adjective: 'Hannoveraner' },
  { name: 'Essen', weight: 5, from: 45127, to: 45359, court: 'Amtsgericht Essen', adjective: 'Essener' },
  { name: 'Dortmund', weight: 5, from: 44135, to: 44388, court: 'Amtsgericht Dortmund', adjective: 'Dortmunder' },
  { name: 'Bonn', weight: 3, from: 53111, to: 53229, court: 'Amtsgericht Bonn', adjective: 'Bonner' },
  { name: 'Mannheim', weight: 3, from: 68159, to: 68309, court: 'Amtsgericht Mannheim', adjective: 'Mannheimer' },
  { name: 'Karlsruhe', weight: 3, from: 76131, to: 76229, court: 'Amtsgericht Mannheim', adjective: 'Karlsruher' },
  { name: 'Augsburg', weight: 3, from: 86150, to: 86199, court: 'Amtsgericht Augsburg', adjective: 'Augsburger' },
  { name: 'Freiburg im Breisgau', weight: 2, from: 79098, to: 79117, court: 'Amtsgericht Freiburg', adjective: 'Freiburger' },
  { name: 'Münster', weight: 3, from: 48143, to: 48167, court: 'Amtsgericht Münster', adjective: 'Münsteraner' },
  { name: 'Kiel', weight: 2, from: 24103, to: 24159, court: 'Amtsgericht Kiel', adjective: 'Kieler' },
  { name: 'Rostock', weight: 2, from: 18055, to: 18147, court: 'Amtsgericht Rostock', adjective: 'Rostocker' },
  { name: 'Potsdam', weight: 2, from: 14467, to: 14482, court: 'Amtsgericht Potsdam', adjective: 'Potsdamer' },
  { name: 'Erfurt', weight: 2, from: 99084, to: 99099, court: 'Amtsgericht Jena', adjective: 'Erfurter' },
  { name: 'Magdeburg', weight: 2, from: 39104, to: 39130, court: 'Amtsgericht Stendal', adjective: 'Magdeburger' },
  { name: 'Mainz', weight: 2, from: 55116, to: 55131, court: 'Amtsgericht Mainz', adjective: 'Mainzer' },
  { name: 'Saarbrücken', weight: 2, from: 66111, to: 66133, court: 'Amtsgericht Saarbrücken', adjective: 'Saarbrücker' },
  { name: 'Regensburg', weight: 2, from: 93047, to: 93059, court: 'Amtsgericht Regensburg', adjective: 'Regensburger' },
  { name: 'Würzburg', weight: 2, from: 97070, to: 97084, court: 'Amtsgericht Würzburg', adjective: 'Würzburger' },
  { name: 'Lübeck', weight: 2, from: 23552, to: 23570, court: 'Amtsgericht Lübeck', adjective: 'Lübecker' },
  { name: 'Göttingen', weight: 1, from: 37073, to: 37085, court: 'Amtsgericht Göttingen', adjective: 'Göttinger' },
  { name: 'Osnabrück', weight: 2, from: 49074, to: 49090, court: 'Amtsgericht Osnabrück', adjective: 'Osnabrücker' },
  { name: 'Heidelberg', weight: 2, from: 69115, to: 69126, court: 'Amtsgericht Mannheim', adjective: 'Heidelberger' },
  { name: 'Ulm', weight: 1, from: 89073, to: 89081, court: 'Amtsgericht Ulm', adjective: 'Ulmer' },
  { name: 'Bielefeld', weight: 2, from: 33602, to: 33739, court: 'Amtsgericht Bielefeld', adjective: 'Bielefelder' },
  { name: 'Wiesbaden', weight: 2, from: 65183, to: 65207, court: 'Amtsgericht Wiesbaden', adjective: 'Wiesbadener' },
  { name: 'Chemnitz', weight: 2, from: 9111, to: 9247, court: 'Amtsgericht Chemnitz', adjective: 'Chemnitzer' },
  { name: 'Jena', weight: 1, from: 7743, to: 7751, court: 'Amtsgericht Jena', adjective: 'Jenaer' },
  { name: 'Oldenburg', weight: 1, from: 26121, to: 26135, court: 'Amtsgericht Oldenburg', adjective: 'Oldenburger' },
];

// prettier-ignore
const AT_SURNAMES = [
  'Gruber', 'Huber', 'Bauer', 'Wagner', 'Müller', 'Pichler', 'Steiner', 'Moser', 'Mayer', 'Hofer', 'Leitner',
  'Berger', 'Fuchs', 'Eder', 'Fischer', 'Schmid', 'Winkler', 'Weber', 'Schwarz', 'Maier', 'Schneider', 'Reiter',
  'Mayr', 'Schmidt', 'Wimmer', 'Egger', 'Brunner', 'Lang', 'Baumgartner', 'Auer', 'Binder', 'Lechner', 'Wolf',
  'Wallner', 'Aigner', 'Ebner', 'Koller', 'Lehner', 'Haas', 'Schuster', 'Höller', 'Pölzl', 'Strobl', 'Kögl',
  'Größbauer', 'Hämmerle', 'Zöhrer', 'Wöß', 'Pröll', 'Kröpfl',
];

// prettier-ignore
const AT_FIRST_NAMES = [
  'Johann', 'Franz', 'Josef', 'Karl', 'Michael', 'Markus', 'Christian', 'Andrea', 'Elisabeth', 'Maria',
  'Sabine', 'Gerhard', 'Wolfgang', 'Birgit', 'Manuela', 'Florian', 'Lukas', 'Katharina', 'Jürgen', 'Günter',
];

// prettier-ignore
const AT_FANTASY = [
  'Alpenblick', 'Donauland', 'Bergkristall', 'Edelweiß', 'Tauernblick', 'Wachau', 'Kaiserwinkl', 'Almrausch',
  'Gamsjäger', 'Wienerwald', 'Zirbenland', 'Sonnberg', 'Lärchenhof', 'Murtal', 'Innblick', 'Seewinkel',
];

// prettier-ignore
const AT_EXTRA_TRADES: Trade[] = [
  { name: 'Gasthof', purpose: 'Betrieb eines Gasthofs mit Beherbergung und Verpflegung' },
  { name: 'Hotel', purpose: 'Betrieb von Hotels und Ferienwohnungen samt Gastronomie' },
  { name: 'Heuriger', purpose: 'Weinbau und Ausschank eigener Weine im Heurigenbetrieb' },
  { name: 'Skischule', purpose: 'Ski- und Snowboardunterricht, Verleih von Wintersportausrüstung' },
  { name: 'Zimmerei', purpose: 'Zimmerer- und Holzbauarbeiten, Dachstühle und Holzfassaden' },
  { name: 'Kaffeehaus', purpose: 'Betrieb eines Kaffeehauses mit Mehlspeisen und kleinen Speisen' },
];
const AT_TRADES: Trade[] = [...DE_TRADES.filter((t) => t.name !== 'Brauerei'), ...AT_EXTRA_TRADES];

// prettier-ignore
const AT_STREETS = [
  'Hauptplatz', 'Hauptstraße', 'Bahnhofstraße', 'Kirchengasse', 'Schulgasse', 'Landstraße', 'Herrengasse',
  'Bergstraße', 'Wiener Straße', 'Linzer Straße', 'Grazer Straße', 'Salzburger Straße', 'Dorfplatz',
  'Mühlgasse', 'Lindengasse', 'Rosengasse', 'Feldgasse', 'Industriestraße', 'Gewerbepark', 'Am Anger',
  'Sonnleitenweg', 'Lärchenweg', 'Kaiserstraße', 'Färbergasse', 'Südtiroler Platz', 'Kärntner Straße',
];

// prettier-ignore
const AT_CITIES: City[] = [
  { name: 'Wien', weight: 40, from: 1010, to: 1230, step: 10, court: 'Handelsgericht Wien', adjective: 'Wiener' },
  { name: 'Graz', weight: 10, from: 8010, to: 8055, step: 5, court: 'Landesgericht für ZRS Graz', adjective: 'Grazer' },
  { name: 'Linz', weight: 8, from: 4020, to: 4040, step: 10, court: 'Landesgericht Linz', adjective: 'Linzer' },
  { name: 'Salzburg', weight: 6, from: 5020, to: 5026, court: 'Landesgericht Salzburg', adjective: 'Salzburger' },
  { name: 'Innsbruck', weight: 6, from: 6020, to: 6080, step: 10, court: 'Landesgericht Innsbruck', adjective: 'Innsbrucker' },
  { name: 'Klagenfurt am Wörthersee', weight: 4, from: 9020, to: 9073, court: 'Landesgericht Klagenfurt', adjective: 'Klagenfurter' },
  { name: 'Villach', weight: 2, from: 9500, to: 9524, court: 'Landesgericht Klagenfurt', adjective: 'Villacher' },
  { name: 'Wels', weight: 2, from: 4600, to: 4600, court: 'Landesgericht Wels', adjective: 'Welser' },
  { name: 'Dornbirn', weight: 2, from: 6850, to: 6850, court: 'Landesgericht Feldkirch', adjective: 'Dornbirner' },
  { name: 'Bregenz', weight: 2, from: 6900, to: 6900, court: 'Landesgericht Feldkirch', adjective: 'Bregenzer' },
  { name: 'Leoben', weight: 1, from: 8700, to: 8700, court: 'Landesgericht Leoben', adjective: 'Leobener' },
  { name: 'Krems an der Donau', weight: 1, from: 3500, to: 3500, court: 'Landesgericht Krems an der Donau', adjective: 'Kremser' },
  { name: 'Steyr', weight: 1, from: 4400, to: 4400, court: 'Landesgericht Steyr', adjective: 'Steyrer' },
  { name: 'Wiener Neustadt', weight: 2, from: 2700, to: 2700, court: 'Landesgericht Wiener Neustadt', adjective: 'Neustädter' },
  { name: 'Eisenstadt', weight: 1, from: 7000, to: 7000, court: 'Landesgericht Eisenstadt', adjective: 'Eisenstädter' },
  { name: 'Kufstein', weight: 1, from: 6330, to: 6330, court: 'Landesgericht Innsbruck', adjective: 'Kufsteiner' },
  { name: 'Zell am See', weight: 1, from: 5700, to: 5700, court: 'Landesgericht Salzburg', adjective: 'Pinzgauer' },
];

// prettier-ignore
const CH_SURNAMES_DE = [
  'Müller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Schneider', 'Meyer', 'Steiner', 'Fischer', 'Gerber',
  'Brunner', 'Baumann', 'Frei', 'Zimmermann', 'Moser', 'Widmer', 'Wyss', 'Graf', 'Roth', 'Suter', 'Bühler',
  'Hürlimann', 'Nüssli', 'Lüthi', 'Hänni', 'Rüegg', 'Märki', 'Schläpfer', 'Jäggi', 'Fankhauser', 'Aebischer',
  'Bärtschi', 'Grünenfelder', 'Niederhäuser', 'Stöckli', 'Tanner', 'Zbinden', 'Kälin',
];
// prettier-ignore
const CH_SURNAMES_FR = [
  'Dubois', 'Favre', 'Rochat', 'Mercier', 'Girard', 'Perrin', 'Bonvin', 'Cretegny', 'Cuénod', 'Chappuis',
  'Séchaud', 'Pittet', 'Jaquet', 'Rey', 'Gaillard', 'Morand', 'Vuilleumier', 'Bérard', 'Délèze', 'Aubert',
  'Froidevaux', 'Crausaz', 'Mégroz',
];
// prettier-ignore
const CH_SURNAMES_IT = [
  'Bernasconi', 'Rossi', 'Bianchi', 'Fontana', 'Galli', 'Lombardi', 'Colombo', 'Pedrazzini', 'Crivelli',
  'Gianella', 'Beffa', 'Cattaneo', 'Quadri', 'Bottani', 'Nessi', 'Bassi', 'Genazzi',
];
// prettier-ignore
const CH_FIRST = {
  de: [
    'Hans', 'Peter', 'Urs', 'Beat', 'Reto', 'Daniel', 'Thomas', 'Andrea', 'Monika', 'Ursula', 'Regula',
    'Stefan', 'Corinne', 'Lukas',
  ],
  fr: [
    'Jean', 'Pierre', 'Michel', 'Alain', 'Philippe', 'Nicolas', 'Sophie', 'Isabelle', 'Céline', 'Stéphane',
    'Frédéric', 'Hélène', 'Aurélie',
  ],
  it: [
    'Marco', 'Luca', 'Paolo', 'Giorgio', 'Sergio', 'Fabio', 'Giulia', 'Francesca', 'Chiara', 'Elena',
  ],
};
// prettier-ignore
const CH_FANTASY = {
  de: [
    'Alpstein', 'Rigiblick', 'Säntis', 'Pilatus', 'Aaretal', 'Seeland', 'Emmental', 'Rheintal', 'Limmat',
    'Zürisee', 'Gotthard', 'Jungfrau',
  ],
  fr: [
    'du Léman', 'du Jura', 'de Lavaux', 'du Salève', 'du Rhône', 'du Chasseral', 'du Moléson', 'des Alpes',
  ],
  it: [
    'del Ceresio', 'del Verbano', 'del Gottardo', 'del Malcantone', 'della Leventina', 'Ticinese',
  ],
};
// prettier-ignore
const CH_EXTRA_TRADES_DE: Trade[] = [
  { name: 'Metzgerei', purpose: 'Herstellung und Verkauf von Fleisch- und Wurstwaren' },
  { name: 'Schreinerei', purpose: 'Möbel- und Innenausbau, Küchenbau und Reparaturen' },
  { name: 'Treuhand', purpose: 'Treuhanddienstleistungen, Buchhaltung und Steuerberatung' },
  { name: 'Uhrenmanufaktur', purpose: 'Herstellung und Reparatur von mechanischen Uhren' },
];
// prettier-ignore
const CH_TRADES_FR: Trade[] = [
  { name: 'Boulangerie', purpose: 'Fabrication et vente de pain, pâtisseries et produits de boulangerie' },
  { name: 'Horlogerie', purpose: 'Fabrication, réparation et commerce de montres et de mouvements' },
  { name: 'Menuiserie', purpose: 'Travaux de menuiserie, agencement intérieur et charpente' },
  { name: 'Électricité', purpose: 'Installations électriques, télécommunication et domotique' },
  { name: 'Fiduciaire', purpose: 'Tenue de comptabilité, conseil fiscal et gestion de salaires' },
  { name: 'Transports', purpose: 'Transport de marchandises par route et services de déménagement' },
  { name: 'Garage', purpose: 'Vente, entretien et réparation de véhicules automobiles' },
  { name: 'Informatique', purpose: 'Développement de logiciels et services informatiques aux entreprises' },
  { name: 'Construction', purpose: 'Travaux de maçonnerie, génie civil et rénovation de bâtiments' },
  { name: 'Peinture', purpose: 'Travaux de peinture, plâtrerie et rénovation de façades' },
  { name: 'Traiteur', purpose: 'Service traiteur, organisation de banquets et de réceptions' },
  { name: 'Fromagerie', purpose: 'Fabrication et affinage de fromages, commerce de produits laitiers' },
  { name: 'Chocolaterie', purpose: 'Fabrication artisanale et vente de chocolats et confiseries' },
  { name: 'Imprimerie', purpose: 'Impression offset et numérique, reliure et façonnage' },
];
// prettier-ignore
const CH_TRADES_IT: Trade[] = [
  { name: 'Costruzioni', purpose: 'Lavori edili, genio civile e ristrutturazioni di edifici' },
  { name: 'Trasporti', purpose: 'Trasporto di merci su strada e servizi di logistica' },
  { name: 'Falegnameria', purpose: 'Lavori di falegnameria, arredamento su misura e serramenti' },
  { name: 'Panetteria', purpose: 'Produzione e vendita di pane, pasticceria e prodotti da forno' },
  { name: 'Elettricità', purpose: 'Impianti elettrici, telecomunicazioni e domotica' },
  { name: 'Fiduciaria', purpose: 'Contabilità, consulenza fiscale e amministrazione di società' },
  { name: 'Informatica', purpose: 'Sviluppo di software e servizi informatici per aziende' },
  { name: 'Impianti Sanitari', purpose: 'Installazione di impianti sanitari, di riscaldamento e di ventilazione' },
  { name: 'Giardini', purpose: 'Progettazione, realizzazione e manutenzione di giardini' },
  { name: 'Orologeria', purpose: 'Produzione e riparazione di orologi e componenti' },
];
/** Swiss spelling: no ß. */
const swiss = (t: Trade): Trade => ({ ...t, name: t.name.replace(/ß/g, 'ss'), purpose: t.purpose.replace(/ß/g, 'ss') });
const CH_TRADES: Record<'de' | 'fr' | 'it', Trade[]> = {
  de: [...DE_TRADES.filter((t) => !['Brauerei', 'Fleischerei'].includes(t.name)).map(swiss), ...CH_EXTRA_TRADES_DE],
  fr: CH_TRADES_FR,
  it: CH_TRADES_IT,
};
// prettier-ignore
const CH_STREETS = {
  de: [
    'Bahnhofstrasse', 'Hauptstrasse', 'Seestrasse', 'Dorfstrasse', 'Kirchgasse', 'Marktgasse',
    'Industriestrasse', 'Poststrasse', 'Schulhausstrasse', 'Bergstrasse', 'Gewerbestrasse', 'Zürcherstrasse',
    'Bernstrasse', 'Rosenweg', 'Lindenstrasse', 'Obere Gasse', 'Sonnenbergstrasse', 'Feldstrasse',
    'Werkstrasse', 'Mühlebachstrasse',
  ],
  fr: [
    'Rue du Marché', 'Rue de la Gare', 'Avenue de la Gare', 'Rue du Lac', 'Chemin des Vignes',
    'Route de Lausanne', 'Rue du Temple', 'Place du Midi', "Rue de l'Industrie", 'Avenue de France',
    'Chemin du Bois', 'Rue des Alpes', 'Rue Centrale', 'Chemin de la Forêt',
  ],
  it: [
    'Via Cantonale', 'Via San Gottardo', 'Via Nassa', 'Corso Elvezia', 'Via Luganetto', 'Via Pretorio',
    'Via Ceresio', 'Via al Forte', 'Via della Posta', 'Via Industria', 'Piazza Indipendenza',
  ],
};
// prettier-ignore
const CH_CITIES: City[] = [
  { name: 'Zürich', weight: 22, from: 8001, to: 8057, court: 'Handelsregisteramt des Kantons Zürich', language: 'de', adjective: 'Zürcher' },
  { name: 'Winterthur', weight: 5, from: 8400, to: 8411, court: 'Handelsregisteramt des Kantons Zürich', language: 'de', adjective: 'Winterthurer' },
  { name: 'Basel', weight: 8, from: 4001, to: 4059, court: 'Handelsregisteramt des Kantons Basel-Stadt', language: 'de', adjective: 'Basler' },
  { name: 'Bern', weight: 8, from: 3001, to: 3027, court: 'Handelsregisteramt des Kantons Bern', language: 'de', adjective: 'Berner' },
  { name: 'Luzern', weight: 5, from: 6003, to: 6015, court: 'Handelsregisteramt des Kantons Luzern', language: 'de', adjective: 'Luzerner' },
  { name: 'Biel/Bienne', weight: 3, from: 2500, to: 2505, court: 'Handelsregisteramt des Kantons Bern', language: 'de', adjective: 'Bieler' },
  { name: 'Thun', weight: 2, from: 3600, to: 3608, court: 'Handelsregisteramt des Kantons Bern', language: 'de', adjective: 'Thuner' },
  { name: 'Chur', weight: 2, from: 7000, to: 7007, court: 'Handelsregisteramt des Kantons Graubünden', language: 'de', adjective: 'Churer' },
  { name: 'Schaffhausen', weight: 2, from: 8200, to: 8208, court: 'Handelsregisteramt des Kantons Schaffhausen', language: 'de', adjective: 'Schaffhauser' },
  { name: 'Zug', weight: 4, from: 6300, to: 6301, court: 'Handelsregisteramt des Kantons Zug', language: 'de', adjective: 'Zuger' },
  { name: 'Aarau', weight: 2, from: 5000, to: 5004, court: 'Handelsregisteramt des Kantons Aargau', language: 'de', adjective: 'Aarauer' },
  { name: 'Frauenfeld', weight: 1, from: 8500, to: 8500, court: 'Handelsregisteramt des Kantons Thurgau', language: 'de', adjective: 'Frauenfelder' },
  { name: 'Genève', weight: 9, from: 1201, to: 1209, court: 'Registre du commerce du canton de Genève', language: 'fr' },
  { name: 'Lausanne', weight: 7, from: 1003, to: 1018, court: 'Registre du commerce du canton de Vaud', language: 'fr' },
  { name: 'Fribourg', weight: 2, from: 1700, to: 1700, court: 'Registre du commerce du canton de Fribourg', language: 'fr' },
  { name: 'Neuchâtel', weight: 2, from: 2000, to: 2000, court: 'Registre du commerce du canton de Neuchâtel', language: 'fr' },
  { name: 'Sion', weight: 2, from: 1950, to: 1951, court: 'Registre du commerce du canton du Valais', language: 'fr' },
  { name: 'Lugano', weight: 4, from: 6900, to: 6917, court: 'Registro di commercio del Cantone Ticino', language: 'it' },
  { name: 'Bellinzona', weight: 2, from: 6500, to: 6500, court: 'Registro di commercio del Cantone Ticino', language: 'it' },
];

/** [male, female] forms. */
// prettier-ignore
const PL_SURNAMES: [string, string][] = [
  ['Nowak', 'Nowak'], ['Kowalski', 'Kowalska'], ['Wiśniewski', 'Wiśniewska'], ['Wójcik', 'Wójcik'],
  ['Kowalczyk', 'Kowalczyk'], ['Kamiński', 'Kamińska'], ['Lewandowski', 'Lewandowska'],
  ['Zieliński', 'Zielińska'], ['Szymański', 'Szymańska'], ['Woźniak', 'Woźniak'], ['Dąbrowski', 'Dąbrowska'],
  ['Kozłowski', 'Kozłowska'], ['Jankowski', 'Jankowska'], ['Mazur', 'Mazur'], ['Kwiatkowski', 'Kwiatkowska'],
  ['Krawczyk', 'Krawczyk'], ['Piotrowski', 'Piotrowska'], ['Grabowski', 'Grabowska'],
  ['Nowakowski', 'Nowakowska'], ['Pawłowski', 'Pawłowska'], ['Michalski', 'Michalska'], ['Król', 'Król'],
  ['Wieczorek', 'Wieczorek'], ['Jabłoński', 'Jabłońska'], ['Wróbel', 'Wróbel'], ['Majewski', 'Majewska'],
  ['Olszewski', 'Olszewska'], ['Stępień', 'Stępień'], ['Jaworski', 'Jaworska'], ['Malinowski', 'Malinowska'],
  ['Górski', 'Górska'], ['Rutkowski', 'Rutkowska'], ['Sikora', 'Sikora'], ['Baran', 'Baran'],
  ['Szewczyk', 'Szewczyk'], ['Ostrowski', 'Ostrowska'], ['Tomaszewski', 'Tomaszewska'],
  ['Pietrzak', 'Pietrzak'], ['Zalewski', 'Zalewska'], ['Wróblewski', 'Wróblewska'],
  ['Ziółkowski', 'Ziółkowska'], ['Łukasiewicz', 'Łukasiewicz'], ['Żak', 'Żak'], ['Błaszczyk', 'Błaszczyk'],
  ['Głowacki', 'Głowacka'], ['Śliwiński', 'Śliwińska'], ['Czyż', 'Czyż'], ['Gąsior', 'Gąsior'],
];
// prettier-ignore
const PL_FIRST_MALE = [
  'Jan', 'Piotr', 'Krzysztof', 'Andrzej', 'Tomasz', 'Paweł', 'Michał', 'Marcin', 'Grzegorz', 'Łukasz',
  'Wojciech', 'Mariusz', 'Dariusz', 'Zbigniew', 'Jerzy', 'Maciej', 'Rafał', 'Jacek',
];
// prettier-ignore
const PL_FIRST_FEMALE = [
  'Anna', 'Maria', 'Katarzyna', 'Małgorzata', 'Agnieszka', 'Barbara', 'Ewa', 'Krystyna', 'Elżbieta', 'Joanna',
  'Magdalena', 'Monika', 'Dorota', 'Zofia', 'Aleksandra', 'Beata', 'Jadwiga',
];
// prettier-ignore
const PL_FANTASY = [
  'Wisła', 'Bałtyk', 'Mazowsze', 'Tatry', 'Warta', 'Odra', 'Jantar', 'Orzeł', 'Sokół', 'Zorza', 'Świt',
  'Polanka', 'Żuraw', 'Bór', 'Łęg', 'Pogoria', 'Gniezno', 'Karkonosze', 'Bieszczady', 'Kaszuby', 'Mazury',
];
// prettier-ignore
const PL_TRADES: Trade[] = [
  { name: 'Logistyka', purpose: 'Usługi logistyczne, magazynowanie i dystrybucja towarów' },
  { name: 'Transport', purpose: 'Krajowy i międzynarodowy transport drogowy towarów' },
  { name: 'Budownictwo', purpose: 'Roboty budowlane związane ze wznoszeniem budynków mieszkalnych i niemieszkalnych' },
  { name: 'Usługi Remontowe', purpose: 'Roboty wykończeniowe i remontowe w budynkach' },
  { name: 'Piekarnia', purpose: 'Produkcja pieczywa oraz świeżych wyrobów ciastkarskich' },
  { name: 'Cukiernia', purpose: 'Wyrób ciast, tortów i wyrobów cukierniczych' },
  { name: 'Stolarstwo', purpose: 'Produkcja mebli i stolarki budowlanej na zamówienie' },
  { name: 'Meble', purpose: 'Produkcja i sprzedaż mebli biurowych i mieszkaniowych' },
  { name: 'Instalacje Elektryczne', purpose: 'Wykonywanie instalacji elektrycznych i teletechnicznych' },
  { name: 'Hydraulika', purpose: 'Wykonywanie instalacji wodno-kanalizacyjnych, cieplnych i gazowych' },
  { name: 'Ogrody', purpose: 'Projektowanie, zakładanie i pielęgnacja terenów zieleni' },
  { name: 'Handel', purpose: 'Sprzedaż hurtowa i detaliczna artykułów przemysłowych' },
  { name: 'Hurtownia Spożywcza', purpose: 'Sprzedaż hurtowa żywności i napojów' },
  { name: 'Drukarnia', purpose: 'Drukowanie materiałów reklamowych, książek i opakowań' },
  { name: 'Reklama', purpose: 'Działalność agencji reklamowych i marketing internetowy' },
  { name: 'Oprogramowanie', purpose: 'Działalność związana z oprogramowaniem i doradztwem informatycznym' },
  { name: 'Informatyka', purpose: 'Serwis sprzętu komputerowego i obsługa informatyczna firm' },
  { name: 'Nieruchomości', purpose: 'Kupno, sprzedaż i zarządzanie nieruchomościami na własny rachunek' },
  { name: 'Biuro Rachunkowe', purpose: 'Prowadzenie ksiąg rachunkowych i doradztwo podatkowe' },
  { name: 'Doradztwo', purpose: 'Doradztwo w zakresie prowadzenia działalności gospodarczej i zarządzania' },
  { name: 'Warsztat Samochodowy', purpose: 'Konserwacja i naprawa pojazdów samochodowych' },
  { name: 'Gastronomia', purpose: 'Działalność restauracji i usługi cateringowe' },
  { name: 'Hotelarstwo', purpose: 'Hotele i podobne obiekty zakwaterowania' },
  { name: 'Spedycja', purpose: 'Spedycja krajowa i międzynarodowa, obsługa celna' },
  { name: 'Ślusarstwo', purpose: 'Obróbka metali i wykonywanie konstrukcji stalowych' },
  { name: 'Tworzywa Sztuczne', purpose: 'Produkcja wyrobów z tworzyw sztucznych' },
  { name: 'Fotowoltaika', purpose: 'Montaż instalacji fotowoltaicznych i pomp ciepła' },
  { name: 'Energetyka', purpose: 'Wytwarzanie i sprzedaż energii elektrycznej ze źródeł odnawialnych' },
  { name: 'Kosmetyka', purpose: 'Salony kosmetyczne i sprzedaż kosmetyków' },
  { name: 'Odzież', purpose: 'Produkcja i sprzedaż odzieży' },
  { name: 'Turystyka', purpose: 'Działalność biur podróży i organizacja wycieczek' },
  { name: 'Sprzątanie', purpose: 'Sprzątanie obiektów i utrzymanie czystości' },
  { name: 'Ochrona', purpose: 'Usługi ochrony mienia i systemy zabezpieczeń' },
  { name: 'Elektronika', purpose: 'Produkcja i naprawa urządzeń elektronicznych' },
];
/** Feminine adjectives that go with "Spółka …" / "Grupa …". */
// prettier-ignore
const PL_COMPANY_KINDS: Trade[] = [
  { name: 'Handlowa', purpose: 'Sprzedaż hurtowa i detaliczna towarów różnych' },
  { name: 'Budowlana', purpose: 'Roboty budowlane i inżynieryjne' },
  { name: 'Transportowa', purpose: 'Transport drogowy towarów i usługi przeprowadzkowe' },
  { name: 'Produkcyjna', purpose: 'Produkcja wyrobów metalowych i części maszyn' },
  { name: 'Usługowa', purpose: 'Usługi dla przedsiębiorstw i klientów indywidualnych' },
  { name: 'Spożywcza', purpose: 'Produkcja i dystrybucja artykułów spożywczych' },
  { name: 'Informatyczna', purpose: 'Usługi informatyczne i tworzenie oprogramowania' },
  { name: 'Energetyczna', purpose: 'Wytwarzanie i obrót energią elektryczną' },
  { name: 'Meblowa', purpose: 'Produkcja mebli tapicerowanych i skrzyniowych' },
  { name: 'Drzewna', purpose: 'Przetwarzanie drewna i produkcja wyrobów z drewna' },
];
// prettier-ignore
const PL_STREETS = [
  'ul. Piotrkowska', 'ul. Marszałkowska', 'ul. Długa', 'ul. Polna', 'ul. Leśna', 'ul. Słoneczna', 'ul. Krótka',
  'ul. Szkolna', 'ul. Ogrodowa', 'ul. Lipowa', 'ul. Łąkowa', 'ul. Brzozowa', 'ul. Kwiatowa', 'ul. Kościuszki',
  'ul. Mickiewicza', 'ul. Sienkiewicza', 'ul. Słowackiego', 'ul. Kopernika', 'ul. Żeromskiego',
  'ul. Wojska Polskiego', 'ul. Jana Pawła II', 'ul. 3 Maja', 'ul. Przemysłowa', 'ul. Fabryczna', 'ul. Kolejowa',
  'al. Jerozolimskie', 'ul. Świętokrzyska', 'ul. Żwirki i Wigury', 'ul. Grunwaldzka', 'ul. Źródlana',
];
// prettier-ignore
const PL_CITIES: City[] = [
  { name: 'Warszawa', weight: 30, from: 0, to: 4999, court: 'Sąd Rejonowy dla m.st. Warszawy w Warszawie', adjective: 'Warszawska' },
  { name: 'Kraków', weight: 12, from: 30001, to: 31999, court: 'Sąd Rejonowy dla Krakowa-Śródmieścia w Krakowie', adjective: 'Krakowska' },
  { name: 'Łódź', weight: 9, from: 90001, to: 94999, court: 'Sąd Rejonowy dla Łodzi-Śródmieścia w Łodzi', adjective: 'Łódzka' },
  { name: 'Wrocław', weight: 9, from: 50001, to: 54999, court: 'Sąd Rejonowy dla Wrocławia-Fabrycznej we Wrocławiu', adjective: 'Wrocławska' },
  { name: 'Poznań', weight: 8, from: 60001, to: 61999, court: 'Sąd Rejonowy Poznań-Nowe Miasto i Wilda w Poznaniu', adjective: 'Poznańska' },
  { name: 'Gdańsk', weight: 6, from: 80001, to: 80999, court: 'Sąd Rejonowy Gdańsk-Północ w Gdańsku', adjective: 'Gdańska' },
  { name: 'Szczecin', weight: 5, from: 70001, to: 71999, court: 'Sąd Rejonowy Szczecin-Centrum w Szczecinie', adjective: 'Szczecińska' },
  { name: 'Bydgoszcz', weight: 4, from: 85001, to: 85999, court: 'Sąd Rejonowy w Bydgoszczy', adjective: 'Bydgoska' },
  { name: 'Lublin', weight: 4, from: 20001, to: 20999, court: 'Sąd Rejonowy Lublin-Wschód w Lublinie z siedzibą w Świdniku', adjective: 'Lubelska' },
  { name: 'Białystok', weight: 3, from: 15001, to: 15999, court: 'Sąd Rejonowy w Białymstoku', adjective: 'Białostocka' },
  { name: 'Katowice', weight: 5, from: 40001, to: 40999, court: 'Sąd Rejonowy Katowice-Wschód w Katowicach', adjective: 'Śląska' },
  { name: 'Gdynia', weight: 3, from: 81001, to: 81999, court: 'Sąd Rejonowy Gdańsk-Północ w Gdańsku', adjective: 'Gdyńska' },
  { name: 'Częstochowa', weight: 2, from: 42200, to: 42299, court: 'Sąd Rejonowy w Częstochowie', adjective: 'Częstochowska' },
  { name: 'Radom', weight: 2, from: 26600, to: 26699, court: 'Sąd Rejonowy Lublin-Wschód w Lublinie z siedzibą w Świdniku', adjective: 'Radomska' },
  { name: 'Toruń', weight: 2, from: 87100, to: 87199, court: 'Sąd Rejonowy w Toruniu', adjective: 'Toruńska' },
  { name: 'Rzeszów', weight: 2, from: 35001, to: 35999, court: 'Sąd Rejonowy w Rzeszowie', adjective: 'Rzeszowska' },
  { name: 'Kielce', weight: 2, from: 25001, to: 25999, court: 'Sąd Rejonowy w Kielcach', adjective: 'Kielecka' },
  { name: 'Olsztyn', weight: 2, from: 10001, to: 10999, court: 'Sąd Rejonowy w Olsztynie', adjective: 'Olsztyńska' },
  { name: 'Opole', weight: 1, from: 45001, to: 45999, court: 'Sąd Rejonowy w Opolu', adjective: 'Opolska' },
  { name: 'Zielona Góra', weight: 1, from: 65001, to: 65999, court: 'Sąd Rejonowy w Zielonej Górze', adjective: 'Zielonogórska' },
  { name: 'Gorzów Wielkopolski', weight: 1, from: 66400, to: 66499, court: 'Sąd Rejonowy w Zielonej Górze', adjective: 'Gorzowska' },
  { name: 'Płock', weight: 1, from: 9400, to: 9499, court: 'Sąd Rejonowy dla Łodzi-Śródmieścia w Łodzi', adjective: 'Płocka' },
  { name: 'Elbląg', weight: 1, from: 82300, to: 82399, court: 'Sąd Rejonowy w Olsztynie', adjective: 'Elbląska' },
  { name: 'Tarnów', weight: 1, from: 33100, to: 33199, court: 'Sąd Rejonowy dla Krakowa-Śródmieścia w Krakowie', adjective: 'Tarnowska' },
  { name: 'Koszalin', weight: 1, from: 75001, to: 75999, court: 'Sąd Rejonowy w Koszalinie', adjective: 'Koszalińska' },
];

// ---------------------------------------------------------------------------------------------
// Numbers with check digits

/** German VAT id (USt-IdNr.): DE + 8 digits + ISO 7064 MOD 11,10 check digit. */
function germanVatId(rng: Rng): string {
  const body = String(rng.int(1, 9)) + rng.digits(7);
  let product = 10;
  for (const ch of body) {
    let sum = (Number(ch) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return `DE${body}${check}`;
}

/** German tax number in the Länder's slash format, e.g. 21/815/08150 (10 or 11 digits). */
function germanTaxNumber(rng: Rng): string {
  return rng.chance(0.5)
    ? `${rng.int(10, 99)}/${rng.digits(3)}/${rng.digits(5)}`
    : `${rng.int(100, 399)}/${rng.digits(3)}/${rng.digits(5)}`;
}

/** Polish NIP: 10 digits, the last a weighted mod-11 check digit (never 10). */
function polishNip(rng: Rng): string {
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  for (;;) {
    const body = String(rng.int(1, 9)) + rng.digits(8);
    const sum = [...body].reduce((s, ch, i) => s + Number(ch) * weights[i]!, 0);
    const check = sum % 11;
    if (check !== 10) return `${body}${check}`;
  }
}

/** Swiss enterprise id CHE-123.456.789: 8 digits + mod-11 check digit (never 10). */
function swissUid(rng: Rng): string {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4];
  for (;;) {
    const body = String(rng.int(1, 9)) + rng.digits(7);
    const sum = [...body].reduce((s, ch, i) => s + Number(ch) * weights[i]!, 0);
    const check = (11 - (sum % 11)) % 11;
    if (check === 10) continue;
    const d = `${body}${check}`;
    return `CHE-${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}`;
  }
}

/** Swiss UID check, for tests. */
export function isSwissUid(value: string): boolean {
  const m = /^CHE-(\d{3})\.(\d{3})\.(\d{3})$/.exec(value);
  if (!m) return false;
  const d = m.slice(1).join('');
  const weights = [5, 4, 3, 2, 7, 6, 5, 4];
  const sum = weights.reduce((s, w, i) => s + w * Number(d[i]), 0);
  return (11 - (sum % 11)) % 11 === Number(d[8]);
}

/** Polish NIP check, for tests. */
export function isPolishNip(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  const sum = weights.reduce((s, w, i) => s + w * Number(value[i]), 0);
  return sum % 11 === Number(value[9]);
}

// ---------------------------------------------------------------------------------------------
// Addresses and dates

function postcode(rng: Rng, city: City, country: DemoCountry): string {
  const step = city.step ?? 1;
  const n = city.from + step * rng.int(0, Math.floor((city.to - city.from) / step));
  if (country === 'PL') {
    const s = String(n).padStart(5, '0');
    return `${s.slice(0, 2)}-${s.slice(2)}`;
  }
  return String(n).padStart(country === 'DE' ? 5 : 4, '0');
}

function houseNumber(rng: Rng, country: DemoCountry): string {
  const n = rng.weighted([
    [rng.int(1, 40), 6],
    [rng.int(41, 180), 3],
  ]);
  const r = rng.float();
  if (r < 0.1) return `${n}${country === 'PL' ? 'ABC'[rng.int(0, 2)] : 'abc'[rng.int(0, 2)]}`;
  if (r < 0.14 && country !== 'PL') return `${n}-${n + 2}`;
  if (r < 0.18 && country === 'PL') return `${n}/${rng.int(1, 40)}`;
  return String(n);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** First day of the month `months` before "YYYY-MM". */
function monthsBefore(asOf: string, months: number, day = 1): string {
  const [y, m] = asOf.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) - months;
  return `${Math.floor(total / 12)}-${pad2((total % 12) + 1)}-${pad2(day)}`;
}

/** Older companies: a fixed date in [minYear, 2024], more of them recent; 8 %: 1 to 23 months old. */
function foundationDate(rng: Rng, asOf: string, minYear: number): string {
  if (rng.chance(0.08)) return monthsBefore(asOf, rng.int(1, 23), rng.int(1, 28));
  const span = 2024 - minYear;
  const year = minYear + Math.min(span, Math.floor(span * Math.sqrt(rng.float()) + 0.5));
  return `${year}-${pad2(rng.int(1, 12))}-${pad2(rng.int(1, 28))}`;
}

// ---------------------------------------------------------------------------------------------
// Per country

type Draft = Omit<RegistryCompany, 'id' | 'country'>;

const cityEntries = (cities: City[]) => cities.map((c) => [c, c.weight] as const);

function germanCompany(rng: Rng, asOf: string): Draft {
  const city = rng.weighted(cityEntries(DE_CITIES));
  const form = rng.weighted([
    ['GMBH', 40],
    ['UG', 10],
    ['GMBH_CO_KG', 9],
    ['KG', 4],
    ['OHG', 3],
    ['AG', 2],
    ['GBR', 6],
    ['EK', 9],
    ['FREIE_BERUFE', 7],
    ['EINZELUNTERNEHMEN', 10],
  ] as const);
  const trade = pickTrade(rng, DE_TRADES);
  const surname = () => rng.pick(DE_SURNAMES);
  const person = () => `${rng.pick(DE_FIRST_NAMES)} ${surname()}`;
  let name: string;
  let purpose = trade.purpose;
  const base = () =>
    rng.weighted<() => string>([
      [() => `${surname()} ${trade.name}`, 5],
      [() => `${trade.name} ${surname()}`, 3],
      [() => `${rng.pick(DE_FANTASY)} ${trade.name}`, 3],
      [() => `${city.adjective} ${trade.name}`, 1],
    ])();
  switch (form) {
    case 'GMBH':
      name = `${base()} GmbH`;
      break;
    case 'UG':
      name = `${base()} UG (haftungsbeschränkt)`;
      break;
    case 'AG':
      name = `${rng.chance(0.5) ? rng.pick(DE_FANTASY) : city.adjective} ${trade.name} AG`;
      break;
    case 'GMBH_CO_KG':
      name = `${base()} GmbH & Co. KG`;
      break;
    case 'KG':
      name = `${rng.chance(0.5) ? `${surname()} & ${surname()}` : base()} KG`;
      break;
    case 'OHG':
      name = `${surname()} & ${surname()} ${rng.chance(0.6) ? `${trade.name} ` : ''}OHG`;
      break;
    case 'GBR':
      name = rng.chance(0.6)
        ? `${surname()} & ${surname()} ${trade.name} GbR`
        : `${rng.pick(DE_FANTASY)} ${trade.name} GbR`;
      break;
    case 'EK':
      name = rng.chance(0.6) ? `${trade.name} ${surname()} e.K.` : `${person()} ${trade.name} e.K.`;
      break;
    case 'FREIE_BERUFE': {
      const prof = rng.pick(DE_PROFESSIONS);
      purpose = prof.purpose;
      name = prof.doctor && rng.chance(0.6) ? `${prof.name} Dr. ${person()}` : `${prof.name} ${person()}`;
      break;
    }
    case 'EINZELUNTERNEHMEN':
      name = rng.chance(0.5) ? `${trade.name} ${person()}` : `${person()} ${trade.name}`;
      break;
  }
  const registered = !['GBR', 'FREIE_BERUFE', 'EINZELUNTERNEHMEN'].includes(form);
  const hra = ['KG', 'OHG', 'EK', 'GMBH_CO_KG'].includes(form);
  const number = rng.int(1000, city.weight >= 10 ? 249_999 : 39_999);
  const taxRoll = rng.float();
  return {
    name,
    legal_form: form,
    street: rng.pick(DE_STREETS),
    house_number: houseNumber(rng, 'DE'),
    postcode: postcode(rng, city, 'DE'),
    city: city.name,
    register_court: registered ? city.court : null,
    register_number: registered ? `${hra ? 'HRA' : 'HRB'} ${number}${city.name === 'Berlin' ? ' B' : ''}` : null,
    foundation_date: foundationDate(rng, asOf, form === 'UG' ? 2009 : 1950),
    business_purpose: purpose,
    tax_id_number: taxRoll < 0.25 ? germanVatId(rng) : taxRoll < 0.45 ? germanTaxNumber(rng) : null,
  };
}

function austrianCompany(rng: Rng, asOf: string): Draft {
  const city = rng.weighted(cityEntries(AT_CITIES));
  const form = rng.weighted([
    ['GMBH', 55],
    ['AG', 4],
    ['KG', 12],
    ['OG', 10],
    ['EU', 19],
  ] as const);
  const trade = pickTrade(rng, AT_TRADES);
  const surname = () => rng.pick(AT_SURNAMES);
  const base = () =>
    rng.weighted<() => string>([
      [() => `${surname()} ${trade.name}`, 4],
      [() => `${trade.name} ${surname()}`, 3],
      [() => `${rng.pick(AT_FANTASY)} ${trade.name}`, 3],
      [() => `${city.adjective} ${trade.name}`, 1],
    ])();
  const name = {
    GMBH: () => `${base()} GmbH`,
    AG: () => `${rng.pick(AT_FANTASY)} ${trade.name} AG`,
    KG: () => `${rng.chance(0.5) ? `${surname()} & ${surname()}` : base()} KG`,
    OG: () => `${surname()} & ${surname()} ${trade.name} OG`,
    EU: () =>
      rng.chance(0.5)
        ? `${trade.name} ${rng.pick(AT_FIRST_NAMES)} ${surname()} e.U.`
        : `${rng.pick(AT_FIRST_NAMES)} ${surname()} e.U.`,
  }[form]();
  return {
    name,
    legal_form: form,
    street: rng.pick(AT_STREETS),
    house_number: houseNumber(rng, 'AT'),
    postcode: postcode(rng, city, 'AT'),
    city: city.name,
    register_court: city.court,
    register_number: `FN ${rng.int(10_000, 599_999)}${'abdfghikmpstvwxyz'[rng.int(0, 16)]}`,
    foundation_date: foundationDate(rng, asOf, form === 'EU' ? 2007 : 1950),
    business_purpose: trade.purpose,
    // Austrian tax and VAT numbers (ATU…) do not fit our company tax number rule: none.
    tax_id_number: null,
  };
}

function swissCompany(rng: Rng, asOf: string): Draft {
  const city = rng.weighted(cityEntries(CH_CITIES));
  const lang = city.language ?? 'de';
  const form = rng.weighted([
    ['CH_AG', 40],
    ['CH_GMBH', 45],
    ['CH_EINZELFIRMA', 15],
  ] as const);
  const trade = pickTrade(rng, CH_TRADES[lang]);
  const surnames = lang === 'fr' ? CH_SURNAMES_FR : lang === 'it' ? CH_SURNAMES_IT : CH_SURNAMES_DE;
  const surname = () => rng.pick(surnames);
  const suffix = {
    CH_AG: lang === 'de' ? 'AG' : 'SA',
    CH_GMBH: lang === 'de' ? 'GmbH' : lang === 'fr' ? 'Sàrl' : 'Sagl',
    CH_EINZELFIRMA: '',
  }[form];
  let stem: string;
  if (form === 'CH_EINZELFIRMA') {
    stem = rng.chance(0.5) ? `${trade.name} ${surname()}` : `${rng.pick(CH_FIRST[lang])} ${surname()} ${trade.name}`;
  } else if (lang === 'de') {
    stem = rng.weighted<() => string>([
      [() => `${surname()} ${trade.name}`, 4],
      [() => `${trade.name} ${surname()}`, 2],
      [() => `${rng.pick(CH_FANTASY.de)} ${trade.name}`, 3],
      [() => `${city.adjective} ${trade.name}`, 1],
    ])();
  } else {
    stem = rng.chance(0.6) ? `${trade.name} ${surname()}` : `${trade.name} ${rng.pick(CH_FANTASY[lang])}`;
  }
  return {
    name: suffix ? `${stem} ${suffix}` : stem,
    legal_form: form,
    street: rng.pick(CH_STREETS[lang]),
    house_number: houseNumber(rng, 'CH'),
    postcode: postcode(rng, city, 'CH'),
    city: city.name,
    register_court: city.court,
    register_number: swissUid(rng),
    foundation_date: foundationDate(rng, asOf, 1950),
    business_purpose: trade.purpose,
    // The Swiss VAT number is the UID plus "MWST" and does not fit our tax number rule: none.
    tax_id_number: null,
  };
}

function polishCompany(rng: Rng, asOf: string): Draft {
  const city = rng.weighted(cityEntries(PL_CITIES));
  const form = rng.weighted([
    ['PL_SP_ZOO', 55],
    ['PL_SA', 4],
    ['PL_SP_J', 12],
    ['PL_JDG', 29],
  ] as const);
  const trade = pickTrade(rng, PL_TRADES);
  let purpose = trade.purpose;
  const male = () => rng.pick(PL_SURNAMES)[0];
  const person = () => {
    const [m, f] = rng.pick(PL_SURNAMES);
    return rng.chance(0.6) ? `${rng.pick(PL_FIRST_MALE)} ${m}` : `${rng.pick(PL_FIRST_FEMALE)} ${f}`;
  };
  let name: string;
  switch (form) {
    case 'PL_SP_ZOO':
      name = rng.weighted<() => string>([
        [() => `${rng.pick(PL_FANTASY)} ${trade.name}`, 4],
        [() => `${trade.name} ${male()}`, 2],
        [
          () => {
            const kind = rng.pick(PL_COMPANY_KINDS);
            purpose = kind.purpose;
            return `${city.adjective} Spółka ${kind.name}`;
          },
          2,
        ],
      ])();
      name += ' sp. z o.o.';
      break;
    case 'PL_SA':
      if (rng.chance(0.5)) {
        const kind = rng.pick(PL_COMPANY_KINDS);
        purpose = kind.purpose;
        name = `${city.adjective} Grupa ${kind.name} S.A.`;
      } else {
        name = `${rng.pick(PL_FANTASY)} ${trade.name} S.A.`;
      }
      break;
    case 'PL_SP_J':
      name = rng.chance(0.5) ? `${male()} i ${male()} sp.j.` : `${trade.name} ${male()} i Wspólnicy sp.j.`;
      break;
    case 'PL_JDG':
      name = rng.weighted<() => string>([
        [() => `${trade.name} ${person()}`, 4],
        [() => `Firma Handlowo-Usługowa ${person()}`, 2],
        [() => `P.H.U. ${rng.pick(PL_FANTASY)} ${person()}`, 1],
      ])();
      break;
  }
  return {
    name,
    legal_form: form,
    street: rng.pick(PL_STREETS),
    house_number: houseNumber(rng, 'PL'),
    postcode: postcode(rng, city, 'PL'),
    city: city.name,
    // Sole traders (JDG) are in CEIDG, not in the court register (KRS).
    register_court: form === 'PL_JDG' ? null : city.court,
    register_number: form === 'PL_JDG' ? null : `0000${rng.digits(6)}`,
    foundation_date: foundationDate(rng, asOf, 1990),
    business_purpose: purpose,
    tax_id_number: rng.chance(0.7) ? polishNip(rng) : null,
  };
}

const GENERATORS: Record<DemoCountry, (rng: Rng, asOf: string) => Draft> = {
  DE: germanCompany,
  AT: austrianCompany,
  CH: swissCompany,
  PL: polishCompany,
};

function fixedCompanies(asOf: string): Record<DemoCountry, Draft[]> {
  return {
    DE: [
      {
        name: 'Musterbau Schmidt GmbH',
        legal_form: 'GMBH',
        street: 'Kastanienallee',
        house_number: '12',
        postcode: '10435',
        city: 'Berlin',
        register_court: 'Amtsgericht Charlottenburg',
        register_number: 'HRB 123456 B',
        foundation_date: '2012-04-17',
        business_purpose: 'Hoch- und Tiefbau, Sanierung von Wohn- und Gewerbeimmobilien',
        tax_id_number: germanVatId(new Rng('Musterbau Schmidt GmbH')),
      },
      {
        name: 'Müller Metallbau GmbH',
        legal_form: 'GMBH',
        street: 'Industriestraße',
        house_number: '7a',
        postcode: '70565',
        city: 'Stuttgart',
        register_court: 'Amtsgericht Stuttgart',
        register_number: 'HRB 731942',
        foundation_date: '1987-09-01',
        business_purpose: 'Herstellung und Montage von Stahl- und Metallkonstruktionen, Treppen und Geländern',
        tax_id_number: '99/815/08150',
      },
      {
        name: 'Bäckerei Schönberger e.K.',
        legal_form: 'EK',
        street: 'Schloßstraße',
        house_number: '3',
        postcode: '80331',
        city: 'München',
        register_court: 'Amtsgericht München',
        register_number: 'HRA 98765',
        foundation_date: '1968-03-15',
        business_purpose: 'Herstellung und Verkauf von Backwaren, Konditoreiwaren und Snacks',
        tax_id_number: null,
      },
      {
        name: 'Junge Gründer UG',
        legal_form: 'UG',
        street: 'Hafenstraße',
        house_number: '21',
        postcode: '20459',
        city: 'Hamburg',
        register_court: 'Amtsgericht Hamburg',
        register_number: 'HRB 187654',
        foundation_date: monthsBefore(asOf, 6),
        business_purpose: 'Entwicklung und Vertrieb von Apps für die Vermittlung von Handwerksleistungen',
        tax_id_number: null,
      },
      {
        name: 'Kleine Feier GbR',
        legal_form: 'GBR',
        street: 'Am Markt',
        house_number: '5',
        postcode: '50667',
        city: 'Köln',
        register_court: null,
        register_number: null,
        foundation_date: '2019-06-01',
        business_purpose: 'Organisation und Ausrichtung von Familienfeiern und kleinen Veranstaltungen',
        tax_id_number: null,
      },
    ],
    AT: [
      {
        name: 'Alpenblick Hotel AG',
        legal_form: 'AG',
        street: 'Innrain',
        house_number: '48',
        postcode: '6020',
        city: 'Innsbruck',
        register_court: 'Landesgericht Innsbruck',
        register_number: 'FN 214365k',
        foundation_date: '1994-05-20',
        business_purpose: 'Betrieb von Hotels und Ferienwohnungen samt Gastronomie',
        tax_id_number: null,
      },
    ],
    CH: [
      {
        name: 'Zürcher Feinmechanik AG',
        legal_form: 'CH_AG',
        street: 'Seestrasse',
        house_number: '112',
        postcode: '8002',
        city: 'Zürich',
        register_court: 'Handelsregisteramt des Kantons Zürich',
        register_number: swissUid(new Rng('Zürcher Feinmechanik AG')),
        foundation_date: '1964-11-02',
        business_purpose: 'Präzisionsfertigung von Dreh- und Frästeilen in Klein- und Grossserien',
        tax_id_number: null,
      },
    ],
    PL: [
      {
        name: 'Wisła Logistyka sp. z o.o.',
        legal_form: 'PL_SP_ZOO',
        street: 'ul. Marszałkowska',
        house_number: '84',
        postcode: '00-514',
        city: 'Warszawa',
        register_court: 'Sąd Rejonowy dla m.st. Warszawy w Warszawie',
        register_number: '0000318204',
        foundation_date: '2008-02-12',
        business_purpose: 'Usługi logistyczne, magazynowanie i dystrybucja towarów',
        tax_id_number: polishNip(new Rng('Wisła Logistyka sp. z o.o.')),
      },
      {
        name: 'Łódzka Spółka Handlowa sp. z o.o.',
        legal_form: 'PL_SP_ZOO',
        street: 'ul. Piotrkowska',
        house_number: '120',
        postcode: '90-006',
        city: 'Łódź',
        register_court: 'Sąd Rejonowy dla Łodzi-Śródmieścia w Łodzi',
        register_number: '0000047110',
        foundation_date: '1999-10-04',
        business_purpose: 'Sprzedaż hurtowa i detaliczna towarów różnych',
        tax_id_number: polishNip(new Rng('Łódzka Spółka Handlowa sp. z o.o.')),
      },
    ],
  };
}

/** The provider id of the n-th company (1-based) of a country: DEMO-DE-000001. */
export function demoRegistryId(country: DemoCountry, n: number): string {
  return `DEMO-${country}-${String(n).padStart(6, '0')}`;
}

export const DEMO_COUNTRIES = Object.keys(DEMO_REGISTRY_COUNTS) as DemoCountry[];

/**
 * The whole data set for the reference month `asOf` ("YYYY-MM"): fixed companies first, then
 * generated ones; one random stream per country, names unique within a country.
 */
export function generateDemoRegistry(asOf: string = asOfMonth()): RegistryCompany[] {
  if (!/^\d{4}-\d{2}$/.test(asOf)) throw new Error(`asOf must be YYYY-MM, got ${asOf}`);
  const fixed = fixedCompanies(asOf);
  const out: RegistryCompany[] = [];
  for (const country of DEMO_COUNTRIES) {
    const rng = new Rng(`finportal-demo-registry-${country}`);
    const drafts = [...fixed[country]];
    const names = new Set(drafts.map((d) => d.name.toLowerCase()));
    while (drafts.length < DEMO_REGISTRY_COUNTS[country]) {
      const draft = GENERATORS[country](rng, asOf);
      const key = draft.name.toLowerCase();
      if (names.has(key)) continue;
      names.add(key);
      drafts.push(draft);
    }
    drafts.forEach((d, i) => out.push({ id: demoRegistryId(country, i + 1), country, ...d }));
  }
  return out;
}

/** A random person's name of the country's word lists: [first name, last name] (the demo registry's people). */
export function demoPersonName(rng: Rng, country: string): [string, string] {
  switch (country) {
    case 'AT':
      return [rng.pick(AT_FIRST_NAMES), rng.pick(AT_SURNAMES)];
    case 'CH':
      return [rng.pick(CH_FIRST.de), rng.pick([...CH_SURNAMES_DE, ...CH_SURNAMES_FR, ...CH_SURNAMES_IT])];
    case 'PL': {
      const [male, female] = rng.pick(PL_SURNAMES);
      return rng.chance(0.6) ? [rng.pick(PL_FIRST_MALE), male] : [rng.pick(PL_FIRST_FEMALE), female];
    }
    default:
      return [rng.pick(DE_FIRST_NAMES), rng.pick(DE_SURNAMES)];
  }
}
