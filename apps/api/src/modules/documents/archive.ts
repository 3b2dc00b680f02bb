import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';

/**
 * Bounded decompression of ZIP files (zip, and the Office formats docx, xlsx and pptx, which are
 * ZIP archives; issue 25, ADR 033): every entry is inflated and its bytes counted, so that a file
 * which unpacks to more than a reader can bear (a zip bomb, flat or nested) is refused before it
 * is stored. Archives inside are opened too, up to `maxDepth` levels, on the same budget.
 */
export interface ArchiveLimits {
  /** Entries in one archive. */
  maxEntries: number;
  /** Bytes all entries of all levels unpack to together. */
  maxTotalBytes: number;
  /** Unpacked bytes per byte of the file, once it unpacks to more than 1 MiB. */
  maxRatio: number;
  /** Levels of archives: 1 is the file itself, 2 an archive in it… */
  maxDepth: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 256 * 1024 * 1024,
  maxRatio: 250,
  maxDepth: 3,
};

/** Why an archive is refused: `bomb` (a limit), `encrypted` (a password-protected entry), `unreadable`. */
export class ArchiveRefused extends Error {
  constructor(
    readonly reason: 'bomb' | 'encrypted' | 'unreadable',
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function open(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (err, zip) =>
      err || !zip ? reject(new ArchiveRefused('unreadable', String(err?.message))) : resolve(zip),
    ),
  );
}

/** The next entry, or null at the end. */
function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (err: Error) => (cleanup(), reject(new ArchiveRefused('unreadable', err.message)));
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

/**
 * Inflates one entry, counting against the budget; keeps its bytes when it is itself an archive
 * (to open it next), else only counts them.
 */
function inflate(zip: ZipFile, entry: Entry, budget: { bytes: number }, limits: ArchiveLimits): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) {
        reject(new ArchiveRefused('unreadable', String(err?.message)));
        return;
      }
      const kept: Buffer[] = [];
      let head = Buffer.alloc(0);
      let nested: boolean | null = null;
      stream.on('data', (chunk: Buffer) => {
        budget.bytes += chunk.length;
        if (budget.bytes > limits.maxTotalBytes) {
          stream.destroy();
          reject(new ArchiveRefused('bomb', `unpacks to more than ${limits.maxTotalBytes} bytes`));
          return;
        }
        if (nested === null) {
          head = Buffer.concat([head, chunk]);
          if (head.length >= ZIP_MAGIC.length) {
            nested = head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC);
            if (nested) kept.push(head);
          }
        } else if (nested) kept.push(chunk);
      });
      stream.on('error', (e: Error) => reject(new ArchiveRefused('unreadable', e.message)));
      stream.on('end', () => resolve(nested ? Buffer.concat(kept) : null));
    });
  });
}

/** Throws ArchiveRefused unless `buffer` is a ZIP archive that unpacks within the limits. */
export async function inspectArchive(
  buffer: Buffer,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
  depth = 1,
  budget: { bytes: number } = { bytes: 0 },
): Promise<void> {
  if (depth > limits.maxDepth) throw new ArchiveRefused('bomb', `archives nested deeper than ${limits.maxDepth}`);
  const zip = await open(buffer);
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new ArchiveRefused('bomb', `${zip.entryCount} entries (at most ${limits.maxEntries})`);
    }
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.fileName.endsWith('/')) continue;
      // Bit 0 of the flags: the entry is encrypted (a password-protected archive cannot be checked).
      if (entry.generalPurposeBitFlag & 1) throw new ArchiveRefused('encrypted', entry.fileName);
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
        throw new ArchiveRefused('unreadable', `compression method ${entry.compressionMethod}`);
      }
      if (budget.bytes + entry.uncompressedSize > limits.maxTotalBytes) {
        throw new ArchiveRefused('bomb', `unpacks to more than ${limits.maxTotalBytes} bytes`);
      }
      const inner = await inflate(zip, entry, budget, limits);
      if (inner) await inspectArchive(inner, limits, depth + 1, budget);
    }
  } finally {
    zip.close();
  }
  if (depth === 1 && budget.bytes > 1024 * 1024 && budget.bytes / buffer.length > limits.maxRatio) {
    throw new ArchiveRefused('bomb', `unpacks to ${Math.round(budget.bytes / buffer.length)} times its size`);
  }
}
