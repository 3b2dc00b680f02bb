import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/**
 * Issue 26's language guard: the texts that must not appear on a page shown in one language. For
 * each language, every text of the other catalogues (apps/web/src/locales) and of the partners'
 * configured texts (partners/*.json, `{ de, en, fr, pl }`) that the language itself never uses,
 * cut at placeholders and tags into phrases (two words or more, 12 characters or more: single words
 * and names such as "E-Mail" or "Deutsch" are shared between languages).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LANGUAGES = ['de', 'en', 'fr', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];

function leaves(value: unknown, prefix: string, out: Map<string, string>) {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
}

/** key → text of each language: the web catalogues and the partners' configured texts. */
function texts(): Record<Language, Map<string, string>> {
  const all = Object.fromEntries(LANGUAGES.map((l) => [l, new Map<string, string>()])) as Record<
    Language,
    Map<string, string>
  >;
  for (const language of LANGUAGES) {
    const dir = path.join(ROOT, 'apps/web/src/locales', language);
    for (const file of fs.readdirSync(dir)) {
      leaves(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), file, all[language]);
    }
  }
  const partners = path.join(ROOT, 'partners');
  for (const file of fs.readdirSync(partners).filter((f) => f.endsWith('.json'))) {
    const walk = (value: unknown, at: string) => {
      if (!value || typeof value !== 'object') return;
      const entries = Object.entries(value);
      const isText =
        !Array.isArray(value) &&
        entries.length >= 2 &&
        entries.every(([k, v]) => (LANGUAGES as readonly string[]).includes(k) && typeof v === 'string');
      if (isText) for (const [k, v] of entries) all[k as Language].set(`${file}:${at}`, v as string);
      else for (const [k, v] of entries) walk(v, `${at}.${k}`);
    };
    walk(JSON.parse(fs.readFileSync(path.join(partners, file), 'utf8')), '');
  }
  return all;
}

const phrases = (text: string) =>
  text
    .split(/\{\{[^}]*\}\}|<[^>]*>|\$t\([^)]*\)|\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length >= 12 && p.includes(' '));

let cache: Record<Language, string[]> | null = null;

/** The phrases that a page in `language` must not show. */
export function foreignPhrases(language: Language): string[] {
  if (!cache) {
    const all = texts();
    cache = Object.fromEntries(
      LANGUAGES.map((own) => {
        const ownText = [...all[own].values()].join('\n');
        const foreign = new Set<string>();
        for (const other of LANGUAGES.filter((l) => l !== own)) {
          for (const [key, text] of all[other]) {
            if (all[own].get(key) === text) continue;
            for (const phrase of phrases(text)) if (!ownText.includes(phrase)) foreign.add(phrase);
          }
        }
        return [own, [...foreign]];
      }),
    ) as Record<Language, string[]>;
  }
  return cache[language];
}

/** The other languages' phrases the page shows now (expected: none). */
export async function foreignTextOn(page: Page, language: Language): Promise<string[]> {
  const shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  return foreignPhrases(language).filter((phrase) => shown.includes(phrase));
}
