import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * What the server may announce with a page's HTML (ADR 013): for each address of the route table,
 * the page's chunks and style sheets; for each language, its text bundle and the chunks of its
 * lazily loaded namespaces; and the cookie dialog. The browser then fetches them in parallel with
 * the entry script instead of discovering them one round trip later, once the entry has run.
 */
export interface RouteHints {
  version: 1;
  pages: PageHint[];
  languages: Record<string, LanguageHint>;
  cookieConsent: Assets;
}

export interface Assets {
  /** Script chunks (paths relative to the site root, without the leading slash). */
  js: string[];
  css: string[];
}

export interface PageHint extends Assets {
  /** react-router pattern of the address (`/dashboard/applications/:id`). */
  pattern: string;
  /** Whom the guards let see it: logged-out users only, logged-in users only, or both. */
  who?: 'in' | 'out';
  /** Translation namespaces the page loads next to its code (i18n LAZY_NAMESPACES). */
  ns: string[];
}

export interface LanguageHint extends Assets {
  ns: Record<string, string[]>;
}

export const ROUTE_HINTS_FILE = '.vite/route-hints.json';

interface PageDeclaration {
  specifier: string;
  queries: boolean;
  ns: string[];
}

interface RouteTable {
  /** Page identifier → where its code lives and what it needs. */
  pages: Map<string, PageDeclaration>;
  /** [pattern, page identifier, who] in the order of the PAGES table. */
  entries: { pattern: string; page: string; who?: 'in' | 'out' }[];
}

const stringsOf = (node: ts.Expression | undefined): string[] =>
  node && ts.isArrayLiteralExpression(node) ? node.elements.filter(ts.isStringLiteralLike).map((e) => e.text) : [];

/** `() => import('x')` → 'x'. */
function importSpecifier(node: ts.Node | undefined): string | null {
  if (!node || !ts.isArrowFunction(node)) return null;
  const body = node.body;
  if (ts.isCallExpression(body) && body.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [arg] = body.arguments;
    if (arg && ts.isStringLiteralLike(arg)) return arg.text;
  }
  return null;
}

/**
 * Reads the route table of `routes.tsx`: the `lazyPage(loader, 'Export', options)` declarations
 * (the loader inline or a `const loadX = () => import('…')`; options as an object literal, spreads
 * of other constants included) and the `PAGES` array of `[pattern, Page, who?]`.
 */
export function readRouteTable(source: string, fileName = 'routes.tsx'): RouteTable {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const constants = new Map<string, ts.Expression>();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.initializer) {
        let init = d.initializer;
        while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))
          init = init.expression;
        constants.set(d.name.text, init);
      }
    }
  }
  const optionsOf = (node: ts.Expression | undefined, into: { queries?: boolean; ns?: string[] } = {}) => {
    if (node && ts.isIdentifier(node)) return optionsOf(constants.get(node.text), into);
    if (!node || !ts.isObjectLiteralExpression(node)) return into;
    for (const p of node.properties) {
      if (ts.isSpreadAssignment(p)) optionsOf(p.expression, into);
      else if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name)) {
        if (p.name.text === 'queries') into.queries = p.initializer.kind !== ts.SyntaxKind.FalseKeyword;
        if (p.name.text === 'ns') into.ns = stringsOf(p.initializer);
      }
    }
    return into;
  };
  const pages = new Map<string, PageDeclaration>();
  for (const [name, init] of constants) {
    if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== 'lazyPage')
      continue;
    const [loader, , options] = init.arguments;
    const specifier =
      importSpecifier(loader) ??
      (loader && ts.isIdentifier(loader) ? importSpecifier(constants.get(loader.text)) : null);
    if (!specifier) throw new Error(`route hints: cannot read the loader of ${name} in ${fileName}`);
    const { queries = true, ns = [] } = optionsOf(options);
    pages.set(name, { specifier, queries, ns });
  }
  const table = constants.get('PAGES');
  if (!table || !ts.isArrayLiteralExpression(table)) throw new Error(`route hints: no PAGES array in ${fileName}`);
  const entries = table.elements.map((element) => {
    if (!ts.isArrayLiteralExpression(element)) throw new Error('route hints: a PAGES entry is not a tuple');
    const [pattern, page, who] = element.elements;
    if (!pattern || !ts.isStringLiteralLike(pattern) || !page || !ts.isIdentifier(page))
      throw new Error('route hints: a PAGES entry is not [pattern, Page, who?]');
    if (!pages.has(page.text)) throw new Error(`route hints: ${page.text} is not a lazyPage`);
    const role = who && ts.isStringLiteralLike(who) ? (who.text as 'in' | 'out') : undefined;
    return { pattern: pattern.text, page: page.text, ...(role ? { who: role } : {}) };
  });
  return { pages, entries };
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

