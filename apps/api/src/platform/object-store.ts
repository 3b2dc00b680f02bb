import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
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
  /** The object's bytes; `ifMatch` (S3): only this version of it (an object replaced since is refused). */
  read(key: string, options?: { ifMatch?: string }): Promise<Readable>;
  /** Removes the object; a missing one is no error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The object's size and version (S3: its ETag); null when there is none. */
  stat(key: string): Promise<{ size: number; etag: string | null } | null>;

  // A store that browsers reach themselves (S3) presigns URLs: the bytes never pass the portal.
  /** A URL to PUT exactly `sizeBytes` bytes of `contentType` to `key` (both bound into the signature). */
  presignPut?(key: string, sizeBytes: number, contentType: string, expiresSeconds: number): Promise<string>;
  /** A URL to GET `key` as an attachment (or inline) under `fileName`, with `contentType`. */
  presignGet?(key: string, options: PresignGetOptions): Promise<string>;
  /** Copies `source` to `target` inside the store, only while `source` is still the version `ifMatch`. */
  copy?(source: string, target: string, ifMatch: string | null): Promise<void>;
  /** The origin browsers send presigned requests to (the web app's Content-Security-Policy allows it). */
  readonly browserOrigin?: string;
  /** Releases connections (the app's close). */
  close?(): void;
  /**
   * Removes what interrupted writes left behind (a process killed mid-upload) before `olderThan`;
   * answers how many. The file-system store's partial files; an S3 bucket's unfinished multipart
   * uploads are its lifecycle rule's (ADR 015).
   */
  sweepPartials?(olderThan: Date): Promise<number>;
}

export interface PresignGetOptions {
  fileName: string;
  contentType: string;
  inline: boolean;
  expiresSeconds: number;
}

/** An object key of the portal's own making (never a user's file name): checked before any store uses it. */
export function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`unsafe object key: ${key}`);
  return key;
}

/** A write in progress: `<key>.part-<random>` until it is complete and renamed. */
const PARTIAL = /\.part-[0-9a-f]{12}$/;

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

/** The file-system store (the embedded default): objects under `<root>/<key>`. */
export class FileSystemObjectStore implements ObjectStore {
  readonly kind = 'file_system' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, checkedKey(key));
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

  async sweepPartials(olderThan: Date): Promise<number> {
    let removed = 0;
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (PARTIAL.test(entry.name)) {
          const info = await stat(full).catch(() => null);
          if (info && info.mtime < olderThan) {
            await rm(full, { force: true });
            removed++;
          }
        }
      }
    };
    await walk(this.root);
    return removed;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<{ size: number; etag: null } | null> {
    try {
      const found = await stat(this.pathOf(key));
      return found.isFile() ? { size: found.size, etag: null } : null;
    } catch {
      return null;
    }
  }
}
