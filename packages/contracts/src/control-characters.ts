/**
 * Control characters in texts, without zod: the dynamic forms' validator runs on the wizard's
 * first step, which loads no schema library (ADR 004).
 */

/**
 * Characters refused in every text field: C0 and C1 controls (tab, newline, NUL, ESC...) and the
 * bidirectional embeddings, overrides and isolates that make a text display other than it reads.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

/** A multi-line text (a text area) may hold line breaks and tabs; every other control character is refused. */
export const hasControlCharactersInText = (value: string): boolean =>
  hasControlCharacters(value.replace(/[\t\r\n]/g, ''));
