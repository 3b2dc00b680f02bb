import type { ObjectStore } from './object-store.js';
import type { VirusScanner } from './virus-scanner.js';
import type { AppConfig } from '../config/env.js';
import type { Database, Db } from '../db/client.js';
import type { CompanyRegistry } from './company-registry.js';
import type { CreditReport } from './credit-report.js';
import type { JobWorker } from './jobs/queue.js';
import type { Mailer } from './mail/outbox.js';
import type { SessionStore } from './session.js';
import type { PartnerRegistry } from './tenancy.js';

/** What every module gets: built once in app.ts. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  partners: PartnerRegistry;
  sessions: SessionStore;
  mailer: Mailer;
  /** External company registry (demo implementation by default). */
  companyRegistry: CompanyRegistry;
  /** Credit reports of representatives (demo implementation by default). */
  creditReport: CreditReport;
  /** Uploaded files (the file system by default). */
  objectStore: ObjectStore;
  /** clamd when CLAMAV_URL is set; null: files are not scanned (not_scanned). */
  virusScanner: VirusScanner | null;
  /** This process's job worker (started by main.ts; tests call `drain()`). */
  jobs: JobWorker;
}
