import { buildApp } from './app.js';
import { loadConfig } from './config/env.js';
import { migrate, openDatabase } from './db/client.js';
import { indexPendingCompanies } from './modules/company-search/service.js';
import { PARTNER_CONFIG_CHANNEL } from './modules/backoffice/service.js';
import { seedDemoRegistry } from './platform/company-registry-demo.js';
import { assertNoDemoAdapters } from './platform/demo-adapters.js';
import path from 'node:path';
import { PartnerRegistry, partnerOrigin, readPartnerFiles, syncPartners } from './platform/tenancy.js';

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
  // Our companies without a search text yet (new, renamed, or from before migration 0006); searches index the rest.
  while ((await indexPendingCompanies(database.db)) > 0);
  await syncPartners(database.db, partnerFiles);
  const partners = new PartnerRegistry(partnerFiles, config.DEFAULT_PARTNER_KEY, config.publicBaseDomain);
  const { app, ctx } = await buildApp({ config, database, partners });
  // Partners follow the partners table: a change stored by any instance reaches this one, at once
  // through NOTIFY when the partner console publishes (issue 13), and by the periodic refresh.
  await partners.refresh(database.db, app.log);
  // The configurations the console published count too (issue 25: no demo adapter in production).
  assertNoDemoAdapters(config, partners.all());
  const unlisten = await database.listen(PARTNER_CONFIG_CHANNEL, () => {
    partners.refresh(database.db, app.log).catch((err: unknown) => {
      app.log.warn(
        { err: (err as Error).message },
        'partner refresh after a publish failed; the periodic refresh follows',
      );
    });
  });
  // Background jobs (mail, reset mails, housekeeping…): every instance runs a worker unless told not to.
  const worker = config.JOBS_DISABLED ? undefined : ctx.jobs;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await unlisten();
    await partners.stopRefresh();
    await worker?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  partners.startRefresh(database.db, config.PARTNER_REFRESH_SECONDS, app.log);
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
      files: ctx.objectStore.kind,
      jobs: worker ? worker.types.join(', ') : 'disabled',
      demoRegistry: { ...registry, ms: Math.round(registry.ms) },
    },
    `finportal is running on ${config.PUBLIC_BASE_URL} (partners: ${partnerList}; e.g. ${partnerOrigin(config.PUBLIC_BASE_URL, partners.all()[0]?.key ?? config.DEFAULT_PARTNER_KEY)})`,
  );
}

main().catch((err: unknown) => {
  console.error(`finportal failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
