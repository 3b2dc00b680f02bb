/** Focuses a field by its element id (the first radio of a group, the input of a wrapper). */
export function focusField(id: string): void {
  const element = document.getElementById(id);
  const target = element?.matches('input, select, textarea')
    ? element
    : element?.querySelector('input, select, textarea');
  (target as HTMLElement | null | undefined)?.focus();
}
