import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { contentMatches, SNIFF_BYTES, type UploadExtension } from '@finportal/contracts/document-rules';
import type { ErrorCode } from '@finportal/contracts/errors';
import { ArchiveRefused, inspectArchive } from './archive.js';
import { pdfIsEncrypted } from './pdf.js';

/** The types whose content is judged whole once it arrived: PDFs parsed, ZIP archives unpacked (bounded). */
const PARSED: ReadonlySet<UploadExtension> = new Set(['pdf', 'zip', 'docx', 'xlsx', 'pptx']);

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
 * Looks at a file while it streams to the store: counts the bytes (more than announced: refused
 * at once), hashes them (SHA-256) and checks the first bytes against the extension (magic bytes;
 * executables never pass). A PDF and a ZIP archive (zip, docx, xlsx, pptx) are kept in memory
 * as they pass (at most the announced size, which the type's limit bounds) and judged whole when
 * the stream ends (issue 25): a PDF by a parser (password-protected: refused; not readable as a
 * PDF: refused), an archive by unpacking it within limits (entries, total size, ratio, nesting;
 * a zip bomb is refused). `finish()` judges the whole once the stream ended (fewer bytes than
 * announced: refused).
 */
export class FileInspector extends Transform {
  private bytes = 0;
  private readonly hash = createHash('sha256');
  private head = Buffer.alloc(0);
  private sniffed = false;
  private readonly kept: Buffer[] = [];

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
    if (PARSED.has(this.ext)) this.kept.push(Buffer.from(chunk));
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
    if (!PARSED.has(this.ext)) {
      done();
      return;
    }
    this.judgeWhole(Buffer.concat(this.kept)).then(
      (refused) => done(refused),
      (error: unknown) => done(error as Error),
    );
  }

  /** The parsed types' verdict on the whole file: null when it passes. */
  private async judgeWhole(whole: Buffer): Promise<RefusedContent | null> {
    this.kept.length = 0;
    if (this.ext === 'pdf') {
      const encrypted = await pdfIsEncrypted(whole);
      if (encrypted === null) return new RefusedContent('err_file_content_mismatch', 400);
      return encrypted ? new RefusedContent('err_file_encrypted', 400) : null;
    }
    try {
      await inspectArchive(whole);
      return null;
    } catch (error) {
      if (!(error instanceof ArchiveRefused)) throw error;
      if (error.reason === 'encrypted') return new RefusedContent('err_file_encrypted', 400);
      if (error.reason === 'bomb') return new RefusedContent('err_archive_too_large', 400);
      return new RefusedContent('err_file_content_mismatch', 400);
    }
  }

  /** The SHA-256 (hex) of what passed; call once the stream has finished. */
  digest(): string {
    return this.hash.digest('hex');
  }
}
