import { Table, type TableProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A table with its caption that never makes the page scroll sideways at 375 px. `stacked`: below
 * 48em each row is a block of its own, its cells one under the other, each with its column's name
 * (the cell's `data-label`, drawn by factoring.css and not read out: the column header says it);
 * the header row is kept for screen readers only; `even` puts the cells two by two. Otherwise, and
 * from 48em, the table scrolls inside its own box when it is too wide: a named region that takes
 * focus, so that the keyboard scrolls it.
 *
 * A stacked table's parts carry their roles (table, rowgroup, row, columnheader, rowheader, cell)
 * on the elements: a table whose display is changed by CSS stays a table for assistive technology.
 */
export function ScrollTable({
  caption,
  children,
  stacked = false,
  even = false,
  className,
  ...props
}: { caption: string; children: ReactNode; stacked?: boolean; even?: boolean } & TableProps) {
  const captionId = useId();
  const classes = [className, stacked && 'fp-factoring-stack', stacked && even && 'fp-factoring-stack-even']
    .filter(Boolean)
    .join(' ');
  return (
    // A region that scrolls must take focus, or the keyboard cannot scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="fp-factoring-table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <Table {...props} className={classes || undefined} role={stacked ? 'table' : undefined}>
        <Table.Caption id={captionId} className="fp-factoring-caption">
          {caption}
        </Table.Caption>
        {children}
      </Table>
    </div>
  );
}
