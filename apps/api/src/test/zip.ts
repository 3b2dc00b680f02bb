import zlib from 'node:zlib';

/**
 * ZIP archives for the upload tests (issue 25): built by hand, so that a test can make what no
 * honest tool writes: a zip bomb (an entry of a gibibyte of zeros in about a megabyte) and
 * archives nested ten deep.
 */
export interface ZipEntry {
  name: string;
  /** Stored deflated: the raw deflate stream, its unpacked size and CRC-32. */
  deflated: Buffer;
  size: number;
  crc: number;
}

/** An entry of `data`, deflated. */
export function entryOf(name: string, data: Buffer): ZipEntry {
  return { name, deflated: zlib.deflateRawSync(data), size: data.length, crc: zlib.crc32(data) };
}

/** An entry of `mib` mebibytes of zeros, deflated block by block (about 1 KiB per MiB). */
export function zerosEntry(name: string, mib: number): ZipEntry {
  const block = Buffer.alloc(1024 * 1024);
  // A full flush ends each block on a byte boundary, so the same compressed block can be repeated.
  const compressed = zlib.deflateRawSync(block, { finishFlush: zlib.constants.Z_FULL_FLUSH });
  const last = zlib.deflateRawSync(Buffer.alloc(0));
  let crc = 0;
  for (let i = 0; i < mib; i++) crc = zlib.crc32(block, crc);
  return {
    name,
    deflated: Buffer.concat([...Array.from({ length: mib }, () => compressed), last]),
    size: mib * 1024 * 1024,
    crc,
  };
}

/** A ZIP archive of the entries (deflate, no data descriptors). */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, e.deflated);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + e.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A small Word document's parts: what an honest .docx holds. */
export function docxOf(text = 'Jahresabschluss 2024'): Buffer {
  return zipOf([
    entryOf(
      '[Content_Types].xml',
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
      ),
    ),
    entryOf(
      'word/document.xml',
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
      ),
    ),
  ]);
}

/** An archive nested `depth` levels deep (each level a zip holding the next), a text at the bottom. */
export function nestedZip(depth: number): Buffer {
  let inner = zipOf([entryOf('bottom.txt', Buffer.from('the bottom'))]);
  for (let level = 1; level < depth; level++) inner = zipOf([entryOf(`level-${level}.zip`, inner)]);
  return inner;
}
