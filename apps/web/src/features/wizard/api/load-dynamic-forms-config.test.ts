import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../lib/http';
import { errorBody, mockApi } from '../../../test/api-mock';
import { buildDynamicForm } from '../../../test/dynamic-form-fixture';
import { loadDynamicFormsConfig } from './load-dynamic-forms-config';

describe('loadDynamicFormsConfig', () => {
  it('loads the form once per partner, with the URL and credentials the server preloads', async () => {
    const api = mockApi({ 'GET /dynamic_forms_config': { body: buildDynamicForm() } });
    const [first, second] = await Promise.all([loadDynamicFormsConfig('alpen'), loadDynamicFormsConfig('alpen')]);
    expect(second).toBe(first);
    expect(await loadDynamicFormsConfig('alpen')).toBe(first);
    const calls = api.callsTo('GET /dynamic_forms_config');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query.get('dynamic_forms_name')).toBe('application');
    expect(calls[0]?.init?.credentials).toBe('include');

    await loadDynamicFormsConfig('demo');
    expect(api.callsTo('GET /dynamic_forms_config')).toHaveLength(2);
  });

  it('forgets a failed load: the next call tries again', async () => {
    let calls = 0;
    mockApi({
      'GET /dynamic_forms_config': () =>
        ++calls === 1 ? { status: 500, body: errorBody('err_internal') } : { body: buildDynamicForm() },
    });
    const failure = await loadDynamicFormsConfig('alpen').catch((error: unknown) => error);
    expect(isApiError(failure) && failure.status).toBe(500);
    expect(await loadDynamicFormsConfig('alpen')).toEqual(buildDynamicForm());
    expect(calls).toBe(2);
  });
});
