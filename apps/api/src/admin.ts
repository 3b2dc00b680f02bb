import path from 'node:path';
import { parseArgs } from 'node:util';
import qrcode from 'qrcode-terminal';
import { loadConfig } from './config/env.js';
import { migrate, openDatabase, type Database } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { createStaffUser, StaffAccountError } from './modules/backoffice/service.js';
import { sealAudit, verifyAuditChain } from './platform/audit.js';
import { readPartnerFiles, syncPartners } from './platform/tenancy.js';

/**
 * `npm run admin -- <command>` (issue 13, ADR 019): staff accounts and the audit trail's check,
 * on the portal's database (the same DATA_DIR / DATABASE_URL). On PostgreSQL it runs while the
 * portal runs; the embedded database allows one process, so the portal must be stopped first.
 *
 *   create-user --email E --password P --kind bouser
 *   create-user --email E --password P --kind puser --partner KEY --role role_partner_admin|role_partner_user
 *   audit-verify
 */
const USAGE = `Usage:
  npm run admin -- create-user --email E --password P --kind bouser
  npm run admin -- create-user --email E --password P --kind puser --partner KEY --role role_partner_admin|role_partner_user
  npm run admin -- audit-verify`;

export async function runAdmin(
  argv: string[],
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  /** The environment (default: this process's, read by config/env.ts). */
  env?: Record<string, string | undefined>,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'create-user' && command !== 'audit-verify') {
    out(USAGE);
    return command === undefined || command === '--help' ? 0 : 2;
  }
  let args: Record<string, string | undefined>;
  try {
    args = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        kind: { type: 'string' },
        partner: { type: 'string' },
        role: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (err) {
    out(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(env);
  let database: Database;
  try {
    database = await openDatabase(
      config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: 2 } : { dataDir: path.join(config.DATA_DIR, 'db') },
    );
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      out(
        `${err.message}\nThe admin command needs the embedded database to itself: stop the portal (Ctrl+C), then run it again.`,
      );
      return 3;
    }
    throw err;
  }
  try {
    // A fresh database gets its tables and the partners of the files, as the portal's boot gives them.
    await migrate(database);
    await syncPartners(database.db, readPartnerFiles(config.PARTNERS_DIR));
    if (command === 'create-user') {
      if (!args.email || !args.password || !args.kind) {
        out(`create-user needs --email, --password and --kind\n${USAGE}`);
        return 2;
      }
      try {
        const created = await createStaffUser(database.db, {
          email: args.email,
          password: args.password,
          kind: args.kind,
          partner: args.partner ?? null,
          role: args.role ?? null,
        });
        const scope = created.kind === 'bouser' ? 'every partner' : `partner ${created.partnerId}, ${created.role}`;
        out(`Created ${created.kind} ${created.email} (${scope}), id ${created.id}.`);
        out('Add this account to an authenticator app (scan the QR code or enter the URI):');
        out(created.totpUri);
        qrcode.generate(created.totpUri, { small: true }, (qr) => out(qr));
        out(`Secret (for manual entry): ${created.totpSecret}`);
        return 0;
      } catch (err) {
        if (err instanceof StaffAccountError) {
          out(`Not created: ${err.message}`);
          return 1;
        }
        throw err;
      }
    }
    while ((await sealAudit(database.db)) > 0);
    const result = await verifyAuditChain(database.db);
    if (result.ok) {
      out(`Audit trail intact: ${result.checked} entries checked, the hash chain is unbroken.`);
      return 0;
    }
    out(`Audit trail BROKEN (${result.checked} entries checked):`);
    for (const problem of result.problems) out(`  - ${problem}`);
    return 1;
  } finally {
    await database.close();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  runAdmin(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`admin failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
