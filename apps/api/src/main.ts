import { buildApp } from './app.js';
import { loadConfig } from './config/env.js';
import { migrate, openDatabase } from './db/client.js';
import { indexPendingCompanies } from './modules/company-search/service.js';
import { seedDemoRegistry } from './platform/company-registry-demo.js';
import path from 'node:path';
import { MailWorker } from './platform/mail/outbox.js';
import { PartnerRegistry, readPartnerFiles, syncPartners } from './platform/tenancy.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const partnerFiles = readPartnerFiles(config.PARTNERS_DIR);
  const database = await openDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
      : { dataDir: path.join(config.DATA_DIR, 'db') },
  );
  await migrate(database);
  const registry = await seedDemoRegistry(database.db);
  // Our companies queued for indexing (by the triggers or the migration); searches index the rest.
  while ((await indexPendingCompanies(database.db)) > 0);
  await syncPartners(database.db, partnerFiles);
  const partners = new PartnerRegistry(partnerFiles, config.DEFAULT_PARTNER_KEY, config.publicBaseDomain);
  const { app } = await buildApp({ config, database, partners });

  const worker = config.SMTP_URL
    ? new MailWorker(
        database.db,
        {
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          publicBaseUrl: config.PUBLIC_BASE_URL,
          apiBasePath: config.API_BASE_PATH,
        },
        config.MAIL_POLL_MS,
        app.log,
      )
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await worker?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  worker?.start();
  const partnerList = partners
    .all()
    .map((p) => p.key)
    .join(', ');
  app.log.info(
    {
      database: database.kind,
      partners: partnerList,
      mail: config.SMTP_URL ? 'smtp' : 'dev mailbox',
      demoRegistry: { ...registry, ms: Math.round(registry.ms) },
    },
    `finportal is running on ${config.PUBLIC_BASE_URL} (partners: ${partnerList}; e.g. http://${partners.all()[0]?.key}.${new URL(config.PUBLIC_BASE_URL).host})`,
  );
}

main().catch((err: unknown) => {
  console.error(`finportal failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
