import type { ResourceLanguage } from 'i18next';

/** One lazy chunk with the boot namespaces of this language (loaded by src/lib/i18n.ts; the wizard's namespaces have their own chunks). */
const modules = import.meta.glob<ResourceLanguage>(
  [
    './en/*.json',
    '!./en/wizard.json',
    '!./en/application.json',
    '!./en/dashboard.json',
    '!./en/settings.json',
    '!./en/errors-dashboard.json',
    '!./en/overview.json',
    '!./en/bank-info.json',
    '!./en/custom-fields.json',
    '!./en/representatives.json',
    '!./en/documents.json',
    '!./en/objects.json',
    '!./en/appointments.json',
    '!./en/factoring.json',
    '!./en/signatures.json',
    '!./en/companies.json',
    '!./en/auth.json',
    '!./en/result.json',
    '!./en/backoffice.json',
    '!./en/errors-backoffice.json',
    '!./en/console.json',
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
