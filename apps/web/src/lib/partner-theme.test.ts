import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast, generatePalette, readableTextOn } from './colors';
import { createPartnerTheme, FOCUS_SURFACE, partnerColors } from './partner-theme';

describe('partner theme', () => {
  it('builds a 10-shade palette with the partner colour at shade 6', () => {
    const palette = generatePalette('#0b5cad');
    expect(palette).toHaveLength(10);
    expect(palette[6]).toBe('#0b5cad');
    const lightness = palette.map((c) => contrastRatio(c, '#000000'));
    for (let i = 1; i < 10; i++) expect(lightness[i]!).toBeLessThan(lightness[i - 1]!);
  });

  it('keeps the CTA text colour when it reads on the primary colour, else picks black or white', () => {
    expect(partnerColors({ color_primary: '#0b5cad', color_link: '#0b5cad', color_cta_text: '#ffffff' }).ctaText).toBe(
      '#ffffff',
    );
    // White on yellow fails: black instead.
    expect(partnerColors({ color_primary: '#ffd400', color_link: '#0b5cad', color_cta_text: '#ffffff' }).ctaText).toBe(
      '#000000',
    );
    // Black on dark navy fails: white instead.
    expect(partnerColors({ color_primary: '#0a1f44', color_link: '#0b5cad', color_cta_text: '#111111' }).ctaText).toBe(
      '#ffffff',
    );
    expect(readableTextOn(['#777777'], '#ffffff')).toBe('#000000');
  });

  it('darkens link and text colours to 4.5:1 on white', () => {
    const colors = partnerColors({ color_primary: '#7fd1ff', color_link: '#8ecbff', color_cta_text: '#ffffff' });
    expect(contrastRatio(colors.link, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colors.primaryText, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ensureContrast('#0b5cad')).toBe('#0b5cad');
  });

  it('uses the 576/768/992 px breakpoints and the partner palette', () => {
    const { theme, cssVariablesResolver } = createPartnerTheme({
      color_primary: '#0b5cad',
      color_link: '#aa0000',
      color_cta_text: '#ffffff',
    });
    expect(theme.breakpoints).toMatchObject({ xs: '36em', sm: '48em', md: '62em' });
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand?.[6]).toBe('#0b5cad');
    const vars = cssVariablesResolver({} as never);
    expect(vars.light['--mantine-color-anchor']).toBe('#aa0000');
  });

  it('focus colour: at least 3:1 on white and on the grey surfaces, also for a pale partner colour', () => {
    for (const primary of ['#0b5cad', '#7fd1ff', '#ffd400', '#e6f0ff']) {
      const colors = partnerColors({ color_primary: primary, color_link: primary, color_cta_text: '#ffffff' });
      for (const surface of ['#ffffff', '#f8f9fa', FOCUS_SURFACE]) {
        expect(contrastRatio(colors.focus, surface), `${primary} on ${surface}`).toBeGreaterThanOrEqual(3);
      }
      const { cssVariablesResolver } = createPartnerTheme({
        color_primary: primary,
        color_link: primary,
        color_cta_text: '#ffffff',
      });
      expect(cssVariablesResolver({} as never).variables['--fp-focus-color']).toBe(colors.focus);
    }
  });

  it('renders the modal header as a <div>: no second banner landmark while a modal is open', () => {
    const { theme } = createPartnerTheme({ color_primary: '#0b5cad', color_link: '#0b5cad', color_cta_text: '#fff' });
    expect(theme.components?.ModalHeader?.defaultProps).toEqual({ component: 'div' });
  });

  it('subtle and outline buttons of another colour (a red "Delete") read at 4.5:1 on white and on their hover tint', () => {
    const { theme } = createPartnerTheme({ color_primary: '#0b5cad', color_link: '#0b5cad', color_cta_text: '#fff' });
    const full = mergeMantineTheme(DEFAULT_THEME, theme);
    for (const color of ['red', 'red.9', 'orange', 'gray']) {
      for (const variant of ['subtle', 'outline'] as const) {
        const resolved = full.variantColorResolver({ color, variant, theme: full });
        expect(contrastRatio(resolved.color, '#ffffff'), `${variant} ${color}`).toBeGreaterThanOrEqual(4.5);
        const tint = full.colors[color.split('.')[0]!]![0];
        expect(contrastRatio(resolved.hoverColor!, tint), `${variant} ${color} hovered`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
