import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { HeadObjectCommand, NotFound, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config/env.js';

const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/s3-test-server.mjs');

export interface TestS3 {
  config: S3Config;
  /** The S3_* variables of an app that uses this server (useTestApp's overrides). */
  env: Record<string, string>;
  /** Whether the bucket holds an object under `key` (asked with a client of its own). */
  has(key: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server on a free local port (scripts/s3-test-server.mjs: s3rver in its own
 * process, SigV4 signatures and presigned URLs checked) with one empty bucket, its files in a
 * temporary directory that close() removes.
 */
export async function startS3(bucket = 'finportal-test'): Promise<TestS3> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'finportal-s3-'));
  const child = spawn(process.execPath, [SCRIPT, dir, bucket], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3 test server exited (${code}): ${stderr}`)));
  });
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  return {
    config,
    env: {
      S3_ENDPOINT: config.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (error instanceof NotFound) return false;
        throw error;
      }
    },
    async close() {
      client.destroy();
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.stdin.end();
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
