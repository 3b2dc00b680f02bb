import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { FileInspector, RefusedContent } from './inspect.js';

/** The inspector's /Encrypt search over chunk borders (issue 11): wherever the chunks split the marker. */
const head = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');
const encrypted = Buffer.concat([head, Buffer.alloc(600, 0x20), Buffer.from('trailer << /Encrypt 5 0 R >>\n%%EOF\n')]);
const plain = Buffer.from(encrypted.toString('latin1').replace('/Encrypt', '/Encrypx'), 'latin1');

async function inspect(bytes: Buffer, chunks: Buffer[]): Promise<string> {
  const inspector = new FileInspector('pdf', bytes.length);
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  try {
    await pipeline(Readable.from(chunks), inspector, sink);
    return 'passed';
  } catch (error) {
    if (error instanceof RefusedContent) return error.code;
    throw error;
  }
}

const splitAt = (bytes: Buffer, at: number) => [bytes.subarray(0, at), bytes.subarray(at)];

describe('FileInspector: a password-protected PDF', () => {
  it('is found wherever a chunk border cuts /Encrypt, and in chunks of one byte', async () => {
    const at = encrypted.indexOf('/Encrypt');
    for (let cut = at - 1; cut <= at + 9; cut++) {
      expect(await inspect(encrypted, splitAt(encrypted, cut)), `cut at ${cut}`).toBe('err_file_encrypted');
    }
    const bytes = [...encrypted].map((b) => Buffer.from([b]));
    expect(await inspect(encrypted, bytes)).toBe('err_file_encrypted');
    expect(
      await inspect(encrypted, [encrypted.subarray(0, 700), encrypted.subarray(700, 703), encrypted.subarray(703)]),
    ).toBe('err_file_encrypted');
  });

  it('a PDF without the marker passes, however it is cut', async () => {
    const at = plain.indexOf('/Encrypx');
    for (let cut = at - 1; cut <= at + 9; cut++) expect(await inspect(plain, splitAt(plain, cut))).toBe('passed');
    expect(
      await inspect(
        plain,
        [...plain].map((b) => Buffer.from([b])),
      ),
    ).toBe('passed');
  });
});
