import { lazy, type ComponentType } from 'react';
import { loadNamespaces, type Namespace } from '../lib/i18n';

/**
 * `React.lazy` for a named export. By default the component is wrapped in the TanStack Query
 * provider (loaded with it); pages on the bundle budget that use no queries pass
 * `{ queries: false }` (login, not-found, loan info). `ns` lists translation namespaces that are
 * not in the boot bundle (i18n LAZY_NAMESPACES), loaded in parallel with the page.
 */
export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  options: { queries?: boolean; ns?: readonly Namespace[] } = {},
) {
  return lazy(async () => {
    const texts = options.ns ? loadNamespaces(options.ns) : undefined;
    if (options.queries === false) {
      const [module] = await Promise.all([load(), texts]);
      return { default: module[name] as ComponentType };
    }
    const [module, { withQueryClient }] = await Promise.all([load(), import('../lib/query-provider'), texts]);
    return { default: withQueryClient(module[name] as ComponentType) };
  });
}
