import { describe, expect, it } from 'vitest';
import { readApiBase, readPartnerKey, subdomainOf } from './boot-params';

function doc(meta: Record<string, string>): Document {
  const d = document.implementation.createHTMLDocument('x');
  for (const [name, content] of Object.entries(meta)) {
    const m = d.createElement('meta');
    m.name = name;
    m.content = content;
    d.head.appendChild(m);
  }
  return d;
}

describe('boot parameters', () => {
  it('reads the partner key from the meta tag first', () => {
    expect(readPartnerKey(doc({ 'fp-partner': 'nordbank' }), 'vistula.localhost')).toBe('nordbank');
  });

  it('falls back to the first hostname label of a subdomain, else demo', () => {
    expect(readPartnerKey(doc({}), 'vistula.localhost')).toBe('vistula');
    expect(readPartnerKey(doc({}), 'acme.portal.example.com')).toBe('acme');
    expect(readPartnerKey(doc({}), 'localhost')).toBe('demo');
    expect(readPartnerKey(doc({}), 'example.com')).toBe('demo');
    expect(readPartnerKey(doc({}), '127.0.0.1')).toBe('demo');
    expect(subdomainOf('')).toBeNull();
  });

  it('reads the API base from the meta tag, /api by default', () => {
    expect(readApiBase(doc({ 'fp-api-base': '/portal/api/' }))).toBe('/portal/api');
    expect(readApiBase(doc({}))).toBe('/api');
  });
});
