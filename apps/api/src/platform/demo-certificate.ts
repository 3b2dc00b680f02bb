import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

/**
 * The demo signing certificate (issue 14, ADR 020): a self-signed RSA 2048 certificate that signs
 * the PDFs of the demo e-sign provider. It is nobody's trust anchor: a PDF reader shows the
 * signature as intact but the signer as unknown. Kept as PKCS#12 with a random passphrase in
 * `<DATA_DIR>/signing/` and reused on later starts; in memory only without a data directory.
 */
export const DEMO_SIGNER_COMMON_NAME = 'finportal demo signing (no real trust)';
export const DEMO_SIGNER_DIR = 'signing';
export const DEMO_SIGNER_P12 = 'demo-signer.p12';
export const DEMO_SIGNER_PASSPHRASE = 'demo-signer.passphrase';
const VALID_YEARS = 10;

export interface DemoCertificate {
  /** The PKCS#12 (certificate and private key), encrypted with `passphrase`. */
  p12: Buffer;
  passphrase: string;
  /** SHA-256 of the certificate's DER encoding, lower-case hex. */
  fingerprint: string;
  commonName: string;
  notAfter: Date;
}

/** A new demo certificate. Node makes the RSA key (forge's pure-JS key generation takes seconds). */
export function createDemoCertificate(now = new Date()): DemoCertificate {
  const keys = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const privateKey = forge.pki.privateKeyFromPem(keys.privateKey);
  const publicKey = forge.pki.publicKeyFromPem(keys.publicKey);

  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial number: the first byte below 0x80.
  cert.serialNumber = '01' + crypto.randomBytes(15).toString('hex');
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + VALID_YEARS);
  cert.validity.notAfter = notAfter;
  const subject = [
    { name: 'commonName', value: DEMO_SIGNER_COMMON_NAME },
    { name: 'organizationName', value: 'finportal demo' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());

  const passphrase = crypto.randomBytes(24).toString('base64url');
  const p12Asn1 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], passphrase, {
    algorithm: 'aes256',
    friendlyName: DEMO_SIGNER_COMMON_NAME,
  });
  const p12 = Buffer.from(forge.asn1.toDer(p12Asn1).getBytes(), 'binary');
  return { p12, passphrase, fingerprint: fingerprintOf(cert), commonName: DEMO_SIGNER_COMMON_NAME, notAfter };
}

/** Opens a PKCS#12 with its passphrase; throws when either is wrong. */
export function openDemoCertificate(p12: Buffer, passphrase: string): DemoCertificate {
  const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, passphrase);
  const certBag = forge.pki.oids.certBag!;
  const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag!;
  const certBags = parsed.getBags({ bagType: certBag })[certBag] ?? [];
  const keyBags = parsed.getBags({ bagType: keyBag })[keyBag] ?? [];
  const cert = certBags[0]?.cert;
  if (!cert || !keyBags[0]?.key) throw new Error('the PKCS#12 holds no certificate and key');
  const commonName = String(cert.subject.getField('CN')?.value ?? '');
  return { p12, passphrase, fingerprint: fingerprintOf(cert), commonName, notAfter: cert.validity.notAfter };
}

/**
 * The demo certificate of a data directory: loaded from `<dataDir>/signing/`, or made and stored
 * there (files 0600, folder 0700) when there is none yet or the stored one has expired. Without
 * a data directory a new certificate lives in memory only.
 */
export function loadOrCreateDemoCertificate(dataDir: string | undefined, now = new Date()): DemoCertificate {
  if (!dataDir) return createDemoCertificate(now);
  const dir = path.join(dataDir, DEMO_SIGNER_DIR);
  const existing = readStored(dir);
  if (existing && existing.notAfter.getTime() > now.getTime()) return existing;

  const created = createDemoCertificate(now);
  if (!existing && publishNewDirectory(dataDir, dir, created)) return created;
  // Another process published one first (or the folder holds other files, or the stored one expired).
  const raced = existing ? undefined : readStored(dir);
  if (raced) return raced;
  writeFilesInPlace(dir, created);
  return created;
}

function readStored(dir: string): DemoCertificate | undefined {
  let p12: Buffer;
  let passphrase: string;
  try {
    p12 = fs.readFileSync(path.join(dir, DEMO_SIGNER_P12));
    passphrase = fs.readFileSync(path.join(dir, DEMO_SIGNER_PASSPHRASE), 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    return openDemoCertificate(p12, passphrase);
  } catch (err) {
    throw new Error(
      `The demo signing certificate in ${dir} cannot be opened with its passphrase file ` +
        `(${(err as Error).message}); remove both files to make a new one.`,
      { cause: err },
    );
  }
}

/**
 * Writes both files into a temporary folder and renames it to `signing/` in one step, so that a
 * process never sees a certificate without its passphrase. False when `signing/` exists already
 * with content (another process was quicker, or the folder holds other files).
 */
function publishNewDirectory(dataDir: string, dir: string, cert: DemoCertificate): boolean {
  fs.mkdirSync(dataDir, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(dataDir, '.signing-'));
  try {
    fs.chmodSync(tmp, 0o700);
    fs.writeFileSync(path.join(tmp, DEMO_SIGNER_PASSPHRASE), cert.passphrase + '\n', { mode: 0o600 });
    fs.writeFileSync(path.join(tmp, DEMO_SIGNER_P12), cert.p12, { mode: 0o600 });
    fs.renameSync(tmp, dir);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Replaces the files inside an existing `signing/` folder (each file by an atomic rename). */
function writeFilesInPlace(dir: string, cert: DemoCertificate): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const suffix = `.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const pass = path.join(dir, DEMO_SIGNER_PASSPHRASE);
  const p12 = path.join(dir, DEMO_SIGNER_P12);
  fs.writeFileSync(pass + suffix, cert.passphrase + '\n', { mode: 0o600 });
  fs.writeFileSync(p12 + suffix, cert.p12, { mode: 0o600 });
  fs.renameSync(pass + suffix, pass);
  fs.renameSync(p12 + suffix, p12);
}

function fingerprintOf(cert: forge.pki.Certificate): string {
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  return crypto.createHash('sha256').update(der).digest('hex');
}
