import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { AppError } from './errors.js';
import { PartnerConfigError, PartnerRegistry, partnerOrigin, readPartnerFiles } from './tenancy.js';

/** Partner files (config as code): a bad file stops boot naming the file and the field. */
const PARTNERS_DIR = loadConfig({}).PARTNERS_DIR;
const tempDirs: string[] = [];

afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the demo partners in a temp dir, with `edit` applied to one file's JSON. */
function partnersWith(file: string, edit: (json: Record<string, unknown>) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-partners-'));
  tempDirs.push(dir);
  fs.cpSync(PARTNERS_DIR, dir, { recursive: true });
  const target = path.join(dir, file);
  const json = JSON.parse(fs.readFileSync(target, 'utf8')) as Record<string, unknown>;
  edit(json);
  fs.writeFileSync(target, JSON.stringify(json, null, 2));
  return dir;
}

function errorOf(fn: () => unknown): PartnerConfigError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(PartnerConfigError);
    return err as PartnerConfigError;
  }
  throw new Error('expected a PartnerConfigError');
}

describe('readPartnerFiles', () => {
  it('reads the demo partners', () => {
    const partners = readPartnerFiles(PARTNERS_DIR);
    expect(partners.map((p) => p.key)).toEqual(['alpen', 'demo', 'nordbank', 'vistula']);
    for (const p of partners) expect(fs.existsSync(p.logoPath)).toBe(true);
    // Defaults of optional fields are filled in.
    expect(partners.find((p) => p.key === 'vistula')?.loan_purposes).toEqual({ items: [], by_loan_type: {} });
  });

  it('a missing display_name names the file and the field', () => {
    const dir = partnersWith('nordbank.json', (j) => delete j.display_name);
    const err = errorOf(() => readPartnerFiles(dir));
    expect(err.message).toContain(path.join(dir, 'nordbank.json'));
    expect(err.message).toContain('field "display_name"');
  });

  it('a bad colour names the nested field', () => {
    const dir = partnersWith('demo.json', (j) => {
      (j.fe_theme as Record<string, string>).color_primary = 'blue';
    });
    const err = errorOf(() => readPartnerFiles(dir));
    expect(err.message).toContain('demo.json');
    expect(err.message).toContain('field "fe_theme.color_primary"');
    expect(err.message).toContain('#rrggbb');
  });

  it('a key that does not match the file name', () => {
    const dir = partnersWith('vistula.json', (j) => {
      j.key = 'wisla';
    });
    const err = errorOf(() => readPartnerFiles(dir));
    expect(err.message).toContain('vistula.json');
    expect(err.message).toContain('field "key"');
    expect(err.message).toContain('must match the file name');
  });

  it('a missing logo file', () => {
    const dir = partnersWith('demo.json', (j) => {
      j.logo = 'missing.svg';
    });
    const err = errorOf(() => readPartnerFiles(dir));
    expect(err.message).toContain('demo.json');
    expect(err.message).toContain('field "logo"');
    expect(err.message).toContain('missing.svg');
  });

  it('an unknown field, a language outside the list and a default not supported are refused', () => {
    expect(errorOf(() => readPartnerFiles(partnersWith('demo.json', (j) => (j.colour = 'x')))).message).toContain(
      'colour',
    );
    expect(
      errorOf(() =>
        readPartnerFiles(partnersWith('demo.json', (j) => (j.languages = { supported: ['de', 'xx'], default: 'de' }))),
      ).message,
    ).toContain('field "languages.supported.1"');
    expect(
      errorOf(() =>
        readPartnerFiles(partnersWith('demo.json', (j) => (j.languages = { supported: ['de'], default: 'en' }))),
      ).message,
    ).toContain('default must be one of supported');
  });

  it('a dynamic partner without a dynamic form names the file and the field', () => {
    const dir = partnersWith('alpen.json', (j) => delete j.dynamic_form);
    const err = errorOf(() => readPartnerFiles(dir));
    expect(err.message).toContain(path.join(dir, 'alpen.json'));
    expect(err.message).toContain('field "dynamic_form": is required when is_dynamic_form is true');
  });

  it('a dynamic form field that is not declared in definitions names the file and the field', () => {
    const dir = partnersWith('alpen.json', (j) => {
      const form = j.dynamic_form as { definitions: { fields: { id: string }[] } };
      form.definitions.fields = form.definitions.fields.filter((f) => f.id !== 'industry');
    });
    const err = errorOf(() => readPartnerFiles(dir));
    expect(err.message).toContain('alpen.json');
    expect(err.message).toMatch(
      /field "dynamic_form\.ui_config\.loan_purposes\.working_capital_loan\.steps\.2\.fields\.\d+\.id": field "industry" is not declared in definitions\.fields/,
    );
  });

  it('a dynamic form for a loan type the partner does not offer is refused', () => {
    const dir = partnersWith('alpen.json', (j) => (j.user_application_types = ['working_capital_loan']));
    const err = errorOf(() => readPartnerFiles(dir));
    expect(err.message).toContain('field "dynamic_form.ui_config.loan_purposes.event_driven_financing_loan"');
  });

  it('a file that is not JSON, an empty directory and a missing directory', () => {
    const dir = partnersWith('demo.json', () => undefined);
    fs.writeFileSync(path.join(dir, 'demo.json'), '{ "key": "demo", ');
    const err = errorOf(() => readPartnerFiles(dir));
    expect(err.message).toContain('demo.json');
    expect(err.message).toContain('not valid JSON');

    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-partners-'));
    tempDirs.push(empty);
    expect(errorOf(() => readPartnerFiles(empty)).message).toContain('no partner files');
    expect(errorOf(() => readPartnerFiles(path.join(empty, 'nope'))).message).toContain('does not exist');
  });
});

describe('PartnerRegistry', () => {
  const registry = new PartnerRegistry(readPartnerFiles(PARTNERS_DIR), 'demo', 'localhost');

  it('chooses the partner by host: <key>.<domain>; bare host, www and other hosts use the default', () => {
    expect(registry.keyForHost('nordbank.localhost')).toBe('nordbank');
    expect(registry.keyForHost('VISTULA.localhost.')).toBe('vistula');
    expect(registry.keyForHost('localhost')).toBe('demo');
    expect(registry.keyForHost('www.localhost')).toBe('demo');
    expect(registry.keyForHost('127.0.0.1')).toBe('demo');
    expect(registry.keyForHost('nordbank.example.com')).toBe('demo');
    expect(registry.forHost('nordbank.localhost').display_name).toBe('Nordbank Business');
  });

  it('an unknown subdomain is err_partner_not_found', () => {
    expect(registry.keyForHost('acme.localhost')).toBe('acme');
    try {
      registry.forHost('acme.localhost');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('err_partner_not_found');
      expect((err as AppError).status).toBe(404);
    }
  });

  it('a default partner without a file stops boot', () => {
    expect(() => new PartnerRegistry(readPartnerFiles(PARTNERS_DIR), 'acme', 'localhost')).toThrow(PartnerConfigError);
  });

  it('partnerOrigin puts the key before the public host and keeps scheme and port', () => {
    expect(partnerOrigin('http://localhost:3000', 'demo')).toBe('http://demo.localhost:3000');
    expect(partnerOrigin('https://portal.example.com/', 'nordbank')).toBe('https://nordbank.portal.example.com');
  });
});
