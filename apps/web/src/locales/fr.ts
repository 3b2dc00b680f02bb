import type { ResourceLanguage } from 'i18next';

/** One lazy chunk with the boot namespaces of this language (loaded by src/lib/i18n.ts; the wizard's namespaces have their own chunks). */
const modules = import.meta.glob<ResourceLanguage>(
  [
    './fr/*.json',
    '!./fr/wizard.json',
    '!./fr/application.json',
    '!./fr/dashboard.json',
    '!./fr/settings.json',
    '!./fr/errors-dashboard.json',
    '!./fr/overview.json',
    '!./fr/bank-info.json',
    '!./fr/custom-fields.json',
    '!./fr/representatives.json',
    '!./fr/documents.json',
    '!./fr/objects.json',
    '!./fr/appointments.json',
    '!./fr/factoring.json',
    '!./fr/signatures.json',
    '!./fr/companies.json',
    '!./fr/auth.json',
    '!./fr/result.json',
    '!./fr/backoffice.json',
    '!./fr/errors-backoffice.json',
    '!./fr/console.json',
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
