import { Container, type ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

/** Standard page frame: container, <h1> (and document title), content. */
export function Page({
  title,
  children,
  size = 'md',
  ...props
}: { title: string; children?: ReactNode } & Omit<ContainerProps, 'title'>) {
  return (
    <Container size={size} py={{ base: 'lg', sm: 'xl' }} {...props}>
      <PageTitle title={title} />
      {children}
    </Container>
  );
}
