import type { AppContext } from '../../platform/context.js';
import { CasesService } from './cases.js';
import { PartnerConsole } from './console.js';
import { StaffAuthService } from './staff-auth.js';

export { PARTNER_CONFIG_CHANNEL } from './console.js';
export { createStaffUser, StaffAccountError, type CreatedStaffUser, type NewStaffUser } from './staff-accounts.js';

/** The back office (issue 13, ADR 019): staff login and the case work. */
export class BackofficeService {
  readonly auth: StaffAuthService;
  readonly cases: CasesService;
  readonly console: PartnerConsole;

  constructor(ctx: AppContext) {
    this.auth = new StaffAuthService(ctx);
    this.cases = new CasesService(ctx);
    this.console = new PartnerConsole(ctx);
  }
}
