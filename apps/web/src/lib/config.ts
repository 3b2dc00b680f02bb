import type { AppConfig, PartnerConfig } from '@finportal/contracts/partner';
import { createContext, useContext } from 'react';

/** Partner and public configuration, loaded once at boot (spec 1 section 3 "Config state"). */
export interface PortalConfig {
  partnerKey: string;
  partner: PartnerConfig;
  app: AppConfig;
}

export const ConfigContext = createContext<PortalConfig | null>(null);

/** Null before the configuration has loaded (bare not-found page). */
export function useOptionalConfig(): PortalConfig | null {
  return useContext(ConfigContext);
}

export function useConfig(): PortalConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig used outside the loaded configuration');
  return config;
}

/** Same rule as `isFeatureActive` of contracts/partner (not imported: that module builds zod schemas). */
export function isFeatureActive(app: Pick<AppConfig, 'public_features'>, name: string): boolean {
  return app.public_features.some((f) => f.name === name && f.is_active);
}

export function useFeature(name: string): boolean {
  return isFeatureActive(useConfig().app, name);
}
