import { AA_TEXT, contrastRatio, type ThemeColours } from './colour-contrast.js';

/*
 * The partner theme's readability rule (issue 13): the API refuses a draft that breaks it and the
 * console's form says so before saving. A module of its own, apart from colour-contrast.ts: that
 * one is in the portal's first download (the theme), this one only where a theme is edited.
 */

export interface ThemeIssue {
  field: keyof ThemeColours;
  code: 'err_contrast_too_low';
  /** The ratio found (two decimals, rounded down) and the one required. */
  values: { ratio: number; required: number; against: string };
}

const floor2 = (n: number) => Math.floor(n * 100) / 100;

/**
 * The partner theme's readability (WCAG AA, 4.5:1): the call-to-action text on the primary colour
 * (every primary button) and the link colour on the white page.
 */
export function themeIssues(theme: ThemeColours): ThemeIssue[] {
  const issues: ThemeIssue[] = [];
  const check = (field: keyof ThemeColours, text: string, background: string, against: string) => {
    const ratio = contrastRatio(text, background);
    if (ratio < AA_TEXT)
      issues.push({
        field,
        code: 'err_contrast_too_low',
        values: { ratio: floor2(ratio), required: AA_TEXT, against },
      });
  };
  check('color_cta_text', theme.color_cta_text, theme.color_primary, theme.color_primary);
  check('color_link', theme.color_link, '#ffffff', '#ffffff');
  return issues;
}
