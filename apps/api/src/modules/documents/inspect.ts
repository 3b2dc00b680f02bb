import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { contentMatches, ENCRYPT_MARKER, SNIFF_BYTES, type UploadExtension } from '@finportal/contracts/document-rules';
import type { ErrorCode } from '@finportal/contracts/errors';

/** `/Encrypt` as a Buffer: Buffer#indexOf searches natively (several times the speed of a byte loop). */
const MARKER = Buffer.from(ENCRYPT_MARKER);

/** Why a received file is refused (the PUT answers it; nothing is kept). */
export class RefusedContent extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
  ) {
    super(code);
  }
}

/**
 * Looks at a file while it streams to the store, holding only a small window of it: counts the
 * bytes (more than announced: refused at once), hashes them (SHA-256), checks the first bytes
 * against the extension (magic bytes; executables never pass) and, for a PDF, looks for the
 * /Encrypt marker of a password-protected file across chunk borders. `finish()` judges the
 * whole once the stream ended (fewer bytes than announced: refused).
 */
export class FileInspector extends Transform {
  private bytes = 0;
  private readonly hash = createHash('sha256');
  private head = Buffer.alloc(0);
  private sniffed = false;
  private tail = Buffer.alloc(0);
  private encrypted = false;

  constructor(
    private readonly ext: UploadExtension,
    private readonly announced: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.announced) {
      done(new RefusedContent('err_upload_size_mismatch', 413));
      return;
    }
    this.hash.update(chunk);
    if (!this.sniffed) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
      if (this.head.length >= SNIFF_BYTES) {
        this.sniffed = true;
        if (!contentMatches(this.ext, this.head)) {
          done(new RefusedContent('err_file_content_mismatch', 400));
          return;
        }
      }
    }
    if (this.ext === 'pdf' && !this.encrypted) {
      // In the chunk, or across its border with the previous one (that one's last bytes kept).
      const border = Buffer.concat([this.tail, chunk.subarray(0, MARKER.length - 1)]);
      if (chunk.indexOf(MARKER) !== -1 || border.indexOf(MARKER) !== -1) this.encrypted = true;
      const kept = chunk.length >= MARKER.length - 1 ? chunk : Buffer.concat([this.tail, chunk]);
      this.tail = Buffer.from(kept.subarray(Math.max(0, kept.length - (MARKER.length - 1))));
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.bytes !== this.announced) {
      done(new RefusedContent('err_upload_size_mismatch', 400));
      return;
    }
    if (!this.sniffed && !contentMatches(this.ext, this.head)) {
      done(new RefusedContent('err_file_content_mismatch', 400));
      return;
    }
    if (this.encrypted) {
      done(new RefusedContent('err_file_encrypted', 400));
      return;
    }
    done();
  }

  /** The SHA-256 (hex) of what passed; call once the stream has finished. */
  digest(): string {
    return this.hash.digest('hex');
  }
}
