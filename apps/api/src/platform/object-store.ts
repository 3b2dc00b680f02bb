import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live (ARCHITECTURE.md: files on disk by default, any S3-compatible store
 * with S3_*). Keys are the portal's own (`documents/<partner>/<document id>`), never a user's file
 * name. A write streams: no file is ever held in memory whole.
 */
export interface ObjectStore {
  readonly kind: 'file_system' | 's3';
  /**
   * Stores the stream under `key`, through `inspect` when given (it may refuse the stream: then
   * nothing is kept). The object appears only when complete.
   */
  write(key: string, source: Readable, inspect?: Transform): Promise<void>;
  read(key: string): Promise<Readable>;
  /** Removes the object; a missing one is no error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

/** The file-system store (the embedded default): objects under `<root>/<key>`. */
export class FileSystemObjectStore implements ObjectStore {
  readonly kind = 'file_system' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`unsafe object key: ${key}`);
    return path.join(this.root, key);
  }

  async write(key: string, source: Readable, inspect?: Transform): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.part-${randomBytes(6).toString('hex')}`;
    const out = createWriteStream(partial, { flags: 'wx' });
    try {
      await (inspect ? pipeline(source, inspect, out) : pipeline(source, out));
      await rename(partial, target);
    } catch (error) {
      // The file is opened asynchronously: remove it only once the stream has closed.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await rm(partial, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    return createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }
}
