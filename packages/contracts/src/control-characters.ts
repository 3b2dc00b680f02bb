/**
 * Control characters in texts, without zod: the dynamic forms' validator runs on the wizard's
 * first step, which loads no schema library (ADR 004). One text rule for every free-text field
 * (issue 25, ADR 034); `text.ts` applies it through the schema helpers.
 */

/**
 * Characters refused in every text field: C0 and C1 controls (tab, newline, NUL, ESC, NEL...),
 * the line and paragraph separators, and the bidirectional embeddings, overrides and isolates that
 * make a text display other than it reads (U+202A–U+202E, U+2066–U+2069).
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/**
 * What no field of any request may hold, multi-line or not (the API's request guard): the above
 * but tab, line feed and carriage return.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEVER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/** A single-line text: no control character, line break or bidirectional control. */
export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

/** A multi-line text (a text area) may hold line breaks and tabs; every other control character is refused. */
export const hasControlCharactersInText = (value: string): boolean =>
  hasControlCharacters(value.replace(/[\t\r\n]/g, ''));

/** Whether a value holds what no request field may (C0 but tab and line breaks, DEL, C1, separators, bidi controls). */
export const hasForbiddenCharacters = (value: string): boolean => NEVER.test(value);
