import { Paper } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled card of the console: h2 for a tab's own parts, h3 for the parts of the draft form. */
export function ConsoleCard({ title, level = 2, children }: { title: string; level?: 2 | 3; children: ReactNode }) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={id}>
      <Heading id={id} className={level === 2 ? 'fp-console-panel-title' : 'fp-console-section-title'}>
        {title}
      </Heading>
      {children}
    </Paper>
  );
}
