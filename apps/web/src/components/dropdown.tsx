import { Button, type ButtonProps } from '@mantine/core';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Link } from 'react-router';

/**
 * Light header dropdowns (no positioning engine in the entry bundle): an ARIA menu button and a
 * disclosure panel. Both close on Escape (focus back on the button), outside click and Tab-away.
 */

type TriggerProps = ButtonProps & { 'data-testid'?: string; 'aria-label'?: string; children?: ReactNode };

function useDismiss(open: boolean, close: (refocus: boolean) => void, root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onFocus = (event: FocusEvent) => {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target)) close(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, close, root]);
}

export interface MenuEntry {
  key: string;
  label: ReactNode;
  /** A link entry. */
  to?: string;
  onSelect?: () => void;
  current?: boolean;
  disabled?: boolean;
  lang?: string;
  /** Draw a separator above this entry. */
  divider?: boolean;
}

/** Menu button (WAI-ARIA APG): arrow keys, Home/End, Escape; entries are links or actions. */
export function MenuButton({
  trigger,
  entries,
  align = 'end',
}: {
  trigger: TriggerProps;
  entries: MenuEntry[];
  align?: 'start' | 'end';
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  useDismiss(open, close, root);

  const items = () =>
    Array.from(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []);

  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const all = items();
    (focusOnOpen.current === 'last' ? all[all.length - 1] : all[0])?.focus();
    focusOnOpen.current = null;
  }, [open]);

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusOnOpen.current = event.key === 'ArrowUp' ? 'last' : 'first';
      if (open) {
        const all = items();
        (event.key === 'ArrowUp' ? all[all.length - 1] : all[0])?.focus();
      } else setOpen(true);
    }
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Tab') setOpen(false);
  };

  const select = (entry: MenuEntry) => {
    close(!entry.to);
    entry.onSelect?.();
  };

  return (
    <div className="fp-dropdown" ref={root}>
      <Button
        variant="subtle"
        color="dark"
        px={8}
        {...trigger}
        ref={button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={(event) => {
          focusOnOpen.current = event.detail === 0 ? 'first' : null; // keyboard Enter/Space
          setOpen((v) => !v);
        }}
        onKeyDown={onButtonKey}
      />
      {open && (
        <ul
          id={id}
          role="menu"
          ref={list}
          className="fp-dropdown-panel fp-menu"
          data-align={align}
          onKeyDown={onListKey}
        >
          {entries.map((entry) => (
            <li key={entry.key} role="none" className={entry.divider ? 'fp-menu-divider' : undefined}>
              {entry.to ? (
                <Link
                  role="menuitem"
                  to={entry.to}
                  className="fp-menu-item"
                  tabIndex={-1}
                  aria-current={entry.current ? 'page' : undefined}
                  onClick={() => select(entry)}
                >
                  {entry.label}
                </Link>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  className="fp-menu-item"
                  tabIndex={-1}
                  lang={entry.lang}
                  aria-current={entry.current ? 'true' : undefined}
                  aria-disabled={entry.disabled || undefined}
                  data-current={entry.current || undefined}
                  onClick={() => !entry.disabled && select(entry)}
                >
                  {entry.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Disclosure: a button that shows a panel of content (used for the contact box). */
export function Disclosure({
  trigger,
  children,
  align = 'end',
}: {
  trigger: TriggerProps;
  children: ReactNode;
  align?: 'start' | 'end';
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  useDismiss(open, close, root);

  return (
    <div className="fp-dropdown" ref={root}>
      <Button
        variant="subtle"
        color="dark"
        px={8}
        {...trigger}
        ref={button}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      />
      <div id={id} className="fp-dropdown-panel fp-disclosure" data-align={align} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
