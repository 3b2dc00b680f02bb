import { createElement, lazy, useState, type ComponentType } from 'react';
import { loadNamespaces, type Namespace } from '../lib/i18n';

/** A lazily loaded component that can start loading before it renders. */
export type Preloadable = ComponentType & {
  /** Loads the code now (and a page's texts once `i18nReady` resolves: i18next is initialised). */
  preload: (i18nReady?: Promise<unknown>) => void;
};
/** A page of `routes.tsx` (preloadRoute starts the one the address names at boot). */
export type LazyPage = Preloadable;

/**
 * `React.lazy` that renders at once when its code (and texts) are already there when it mounts:
 * a component preloaded at boot then appears in the same render and paint as the shell, not in
 * a later pass behind a Suspense fallback (one render, one paint and one long task less on a phone;
 * ADR 011). A failed load is forgotten, so the next render tries again.
 */
function preloadable(loadCode: () => Promise<ComponentType>, loadTexts?: () => Promise<unknown>): Preloadable {
  let code: Promise<ComponentType> | undefined;
  let texts: Promise<unknown> | undefined;
  let loadedCode: ComponentType | undefined;
  let textsLoaded = !loadTexts;
  const startCode = () => {
    code ??= loadCode().then(
      (component) => {
        loadedCode = component;
        return component;
      },
      (error: unknown) => {
        code = undefined;
        throw error;
      },
    );
    return code;
  };
  const startTexts = () => {
    texts ??= (loadTexts?.() ?? Promise.resolve()).then(() => {
      textsLoaded = true;
    });
    return texts;
  };
  const Lazy = lazy(async () => {
    const [component] = await Promise.all([startCode(), startTexts()]);
    return { default: component };
  });
  function Preloaded() {
    // Decided once per mount: switching from the lazy wrapper to the component would remount it.
    const [component] = useState(() => (textsLoaded ? loadedCode : undefined));
    return createElement(component ?? Lazy);
  }
  return Object.assign(Preloaded, {
    preload(i18nReady?: Promise<unknown>) {
      startCode().catch(() => undefined);
      if (loadTexts && i18nReady) void i18nReady.then(startTexts, () => undefined);
    },
  });
}

/** A lazily loaded named export that is not a page (no query provider, no texts of its own). */
export function lazyComponent<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return preloadable(async () => (await load())[name] as ComponentType);
}

/**
 * `React.lazy` for a page (a named export). By default the component is wrapped in the TanStack
 * Query provider (loaded with it); pages on the bundle budget that use no queries pass
 * `{ queries: false }` (login, not-found, loan info). `ns` lists translation namespaces that are
 * not in the boot bundle (i18n LAZY_NAMESPACES), loaded in parallel with the page.
 */
export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  options: { queries?: boolean; ns?: readonly Namespace[] } = {},
): LazyPage {
  return preloadable(
    async () => {
      if (options.queries === false) return (await load())[name] as ComponentType;
      const [module, { withQueryClient }] = await Promise.all([load(), import('../lib/query-provider')]);
      return withQueryClient(module[name] as ComponentType);
    },
    options.ns ? () => loadNamespaces(options.ns!) : undefined,
  );
}
