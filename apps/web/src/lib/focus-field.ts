/**
 * Focuses a form field by its DOM id: the element itself when it is a control, else its first
 * control (a radio group, a wrapper). Used to put the cursor on the first field to fix.
 */
export function focusField(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  const target = element.matches('input, textarea, select, button')
    ? element
    : element.querySelector<HTMLElement>('input, select, textarea');
  target?.focus();
}
