import { cloneElement, type ReactElement, type ReactNode } from 'react';

/**
 * Renders a translated text whose parts are wrapped in tags, e.g.
 * "I accept the <terms>terms</terms> and the <privacy>privacy policy</privacy>.", putting each
 * tagged part into the matching element. (react-i18next's <Trans> does the same with an HTML
 * parser, ~5 KB gzipped more on the register page.) Unknown tags render their text only.
 */
export function RichText({ text, components }: { text: string; components: Record<string, ReactElement> }) {
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const [, name = '', inner = ''] = match;
    const element = components[name];
    parts.push(element ? cloneElement(element, { key: `${name}-${match.index}` }, inner) : inner);
    last = tag.lastIndex;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
