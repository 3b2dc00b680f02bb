import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 26's guard: every file input of the app is reached in the e2e through a real click or tap
 * and the browser's file chooser (e2e/tests/support/files.ts `chooseFiles`), never by setting the
 * input's files (the lint forbids `setInputFiles` in e2e/). A new upload control fails here until
 * an e2e spec chooses a file through it: list it below with that spec.
 */
const ROOT = path.resolve(__dirname, '../../../..');
const SRC = path.join(ROOT, 'apps/web/src');
const SPECS = path.join(ROOT, 'e2e/tests');

/** Source file (relative to apps/web/src) → the e2e spec that chooses a file through it, and the control's accessible name there. */
const COVERED: Record<string, { spec: string; trigger: RegExp }> = {
  'features/documents/components/document-type-card.tsx': { spec: 'documents.spec.ts', trigger: /Choose files for/ },
  'features/factoring/components/import-debitors-modal.tsx': { spec: 'factoring.spec.ts', trigger: /Choose CSV file/ },
  'features/signatures/components/agreements-step.tsx': {
    spec: 'signatures.spec.ts',
    trigger: /Signed guarantee contract/,
  },
  'features/backoffice/components/contracts-card.tsx': {
    spec: 'backoffice-case.spec.ts',
    trigger: /Upload PDF: Guarantee agreement/,
  },
  'features/backoffice/components/console/logo-field.tsx': { spec: 'console.spec.ts', trigger: /Upload a PNG/ },
};

const FILE_INPUT = /type="file"|<FileButton\b|<FileInput\b|<Dropzone\b/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

describe('file inputs are reached through the file chooser in the e2e', () => {
  const withInputs = sources(SRC)
    .filter((file) => FILE_INPUT.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
    .sort();

  it('knows every component with a file input', () => {
    expect(withInputs).toEqual(Object.keys(COVERED).sort());
  });

  it.each(Object.entries(COVERED))('%s: chosen with a click in an e2e spec', (_file, { spec, trigger }) => {
    const text = fs.readFileSync(path.join(SPECS, spec), 'utf8');
    // What each call clicks: the locator at the start of `chooseFiles(…`.
    const calls = text
      .split('chooseFiles(')
      .slice(1)
      .map((after) => after.slice(0, 120));
    expect(
      calls.some((call) => trigger.test(call)),
      `${spec} calls chooseFiles on ${trigger}`,
    ).toBe(true);
  });

  it('no e2e spec sets an input’s files directly', () => {
    const specs = fs
      .readdirSync(SPECS, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'));
    const offenders = specs.filter((f) => fs.readFileSync(path.join(SPECS, f), 'utf8').includes('.setInputFiles('));
    expect(offenders).toEqual([]);
  });
});
