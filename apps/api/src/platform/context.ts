import type { ObjectStore } from './object-store.js';
import type { VirusScanner } from './virus-scanner.js';
import type { AppConfig } from '../config/env.js';
import type { Database, Db } from '../db/client.js';
import type { CompanyRegistry } from './company-registry.js';
import type { CreditInsurer } from './credit-insurer.js';
import type { CreditReport } from './credit-report.js';
import type { JobWorker } from './jobs/queue.js';
import type { EgressPolicy } from './public-address.js';
import type { Mailer } from './mail/outbox.js';
import type { SessionStore } from './session.js';
import type { StaffSessionStore } from './staff-session.js';
import type { PartnerRegistry } from './tenancy.js';
import type { WorkflowPort } from './workflow.js';

/** What every module gets: built once in app.ts. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  partners: PartnerRegistry;
  sessions: SessionStore;
  /** Back-office sessions (issue 13): their own table and cookie. */
  staffSessions: StaffSessionStore;
  mailer: Mailer;
  /** External company registry (demo implementation by default). */
  companyRegistry: CompanyRegistry;
  /** Credit reports of representatives (demo implementation by default). */
  creditReport: CreditReport;
  /** Credit insurer of factoring debtors: its company directory and cover decisions (demo by default). */
  creditInsurer: CreditInsurer;
  /** Uploaded files (the file system by default). */
  objectStore: ObjectStore;
  /** clamd when CLAMAV_URL is set; null: files are not scanned (not_scanned). */
  virusScanner: VirusScanner | null;
  /** This process's job worker (started by main.ts; tests call `drain()`). */
  jobs: JobWorker;
  /**
   * The time that date rules and scheduled work are judged at (the appointment booking's "from
   * tomorrow", the reminder the day before). One object shared by the request handlers and the
   * job worker: a test fixes it with `ctx.clock.now = () => new Date(…)`.
   */
  clock: { now: () => Date };
  /**
   * The application's one status command (issue 24, ADR 021): every status move of every caller
   * goes through it; it also answers which moves an actor may make now.
   */
  workflow: WorkflowPort;
  /**
   * Where outbound requests to partner-chosen addresses (webhooks) may go: public addresses only,
   * loopback where WEBHOOK_ALLOW_LOOPBACK allows it; the resolver a test replaces (issue 25).
   */
  egress: EgressPolicy;
}
