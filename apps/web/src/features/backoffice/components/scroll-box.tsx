import { Table, type TableProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A table with its caption that scrolls inside its own box when it is wider than the screen (the
 * page never scrolls sideways at 375 px): a named region that takes focus, so that the keyboard
 * scrolls it. `busy`: the next page is loading; the rows shown are the previous ones.
 */
export function ScrollBox({
  caption,
  busy = false,
  children,
  ...props
}: { caption: string; busy?: boolean; children: ReactNode } & TableProps) {
  const captionId = useId();
  return (
    // A region that scrolls must take focus, or the keyboard cannot scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="fp-bo-scroll" role="region" aria-labelledby={captionId} tabIndex={0} aria-busy={busy || undefined}>
      <Table verticalSpacing="xs" highlightOnHover {...props}>
        <Table.Caption id={captionId} className="fp-bo-caption">
          {caption}
        </Table.Caption>
        {children}
      </Table>
    </div>
  );
}
