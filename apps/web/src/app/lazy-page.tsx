import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a named export. By default the component is wrapped in the TanStack Query
 * provider (loaded with it); pages on the bundle budget that use no queries pass
 * `{ queries: false }` (login, not-found, wizard placeholder).
 */
export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  options: { queries?: boolean } = {},
) {
  return lazy(async () => {
    if (options.queries === false) {
      const module = await load();
      return { default: module[name] as ComponentType };
    }
    const [module, { withQueryClient }] = await Promise.all([load(), import('../lib/query-provider')]);
    return { default: withQueryClient(module[name] as ComponentType) };
  });
}
