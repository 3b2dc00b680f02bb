import { Container, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';

/** Centered card used by the logged-out pages. */
export function AuthLayout({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Container size="sm" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 'xl' }}>
      <Paper withBorder radius="md" shadow="xs" p={{ base: 'md', sm: 'xl' }} className="fp-auth-card">
        <PageTitle title={title} />
        {intro ? <Text mb="md">{intro}</Text> : null}
        {children}
      </Paper>
    </Container>
  );
}
