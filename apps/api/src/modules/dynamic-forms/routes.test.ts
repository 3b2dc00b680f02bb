import { describe, expect, it } from 'vitest';
import { dynamicFormConfig, UI_TYPES, VALUE_TYPES, type DynamicFormConfig } from '@finportal/contracts/dynamic-forms';
import { signatoryFormConfig } from '@finportal/contracts/signatory-custom-fields';
import { expectErrors, useTestApp } from '../../test/harness.js';

/** GET /dynamic_forms_config?dynamic_forms_name=application: the host partner's dynamic form. */
const t = await useTestApp();

const get = (partner: string, query: string) => t.client(partner).get(`/dynamic_forms_config${query}`);

describe('GET /dynamic_forms_config', () => {
  it('alpen: 200 with ui_config and definitions, exactly as configured', async () => {
    const res = await get('alpen', '?dynamic_forms_name=application');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.vary).toContain('Host');
    const body = res.json<DynamicFormConfig>();
    expect(Object.keys(body).sort()).toEqual(['definitions', 'ui_config']);
    expect(dynamicFormConfig.safeParse(body).success).toBe(true);
    expect(body).toEqual(t.ctx.partners.get('alpen')!.dynamic_form);
  });

  it('the alpen form uses every UI type and every value type, in 3 steps, labelled in de, en and fr', async () => {
    const body = (await get('alpen', '?dynamic_forms_name=application')).json<DynamicFormConfig>();
    const purposes = Object.values(body.ui_config.loan_purposes);
    const fields = purposes.flatMap((p) => p.steps.flatMap((s) => s.fields));
    expect(new Set(fields.map((f) => f.ui_type))).toEqual(new Set(UI_TYPES));
    expect(new Set(body.definitions.fields.map((d) => d.value_type))).toEqual(new Set(VALUE_TYPES));
    for (const p of purposes) expect(p.steps).toHaveLength(3);
    for (const f of fields) expect(Object.keys(f.label).sort()).toEqual(['de', 'en', 'fr']);
    const consent = fields.find((f) => f.id === 'consent_credit_check')!;
    expect(consent.ui_type).toBe('checkbox');
    expect(consent.validation[0]).toMatchObject({ kind: 'required', message: { de: expect.any(String) } });
  });

  it('a partner without a dynamic form (demo) answers 404 err_not_found', async () => {
    expectErrors(await get('demo', '?dynamic_forms_name=application'), 404, [{ code: 'err_not_found' }]);
  });

  it('alpen: the signatory form, exactly as configured; every field custom with scope signatory', async () => {
    const res = await get('alpen', '?dynamic_forms_name=signatory');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DynamicFormConfig>();
    expect(signatoryFormConfig.safeParse(body).success).toBe(true);
    expect(body).toEqual(t.ctx.partners.get('alpen')!.signatory_form);
    expect(body.definitions.fields.map((d) => [d.field_type, d.scope])).toEqual(
      body.definitions.fields.map(() => ['custom', 'signatory']),
    );
    expect(Object.keys(body.ui_config.loan_purposes).sort()).toEqual([
      'event_driven_financing_loan',
      'working_capital_loan',
    ]);
  });

  it('a partner without a signatory form (demo) answers 404 err_not_found', async () => {
    expectErrors(await get('demo', '?dynamic_forms_name=signatory'), 404, [{ code: 'err_not_found' }]);
  });

  it('an unknown or missing form name is err_invalid_value', async () => {
    expectErrors(await get('alpen', '?dynamic_forms_name=offer'), 400, [
      { code: 'err_invalid_value', field: 'dynamic_forms_name' },
    ]);
    expectErrors(await get('alpen', ''), 400, [{ code: 'err_invalid_value', field: 'dynamic_forms_name' }]);
  });
});
