// Uploads (issue 11): 20 concurrent uploads of 10 MiB each (random bytes in a valid-PDF wrapper)
// through announce → PUT → upload_success against the built server, on the file-system store and
// on an S3 store (s3rver, started here: apps/api/scripts/s3-test-server.mjs). Beside each, a plain
// file copy of the same 20 × 10 MiB in the same run (streams, as the file-system store writes; and
// fs.copyFile, which the kernel does alone). Prints MB/s of each, the ratio, and the server's
// resident memory (VmRSS) at idle and at its peak during the run, sampled every 20 ms.
// Goal: at least half the plain copy's throughput; memory during the run < 300 MB above idle.
// Never fails on figures.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { buildApplicationInput } from '@finportal/testing/factories';
import { ROOT, loginHeaders, startServer } from './server.mjs';

const FILES = Number(process.env.BENCH_UPLOADS ?? 20);
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 10) * 1024 * 1024;
const MB = 1e6;
const GOAL_RATIO = 0.5;
const GOAL_MEMORY_MB = 300;
const BUCKET = 'finportal-bench';

/** A file the inspector takes as a PDF: `%PDF-1.7\n`, random bytes, `%%EOF`. */
function pdfOf(size) {
  const head = Buffer.from('%PDF-1.7\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]);
}

/** VmRSS of a process in MB (/proc/<pid>/status). */
function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** Samples a process's VmRSS every 20 ms while `work` runs: its answer and the peak in MB. */
async function sampled(pid, work) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      /* the process ended */
    }
  }, 20);
  try {
    return { value: await work(), peak };
  } finally {
    clearInterval(timer);
    peak = Math.max(peak, rssMb(pid));
  }
}

/** The s3rver of apps/api/scripts on a free port, its objects in a temporary directory. */
async function startS3() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finportal-bench-s3-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/scripts/s3-test-server.mjs'), dir, BUCKET], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line).port));
    child.once('exit', (code) => reject(new Error(`s3 server exited (${code})`)));
  });
  return {
    pid: child.pid,
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.stdin.end();
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A logged-in borrower with a new application: the request headers and the documents path. */
async function borrower(base, host) {
  const headers = await loginHeaders(base, host, 'bench-uploads');
  const res = await fetch(`${base}/api/user/applications`, {
    method: 'POST',
    headers,
    body: JSON.stringify(buildApplicationInput({ companyName: 'Bench Uploads GmbH', taxIdNumber: undefined })),
  });
  if (res.status !== 201) throw new Error(`POST /user/applications answered ${res.status}: ${await res.text()}`);
  const { application } = await res.json();
  return { headers, docs: `${base}/api/user/applications/${application.applicationId}/documents` };
}

/**
 * A PUT with node:http (fetch's body streaming costs the bench process about twice the CPU, on
 * the same two cores as the server): the status and the answer.
 */
function put(url, headers, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'PUT', headers: { ...headers, 'content-length': body.length } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** announce → PUT → upload_success of one file. */
async function uploadOne(base, session, bytes, i) {
  const announced = await fetch(session.docs, {
    method: 'POST',
    headers: session.headers,
    body: JSON.stringify({
      file_name: `Bench ${i}.pdf`,
      document_type: 'annual_statement_2024',
      as_of_date: null,
      size_bytes: bytes.length,
    }),
  });
  if (announced.status !== 201) throw new Error(`announce answered ${announced.status}: ${await announced.text()}`);
  const { upload_url, document_id } = await announced.json();
  const target = new URL(upload_url);
  // The portal's own URL names the partner's host: sent to the server's address with that Host.
  const own = target.pathname.startsWith('/api/uploads/');
  const sent = await put(
    own ? `${base}${target.pathname}` : upload_url,
    { 'content-type': 'application/pdf', ...(own ? { host: target.host } : {}) },
    bytes,
  );
  if (sent.status !== 200) throw new Error(`PUT answered ${sent.status}: ${sent.text}`);
  const done = await fetch(`${session.docs}/${document_id}/upload_success`, {
    method: 'PATCH',
    headers: session.headers,
    body: JSON.stringify({ is_upload_successful: true }),
  });
  if (done.status !== 200) throw new Error(`upload_success answered ${done.status}: ${await done.text()}`);
  const { document } = await done.json();
  if (document.size_bytes !== bytes.length) throw new Error(`stored ${document.size_bytes} bytes of ${bytes.length}`);
}

/** The plain copies of the same files: streamed (as the file-system store writes) and fs.copyFile. */
async function plainCopies(files) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'finportal-bench-copy-'));
  try {
    const timed = async (copy) => {
      const t0 = performance.now();
      await Promise.all(files.map((file, i) => copy(file, path.join(out, `${i}-${Math.random()}`))));
      return (FILES * SIZE) / MB / ((performance.now() - t0) / 1000);
    };
    const streamed = await timed((from, to) => pipeline(fs.createReadStream(from), fs.createWriteStream(to)));
    const copied = await timed((from, to) => fs.promises.copyFile(from, to));
    return { streamed, copied };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

async function benchOne(label, port, extraEnv, sources, payloads) {
  const server = await startServer({
    port,
    extraEnv: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...extraEnv },
  });
  try {
    const host = `demo.localhost:${port}`;
    const session = await borrower(server.base, host);
    await uploadOne(server.base, session, pdfOf(1024 * 1024), 'warm-up'); // code paths loaded, connections open
    await new Promise((r) => setTimeout(r, 1000));
    const idle = rssMb(server.pid);
    const t0 = performance.now();
    const { peak } = await sampled(server.pid, () =>
      Promise.all(payloads.map((bytes, i) => uploadOne(server.base, session, bytes, i))),
    );
    const uploads = (FILES * SIZE) / MB / ((performance.now() - t0) / 1000);
    const copy = await plainCopies(sources);
    console.log(
      `${label.padEnd(12)} uploads ${uploads.toFixed(0).padStart(5)} MB/s   plain copy ${copy.streamed.toFixed(0).padStart(5)} MB/s streamed, ${copy.copied.toFixed(0).padStart(5)} MB/s copyFile   ratio ${(uploads / copy.streamed).toFixed(2)} / ${(uploads / copy.copied).toFixed(2)} (goal ≥ ${GOAL_RATIO})`,
    );
    console.log(
      `${''.padEnd(12)} server VmRSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB: +${(peak - idle).toFixed(0)} MB during the run (goal < ${GOAL_MEMORY_MB})`,
    );
  } finally {
    await server.stop();
  }
}

console.log(
  `\nUpload bench: ${FILES} concurrent uploads of ${SIZE / 1024 / 1024} MiB (announce, PUT, upload_success)\n`,
);
const payloads = Array.from({ length: FILES }, () => pdfOf(SIZE));
const sourceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finportal-bench-sources-'));
const sources = payloads.map((bytes, i) => {
  const file = path.join(sourceDir, `${i}.pdf`);
  fs.writeFileSync(file, bytes);
  return file;
});
try {
  await benchOne('file system', 3231, {}, sources, payloads);
  const s3 = await startS3();
  try {
    await benchOne('S3 (s3rver)', 3232, s3.env, sources, payloads);
    console.log(
      `${''.padEnd(12)} (s3rver's own VmRSS after the run: ${rssMb(s3.pid).toFixed(0)} MB, not counted above)`,
    );
  } finally {
    await s3.stop();
  }
} finally {
  fs.rmSync(sourceDir, { recursive: true, force: true });
}
