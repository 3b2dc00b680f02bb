import type { ResourceLanguage } from 'i18next';

/**
 * The logged-in area's namespaces (src/lib/i18n.ts DASHBOARD_NAMESPACES), one chunk per language
 * and namespace. Their loaders are listed in this small chunk rather than in the boot chunk: there
 * every namespace would add four hashed file names to what the first wizard step downloads.
 */
const loaders = import.meta.glob<ResourceLanguage>(
  [
    './*/dashboard.json',
    './*/settings.json',
    './*/errors-dashboard.json',
    './*/overview.json',
    './*/bank-info.json',
    './*/custom-fields.json',
    './*/representatives.json',
    './*/documents.json',
    './*/objects.json',
    './*/appointments.json',
    './*/factoring.json',
    './*/signatures.json',
    './*/companies.json',
    './*/backoffice.json',
    './*/errors-backoffice.json',
    './*/console.json',
  ],
  { import: 'default' },
);

export default loaders;
