import { PassThrough, type Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config/env.js';
import { contentDisposition } from './content-disposition.js';
import { checkedKey, type ObjectStore, type PresignGetOptions } from './object-store.js';

/** S3's smallest multipart part: what a streamed write holds in memory at most (one part at a time). */
const PART_BYTES = 5 * 1024 * 1024;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * Any S3-compatible store (AWS S3, MinIO, Ceph, R2...) through AWS SDK v3 (ARCHITECTURE.md: S3_*).
 * Keys are the portal's own, as in the file-system store. Browsers upload and download through
 * presigned URLs; the server reads (inspection, virus scan), copies and removes. A write streams
 * in parts of 5 MiB, one at a time, and the object appears only once complete.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  readonly browserOrigin: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where S3 requires them: S3-compatible stores do not all take the SDK's
      // CRC32 trailers, and a presigned PUT must not pin a checksum of a body it has not seen.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const endpoint = new URL(config.endpoint);
    this.browserOrigin = config.forcePathStyle
      ? endpoint.origin
      : `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
  }

  async write(key: string, source: Readable, inspect?: Transform): Promise<void> {
    const body = new PassThrough();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: checkedKey(key), Body: body },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    // A failed upload stops the source too (else the pipeline would wait on a body nobody reads).
    const uploading = upload.done().catch((error: unknown) => {
      body.destroy(error as Error);
      throw error;
    });
    const [piped, uploaded] = await Promise.allSettled([
      inspect ? pipeline(source, inspect, body) : pipeline(source, body),
      uploading,
    ]);
    if (piped.status === 'rejected') {
      // Refused by the inspector: the upload never completes; a finished one is removed again.
      if (uploaded.status === 'fulfilled') await this.remove(key);
      throw piped.reason;
    }
    if (uploaded.status === 'rejected') throw uploaded.reason;
  }

  async read(key: string, options: { ifMatch?: string } = {}): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: checkedKey(key),
        ...(options.ifMatch ? { IfMatch: options.ifMatch } : {}),
      }),
    );
    return answer.Body as Readable;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<{ size: number; etag: string | null } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      return { size: head.ContentLength ?? 0, etag: head.ETag ?? null };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  presignPut(key: string, sizeBytes: number, contentType: string, expiresSeconds: number): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: checkedKey(key),
      ContentLength: sizeBytes,
      ContentType: contentType,
    });
    // Signed headers: a body of another length or type does not match the signature.
    return getSignedUrl(this.client, command, {
      expiresIn: expiresSeconds,
      signableHeaders: new Set(['content-length', 'content-type']),
    });
  }

  presignGet(key: string, options: PresignGetOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: checkedKey(key),
      ResponseContentDisposition: contentDisposition(options.fileName, options.inline ? 'inline' : 'attachment'),
      ResponseContentType: options.contentType,
      ResponseCacheControl: 'private, no-store',
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresSeconds });
  }

  async copy(source: string, target: string, ifMatch: string | null): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: checkedKey(target),
        CopySource: `${this.bucket}/${checkedKey(source)}`,
        ...(ifMatch ? { CopySourceIfMatch: ifMatch } : {}),
      }),
    );
  }

  close(): void {
    this.client.destroy();
  }
}
