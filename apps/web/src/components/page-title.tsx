import { Title, type TitleProps } from '@mantine/core';
import { useEffect } from 'react';
import { useOptionalConfig } from '../lib/config';

/** Sets `<page title> - <partner display name>` as the document title (spec 1 section 1). */
export function useDocumentTitle(title: string): void {
  const config = useOptionalConfig();
  const name = config?.partner.parameters.display_name;
  useEffect(() => {
    document.title = name ? `${title} - ${name}` : title;
  }, [title, name]);
}

/** The page's <h1>, which also sets the document title. */
export function PageTitle({ title, ...props }: { title: string } & Omit<TitleProps, 'order' | 'children'>) {
  useDocumentTitle(title);
  return (
    <Title order={1} fz={{ base: 26, sm: 32 }} mb="md" {...props}>
      {title}
    </Title>
  );
}
