import { useEffect } from 'react';
import { useOptionalConfig } from '../lib/config';
import './page-title.css';

/** Sets `<page title> - <partner display name>` as the document title (spec 1 section 1). */
export function useDocumentTitle(title: string): void {
  const config = useOptionalConfig();
  const name = config?.partner.parameters.display_name;
  useEffect(() => {
    document.title = name ? `${title} - ${name}` : title;
  }, [title, name]);
}

/**
 * The page's <h1>, which also sets the document title. A plain heading in Mantine's h1 style (no
 * Title component: it stays out of the first route's scripts, ADR 013); `mb={0}` drops the space
 * below it.
 */
export function PageTitle({ title, mb }: { title: string; mb?: 0 }) {
  useDocumentTitle(title);
  return <h1 className={mb === 0 ? 'fp-page-title fp-page-title-flush' : 'fp-page-title'}>{title}</h1>;
}
