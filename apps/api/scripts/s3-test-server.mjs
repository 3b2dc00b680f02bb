// A local S3-compatible server for the API tests and bench/uploads.mjs: @20minutes/s3rver (pure
// JavaScript, objects as files under a directory, SigV4 signatures checked, presigned URLs
// included). Run as its own process so that its logging, its event loop and its memory stay out
// of the process that measures or tests:
//
//   node apps/api/scripts/s3-test-server.mjs <directory> <bucket> [port]
//
// prints one line `{"port":N}` once it listens (access key and secret: S3RVER / S3RVER), and stops
// when its standard input closes (the parent ended) or on SIGTERM.
import S3rver from '@20minutes/s3rver';

const [directory, bucket, port = '0'] = process.argv.slice(2);
if (!directory || !bucket) {
  process.stderr.write('usage: s3-test-server.mjs <directory> <bucket> [port]\n');
  process.exit(2);
}

// SigV4 encodes query values as RFC 3986 does (`'`, `(`, `)`, `*` and `!` too); s3rver 4 signs
// them with plain encodeURIComponent, so a presigned URL whose response-content-disposition
// carries `filename*=UTF-8''…` would not match. This process runs s3rver only: the global fix
// touches nothing else.
const encode = globalThis.encodeURIComponent;
globalThis.encodeURIComponent = (value) =>
  encode(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
  // Presigned URLs name 127.0.0.1 (path style): no virtual-host buckets.
  vhostBuckets: false,
});
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close().finally(() => process.exit(0));
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
