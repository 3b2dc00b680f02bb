import type { DynamicFormConfig } from '@finportal/contracts/dynamic-forms';
import type { Partner } from '../../platform/tenancy.js';

export type DynamicFormName = 'application' | 'signatory';

/**
 * The partner's dynamic form of that name, or null. Only the application form exists so far;
 * the signatory form is answered as missing.
 */
export function dynamicFormOf(partner: Partner, name: DynamicFormName): DynamicFormConfig | null {
  if (name !== 'application') return null;
  return partner.dynamic_form;
}
