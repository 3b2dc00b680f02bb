import type { ResourceLanguage } from 'i18next';

/** One lazy chunk with the boot namespaces of this language (loaded by src/lib/i18n.ts; the wizard's namespaces have their own chunks). */
const modules = import.meta.glob<ResourceLanguage>(
  [
    './de/*.json',
    '!./de/wizard.json',
    '!./de/application.json',
    '!./de/dashboard.json',
    '!./de/settings.json',
    '!./de/errors-dashboard.json',
    '!./de/overview.json',
    '!./de/bank-info.json',
    '!./de/custom-fields.json',
    '!./de/representatives.json',
    '!./de/documents.json',
    '!./de/objects.json',
    '!./de/appointments.json',
    '!./de/factoring.json',
    '!./de/signatures.json',
    '!./de/companies.json',
    '!./de/auth.json',
    '!./de/result.json',
    '!./de/backoffice.json',
    '!./de/errors-backoffice.json',
    '!./de/console.json',
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
