import type { StaffProfile } from '@finportal/contracts/backoffice';
import { screen } from '@testing-library/react';
import { errorBody, type MockRoute } from '../../../test/api-mock';
import { buildQueueItem, buildStaffProfile } from '../../../test/factories';
import { renderApp, type RenderAppOptions } from '../../../test/render-app';

/** Lazy chunks, texts and toasts can take more than a second on a busy machine. */
export const SLOW = { timeout: 5000 };

/** No staff session: GET /backoffice/me answers 401. */
export const NO_STAFF_SESSION: MockRoute = { status: 401, body: errorBody('err_unauthorized') };

/**
 * The whole portal at a back-office address (real routes, lazy page and texts); only fetch is
 * mocked. `staff`: the logged-in staff member, or null for none.
 */
export function renderBackoffice(
  path: string,
  { staff = buildStaffProfile(), ...options }: RenderAppOptions & { staff?: StaffProfile | null } = {},
) {
  return renderApp({
    path,
    ...options,
    api: {
      'GET /backoffice/me': staff ? { body: staff } : NO_STAFF_SESSION,
      'GET /backoffice/applications': { body: { items: [buildQueueItem()], total: 1 } },
      ...options.api,
    },
  });
}

export const findTitle = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, SLOW);
