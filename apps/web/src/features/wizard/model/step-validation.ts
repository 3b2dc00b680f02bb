import {
  CLASSIC_STEP_FIELDS,
  createApplicationSchema,
  type ClassicFormStep,
  type CreateApplicationSchema,
  type FieldIssue,
} from '@finportal/contracts/create-application';
import type { PartnerRules } from '@finportal/contracts/eligibility';
import type { PortalConfig } from '../../../lib/config';
import { partnerRules } from './products';
import type { ClassicValues } from './wizard-state';

/**
 * The classic wizard's step validators: the one create-application schema of contracts, built
 * from the partner's rules, one step at a time (the API checks the whole request with it). Loaded
 * on demand (zod stays out of the loan-info step's first paint, ADR 004).
 */
const schemas = new WeakMap<PartnerRules, CreateApplicationSchema>();

function schemaOf(config: PortalConfig): CreateApplicationSchema {
  const rules = partnerRules(config);
  let schema = schemas.get(rules);
  if (!schema) {
    schema = createApplicationSchema(rules);
    schemas.set(rules, schema);
  }
  return schema;
}

/** The issues of one step: input rules, then what the partner refuses for certain (with its reason). */
export function validateClassicStep(config: PortalConfig, step: ClassicFormStep, values: ClassicValues): FieldIssue[] {
  return schemaOf(config).validateStep(step, values);
}

/** The first form step whose values do not pass (null: the application may be created). */
export function firstFailingStep(config: PortalConfig, values: ClassicValues): ClassicFormStep | null {
  const steps = Object.keys(CLASSIC_STEP_FIELDS) as ClassicFormStep[];
  return steps.find((step) => validateClassicStep(config, step, values).length > 0) ?? null;
}
