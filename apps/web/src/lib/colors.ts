/** Small colour helpers for the partner theme (no dependency): hex parsing, mixing, WCAG contrast (contracts colour-contrast.ts). */

import { AA_TEXT, contrastRatio, hexToRgb, relativeLuminance, type Rgb } from '@finportal/contracts/colour-contrast';

/** The WCAG functions are the contracts' (the partner console judges a theme with the same ones). */
export { AA_TEXT, contrastRatio, hexToRgb, relativeLuminance, type Rgb } from '@finportal/contracts/colour-contrast';

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.test(value.trim());
}

export function rgbToHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Mix `color` towards `target` by `amount` (0 = color, 1 = target). */
export function mix(color: string, target: string, amount: number): string {
  const a = hexToRgb(color);
  const b = hexToRgb(target);
  return rgbToHex([a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount]);
}

const WHITE = '#ffffff';
const BLACK = '#000000';

/**
 * Text colour for the given backgrounds: the preferred colour when it reaches 4.5:1 on every
 * background, otherwise black or white, whichever has the better worst-case contrast.
 */
export function readableTextOn(backgrounds: readonly string[], preferred?: string): string {
  const worst = (text: string) => Math.min(...backgrounds.map((bg) => contrastRatio(text, bg)));
  if (preferred && isHexColor(preferred) && worst(preferred) >= AA_TEXT) return preferred;
  return worst(WHITE) >= worst(BLACK) ? WHITE : BLACK;
}

/** Darken (or lighten, on dark backgrounds) a colour until it reaches 4.5:1 against the background. */
export function ensureContrast(color: string, background: string = WHITE, ratio: number = AA_TEXT): string {
  if (contrastRatio(color, background) >= ratio) return color;
  const towards = relativeLuminance(background) > 0.5 ? BLACK : WHITE;
  for (let step = 1; step <= 20; step++) {
    const candidate = mix(color, towards, step * 0.05);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return towards;
}

/** A 10-shade palette with the partner colour at index 6 (Mantine's light primary shade). */
export function generatePalette(base: string): string[] {
  const lighter = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18].map((t) => mix(base, WHITE, t));
  const darker = [0.14, 0.28, 0.42].map((t) => mix(base, BLACK, t));
  return [...lighter, rgbToHex(hexToRgb(base)), ...darker];
}
