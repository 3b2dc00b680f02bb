import { classicRequest as requestOf } from '@finportal/contracts/create-application';
import type { CreateApplicationRequest } from '@finportal/contracts/offers';
import type { PortalConfig } from '../../../lib/config';
import { partnerRules } from './products';
import { referralFields } from './referral';
import type { ClassicValues } from './wizard-state';

/**
 * POST /user/applications body of the classic wizard: the contracts' mapping (what applies to
 * the loan type is sent, the rest cleared; the API validates it with the same schema as the
 * steps did) plus the stored referral.
 */
export function classicRequest(values: ClassicValues, config: PortalConfig): CreateApplicationRequest {
  return { ...requestOf(partnerRules(config), values), ...referralFields(config.partnerKey) };
}
