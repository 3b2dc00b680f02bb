import type { ResourceLanguage } from 'i18next';

/** One lazy chunk with the boot namespaces of this language (loaded by src/lib/i18n.ts; the wizard's namespaces have their own chunks). */
const modules = import.meta.glob<ResourceLanguage>(
  [
    './pl/*.json',
    '!./pl/wizard.json',
    '!./pl/application.json',
    '!./pl/dashboard.json',
    '!./pl/settings.json',
    '!./pl/errors-dashboard.json',
    '!./pl/overview.json',
    '!./pl/bank-info.json',
    '!./pl/custom-fields.json',
    '!./pl/representatives.json',
    '!./pl/documents.json',
    '!./pl/objects.json',
    '!./pl/appointments.json',
    '!./pl/factoring.json',
    '!./pl/signatures.json',
    '!./pl/companies.json',
    '!./pl/auth.json',
    '!./pl/result.json',
    '!./pl/backoffice.json',
    '!./pl/errors-backoffice.json',
    '!./pl/console.json',
  ],
  {
    eager: true,
    import: 'default',
  },
);

const bundles: Record<string, ResourceLanguage> = {};
for (const [path, bundle] of Object.entries(modules)) {
  const ns = /([^/]+)\.json$/.exec(path)?.[1];
  if (ns) bundles[ns] = bundle;
}

export default bundles;
