import type { AppContext } from '../../../platform/context.js';
import { DEMO_SERVED_IDENT_PROVIDERS } from '../../../platform/demo-adapters.js';
import { DemoIdentProvider, loopbackTransport, type CallbackTransport } from './demo-provider.js';
import type { AdapterName, IdentProviderAdapter } from './provider.js';

/**
 * The providers the demo provider serves (no real provider is reachable from here, ADR 020): none
 * where demo adapters may not run (production without DEMO_DEPLOYMENT, issue 25), so that no
 * provider name reaches it there.
 */
const demoServed = (ctx: AppContext): readonly AdapterName[] =>
  ctx.config.demoAdapters ? (DEMO_SERVED_IDENT_PROVIDERS as readonly AdapterName[]) : [];

/** The identification providers of one app, by name. */
export class IdentProviders {
  /** How the demo provider calls the portal back (real HTTP; tests set app.inject). */
  transport: CallbackTransport = loopbackTransport;
  private readonly byName = new Map<string, DemoIdentProvider>();

  constructor(ctx: AppContext) {
    for (const name of demoServed(ctx)) {
      this.byName.set(
        name,
        new DemoIdentProvider(name, {
          secret: ctx.config.DEMO_PROVIDER_SECRET,
          db: ctx.db,
          apiBase: ctx.config.API_BASE_PATH,
          transport: () => this.transport,
        }),
      );
    }
  }

  /** The adapter of a provider name; `manual`, null and unknown names: null. */
  get(name: string | null | undefined): IdentProviderAdapter | null {
    return (name && this.byName.get(name)) || null;
  }

  /** The demo provider serving that name (its page and its callbacks); null for any other name. */
  demo(name: string | null | undefined): DemoIdentProvider | null {
    return (name && this.byName.get(name)) || null;
  }
}

const registries = new WeakMap<AppContext, IdentProviders>();

/** The providers of this app (one registry per context, so a test can replace its transport). */
export function identProviders(ctx: AppContext): IdentProviders {
  let registry = registries.get(ctx);
  if (!registry) {
    registry = new IdentProviders(ctx);
    registries.set(ctx, registry);
  }
  return registry;
}
