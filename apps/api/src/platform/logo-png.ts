import fs from 'node:fs';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

const require = createRequire(import.meta.url);

/** The mail's logo height in CSS pixels (templates.ts); the PNG is drawn at twice that for sharp screens. */
export const MAIL_LOGO_HEIGHT = 40;

let ready: Promise<void> | undefined;
let fonts: Uint8Array[] | undefined;

/**
 * An SVG logo drawn as a PNG (issue 26: e-mail clients show no SVG). resvg in WebAssembly (no native
 * binary, no install script); the logos' text in DejaVu Sans, the font the PDFs embed (no system
 * fonts are read, so every machine draws the same).
 */
export async function svgToPng(svg: Buffer | string, height = MAIL_LOGO_HEIGHT * 2): Promise<Buffer> {
  ready ??= initWasm(fs.readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
  await ready;
  fonts ??= ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map(
    (file) => new Uint8Array(fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))),
  );
  const options = {
    fitTo: { mode: 'height' as const, value: height },
    font: { fontBuffers: fonts, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  };
  const text = typeof svg === 'string' ? svg : svg.toString('utf8');
  const first = new Resvg(text, options);
  // The logo's text in another font than it was drawn for may be wider: widen the canvas to hold it.
  const widened = widenToContent(text, first.getBBox());
  first.free();
  const resvg = new Resvg(widened, options);
  try {
    return Buffer.from(resvg.render().asPng());
  } finally {
    resvg.free();
  }
}

/** The SVG with its viewBox (and width) widened to the content's right edge, when the content runs over. */
function widenToContent(svg: string, box: { x: number; width: number } | undefined): string {
  const viewBox = /viewBox="\s*([-\d.]+)[\s,]+([-\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg);
  if (!box || !viewBox) return svg;
  const [, x, y, w, h] = viewBox.map(Number) as [number, number, number, number, number];
  const right = box.x + box.width + 2;
  if (right <= x + w) return svg;
  const newWidth = Math.ceil(right - x);
  return svg
    .replace(viewBox[0], `viewBox="${x} ${y} ${newWidth} ${h}"`)
    .replace(/(<svg[^>]*?\swidth=")([\d.]+)(")/, (_, a: string, width: string, c: string) => {
      return `${a}${Math.ceil((Number(width) * newWidth) / w)}${c}`;
    });
}
