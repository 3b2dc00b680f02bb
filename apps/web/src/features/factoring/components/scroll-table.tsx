import { Table, type TableProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A table with its caption that scrolls inside its own box on a phone (the page never scrolls
 * sideways at 375 px). The box is a named region that takes focus, so that the keyboard scrolls it.
 */
export function ScrollTable({ caption, children, ...props }: { caption: string; children: ReactNode } & TableProps) {
  const captionId = useId();
  return (
    // A region that scrolls must take focus, or the keyboard cannot scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="fp-factoring-table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <Table {...props}>
        <Table.Caption id={captionId} className="fp-factoring-caption">
          {caption}
        </Table.Caption>
        {children}
      </Table>
    </div>
  );
}