const EXTENSIONS = ['', '.tsx', '.ts', '/index.tsx', '/index.ts'];

/**
 * The build plugin: after the bundle is written, `dist/.vite/route-hints.json` holds the hints of
 * every address of `src/app/routes.tsx`.
 */
export function routeHints(options: {
  routesFile: string;
  queryProvider: string;
  cookieConsent: string;
  languages: Record<string, string>;
  /** `<lng>` and `<ns>` stand for the language and the namespace: `src/locales/<lng>/<ns>.json`. */
  namespaceFile: string;
}): Plugin {
  return {
    name: 'finportal-route-hints',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((c): c is ChunkLike & (typeof bundle)[string] => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c as unknown as ChunkLike]));
      const byModule = new Map<string, ChunkLike>();
      for (const c of chunks as unknown as ChunkLike[]) {
        for (const id of c.moduleIds) if (!byModule.has(id)) byModule.set(id, c);
        if (c.facadeModuleId) byModule.set(c.facadeModuleId, c);
      }
      const chunkOf = (file: string): ChunkLike => {
        for (const ext of EXTENSIONS) {
          const c = byModule.get(file + ext);
          if (c) return c;
        }
        throw new Error(`route hints: no chunk holds ${file}`);
      };
      /** The chunk and every chunk it imports statically, but not the entry (already loading). */
      const closure = (start: ChunkLike, into: Assets = { js: [], css: [] }): Assets => {
        const seen = new Set(into.js);
        const visit = (c: ChunkLike) => {
          if (c.isEntry || seen.has(c.fileName)) return;
          seen.add(c.fileName);
          into.js.push(c.fileName);
          for (const css of c.viteMetadata?.importedCss ?? []) if (!into.css.includes(css)) into.css.push(css);
          for (const i of c.imports) {
            const next = byFile.get(i);
            if (next) visit(next);
          }
        };
        visit(start);
        return into;
      };
      const routesFile = options.routesFile;
      const table = readRouteTable(fs.readFileSync(routesFile, 'utf8'), routesFile);
      const pages: PageHint[] = table.entries.map(({ pattern, page, who }) => {
        const declaration = table.pages.get(page)!;
        const assets = closure(chunkOf(path.resolve(path.dirname(routesFile), declaration.specifier)));
        if (declaration.queries) closure(chunkOf(options.queryProvider), assets);
        return { pattern, ...(who ? { who } : {}), ns: declaration.ns, ...assets };
      });
      const namespaces = [...new Set(pages.flatMap((p) => p.ns))];
      const languages: Record<string, LanguageHint> = {};
      for (const [language, file] of Object.entries(options.languages)) {
        const ns: Record<string, string[]> = {};
        for (const namespace of namespaces) {
          const nsFile = options.namespaceFile.replace('<lng>', language).replace('<ns>', namespace);
          ns[namespace] = closure(chunkOf(nsFile)).js;
        }
        languages[language] = { ...closure(chunkOf(file)), ns };
      }
      const hints: RouteHints = {
        version: 1,
        pages,
        languages,
        cookieConsent: closure(chunkOf(options.cookieConsent)),
      };
      this.emitFile({ type: 'asset', fileName: ROUTE_HINTS_FILE, source: JSON.stringify(hints, null, 1) });
    },
  };
}
