import { z } from 'zod';
import { hasControlCharacters, hasControlCharactersInText } from './control-characters.js';

/**
 * The text rule of every free-text field (issue 25, ADR 034), applied through these helpers so
 * that a field cannot be declared without it: no C0 or C1 control characters, no bidirectional
 * embeddings, overrides or isolates, no line or paragraph separators; line breaks and tabs only
 * in a multi-line field. The API's request guard refuses the characters no field may hold in any
 * request (http.ts); the schemas add the line-break rule the guard cannot know, and the web forms
 * show both before anything is sent. `route-text-rule.test.ts` checks every string field of every
 * route's body and query against them.
 */

/** The marker of a multi-line field in the JSON Schema of a route (the text-rule test reads it). */
export const MULTILINE = 'x-multiline';

/** A single-line text: `base` (a string schema with its own limits) plus the text rule. */
export function singleLine<T extends z.ZodType<string, string>>(base: T): T {
  return base.refine((value) => !hasControlCharacters(value), { error: 'err_invalid_characters' }) as T;
}

/** A multi-line text (a text area): line breaks and tabs allowed, every other control refused. */
export function multiLine<T extends z.ZodType<string, string>>(base: T): T {
  return base
    .refine((value) => !hasControlCharactersInText(value), { error: 'err_invalid_characters' })
    .meta({ [MULTILINE]: true }) as T;
}

/** `z.string(params)` with the single-line rule. */
export const text = (params?: Parameters<typeof z.string>[0]) => singleLine(z.string(params));

/** `z.string(params)` with the multi-line rule. */
export const multilineText = (params?: Parameters<typeof z.string>[0]) => multiLine(z.string(params));
