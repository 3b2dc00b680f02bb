import type { DynamicFormConfig } from '@finportal/contracts/dynamic-forms';
import type { Partner } from '../../platform/tenancy.js';

export type DynamicFormName = 'application' | 'signatory';

/**
 * The partner's dynamic form of that name, or null when it has none: the application form
 * (the dynamic wizard and the dashboard's custom fields) or the signatory form (the custom fields
 * each representative answers, scope signatory; issue 10).
 */
export function dynamicFormOf(partner: Partner, name: DynamicFormName): DynamicFormConfig | null {
  return name === 'application' ? partner.dynamic_form : partner.signatory_form;
}
