import { BREAKPOINTS } from '@finportal/contracts/constants';
import {
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import { ensureContrast, generatePalette, isHexColor, mix, readableTextOn } from './colors';

export interface FeTheme {
  color_link: string;
  color_primary: string;
  color_cta_text: string;
}

/** Used before the partner config has loaded (loader, bare not-found card). */
export const NEUTRAL_THEME: FeTheme = { color_link: '#1c5bb8', color_primary: '#1c5bb8', color_cta_text: '#ffffff' };

const em = (px: number) => `${px / 16}em`;

export interface PartnerColors {
  palette: MantineColorsTuple;
  /** Text colour on primary buttons (partner CTA colour, or black/white when it lacks contrast). */
  ctaText: string;
  /** The primary colour, darkened when needed so that it can be used as text on white. */
  primaryText: string;
  /** Link colour with at least 4.5:1 on white. */
  link: string;
  /**
   * Focus indicator colour (app.css): the primary text colour, darkened further if needed so
   * that the ring keeps 3:1 (WCAG 1.4.11) on the grey surfaces too (cards, footer, menu hover).
   */
  focus: string;
}

/** The lightest surface a focus ring is drawn on besides white (Mantine gray-1: menu hover). */
export const FOCUS_SURFACE = '#f1f3f5';
export const FOCUS_CONTRAST = 3;

export function partnerColors(fe: FeTheme): PartnerColors {
  const primary = isHexColor(fe.color_primary) ? fe.color_primary : NEUTRAL_THEME.color_primary;
  const palette = generatePalette(primary) as unknown as MantineColorsTuple;
  const link = isHexColor(fe.color_link) ? fe.color_link : primary;
  return {
    palette,
    // Filled buttons use shade 6 and shade 7 on hover: the text must read on both.
    ctaText: readableTextOn([palette[6], palette[7]], fe.color_cta_text),
    primaryText: ensureContrast(palette[6]),
    link: ensureContrast(link),
    focus: ensureContrast(ensureContrast(palette[6]), FOCUS_SURFACE, FOCUS_CONTRAST),
  };
}

/** The Mantine theme built from the partner's fe_theme at run time. */
export function createPartnerTheme(fe: FeTheme): {
  theme: MantineThemeOverride;
  cssVariablesResolver: CSSVariablesResolver;
} {
  const colors = partnerColors(fe);

  const variantColorResolver: VariantColorsResolver = (input) => {
    const result = defaultVariantColorsResolver(input);
    const isBrand = !input.color || input.color === 'brand';
    if (!isBrand) {
      // Mantine's light variant (badges, alerts) puts shade 9 on a 10 % tint: not always 4.5:1.
      const shades = input.theme.colors[input.color ?? ''];
      const [tint, shade6, shade9] = [shades?.[1], shades?.[6], shades?.[9]];
      if (input.variant === 'light' && isHexColor(tint) && isHexColor(shade6) && isHexColor(shade9)) {
        // Background: shade 1 or a 12 % tint of shade 6 (whichever is darker decides).
        const text = ensureContrast(ensureContrast(shade9, mix(shade6, '#ffffff', 0.88)), tint);
        return { ...result, color: text, hoverColor: text };
      }
      // Subtle and outline buttons (a red "Delete") write shade 6 on white: 3.6:1 for red. The
      // named shade (`red.9`) or shade 8, darkened until it reads on white and on the hover tint.
      const [name = '', shade] = (input.color ?? '').split('.');
      const named = input.theme.colors[name]?.[shade === undefined ? 8 : Number(shade)];
      if ((input.variant === 'subtle' || input.variant === 'outline') && isHexColor(named)) {
        const hoverTint = input.theme.colors[name]?.[0];
        const text = ensureContrast(named, isHexColor(hoverTint) ? hoverTint : '#ffffff');
        return {
          ...result,
          color: text,
          hoverColor: text,
          border: input.variant === 'outline' ? `1px solid ${text}` : result.border,
        };
      }
      return result;
    }
    if (input.variant === 'filled') return { ...result, color: colors.ctaText, hoverColor: colors.ctaText };
    if (input.variant === 'outline' || input.variant === 'subtle' || input.variant === 'light') {
      return {
        ...result,
        color: colors.primaryText,
        hoverColor: colors.primaryText,
        border: input.variant === 'outline' ? `1px solid ${colors.primaryText}` : result.border,
      };
    }
    return result;
  };

  const theme = createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: colors.palette },
    autoContrast: true,
    variantColorResolver,
    breakpoints: { xs: em(BREAKPOINTS.xs), sm: em(BREAKPOINTS.sm), md: em(BREAKPOINTS.md), lg: '75em', xl: '88em' },
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
    headings: { fontWeight: '700' },
    defaultRadius: 'md',
    focusRing: 'auto',
    cursorType: 'pointer',
    // Every field of these forms is required (aria-required is still set): no asterisk, so that
    // the visible label is exactly the accessible name.
    components: {
      TextInput: { defaultProps: { withAsterisk: false } },
      NativeSelect: { defaultProps: { withAsterisk: false } },
      Textarea: { defaultProps: { withAsterisk: false } },
      // Links must be recognisable without colour (WCAG 1.4.1): partner link colours may sit
      // close to the text colour, so text links are always underlined.
      Anchor: { defaultProps: { underline: 'always' } },
      // Mantine's modal header is a <header>: inside the modal's <section role="dialog"> it still
      // counts as a banner landmark, a second one next to the page header while a modal is open.
      ModalHeader: { defaultProps: { component: 'div' } },
    },
  });

  const cssVariablesResolver: CSSVariablesResolver = () => ({
    variables: {
      '--fp-focus-color': colors.focus,
    },
    light: {
      '--mantine-color-anchor': colors.link,
      '--mantine-primary-color-contrast': colors.ctaText,
      '--mantine-color-brand-text': colors.primaryText,
      '--mantine-color-brand-outline': colors.primaryText,
      '--mantine-color-brand-light-color': colors.primaryText,
      // Mantine's defaults (gray-6 dimmed, red-6 error) are below 4.5:1 on white.
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-error': '#c92a2a',
      '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    },
    dark: {},
  });

  return { theme, cssVariablesResolver };
}
