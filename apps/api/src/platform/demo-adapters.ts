import { productTypeOf } from '@finportal/contracts/products';
import type { PartnerFile } from '@finportal/contracts/partner';

/**
 * The demo adapters (ARCHITECTURE.md "Demo adapters"): stand-ins for the third parties we cannot
 * reach. They never run in production unless the deployment says it is a demo (DEMO_DEPLOYMENT;
 * issue 25, ADR 030): production refuses to start while a partner uses one, the console refuses
 * to publish a change that would make a partner use one, the demo identification provider serves
 * no provider name and its pages are not registered.
 */
export type DemoAdapter = 'identification' | 'e-sign' | 'company registry' | 'credit insurer' | 'credit report';

/** The identification and e-sign providers the demo provider stands in for (no real one is reachable, ADR 020). */
export const DEMO_SERVED_IDENT_PROVIDERS: readonly string[] = ['idnow', 'swiss_sign', 'postident'];

type PartnerAdapters = Pick<
  PartnerFile,
  'signatures' | 'entitlements' | 'user_application_types' | 'products' | 'representatives'
>;

/** The demo adapters a partner's configuration makes the portal use. */
export function demoAdaptersUsedBy(partner: PartnerAdapters): DemoAdapter[] {
  const used: DemoAdapter[] = [];
  const ident = partner.signatures.ident_provider;
  if (ident && DEMO_SERVED_IDENT_PROVIDERS.includes(ident)) {
    used.push('identification');
    if (partner.signatures.loan_contract_signing === 'online') used.push('e-sign');
  }
  // The wizard's company search asks the registry only for partners entitled to company research.
  if (partner.entitlements.includes('company_research')) used.push('company registry');
  if (partner.user_application_types.some((type) => productTypeOf(partner, type) === 'factoring')) {
    used.push('credit insurer');
  }
  if (partner.representatives.credit_report_provider) used.push('credit report');
  return used;
}

/** Whether demo adapters may run: anywhere but production, and in production only in a declared demo. */
export function demoAdaptersAllowed(config: { NODE_ENV: string; DEMO_DEPLOYMENT: boolean }): boolean {
  return config.NODE_ENV !== 'production' || config.DEMO_DEPLOYMENT;
}

/**
 * Throws, naming each partner and the demo adapters it uses, when demo adapters may not run here
 * and a partner uses one (the boot fails with this message).
 */
export function assertNoDemoAdapters(
  config: { NODE_ENV: string; DEMO_DEPLOYMENT: boolean },
  partners: readonly (PartnerAdapters & { key: string })[],
): void {
  if (demoAdaptersAllowed(config)) return;
  const users = partners
    .map((p) => ({ key: p.key, adapters: demoAdaptersUsedBy(p) }))
    .filter((p) => p.adapters.length > 0);
  if (!users.length) return;
  throw new Error(
    [
      'Refusing to start: in production these partners use demo adapters, which stand in for third parties and check nothing:',
      ...users.map((p) => `  ${p.key}: ${p.adapters.join(', ')}`),
      'Configure the partners without them (signatures.ident_provider "manual" or null, no company_research entitlement, no factoring product, no credit_report_provider),',
      'or set DEMO_DEPLOYMENT=true if this deployment is a demonstration.',
    ].join('\n'),
  );
}
