import type { CaseDetail, StaffMember, StaffProfile } from '@finportal/contracts/backoffice';
import { screen } from '@testing-library/react';
import { errorBody, type MockRoute } from '../../../test/api-mock';
import { buildCase, buildQueueItem, buildStaffProfile } from '../../../test/factories';
import { renderApp, type RenderAppOptions } from '../../../test/render-app';

/** Lazy chunks, texts and toasts can take more than a second on a busy machine. */
/** No staff session: GET /backoffice/me answers 401. */
export const NO_STAFF_SESSION: MockRoute = { status: 401, body: errorBody('err_unauthorized') };

/** A colleague as GET /backoffice/staff lists them: a partner user of demo. */
export function buildColleague(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id: '5d0c8f1e-2b7a-4c3d-9e8f-1a2b3c4d5e6f',
    email: 'ben.berater@bank.example',
    kind: 'puser',
    role: 'role_partner_user',
    partner_id: 'demo',
    ...overrides,
  };
}

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
      'GET /backoffice/applications': {
        body: {
          items: [buildQueueItem()],
          total: 1,
          total_exact: true,
          has_more: false,
          next_cursor: null,
          prev_cursor: null,
        },
      },
      'GET /backoffice/staff': {
        body: { staff: [buildColleague(), buildColleague({ id: 'staff-1', email: 'clara.kredit@bank.example' })] },
      },
      ...options.api,
    },
  });
}

export const findTitle = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

export const CASE_ID = '3f7c1a52-8d4e-4a7b-9a61-0c2d5e6f7a81';
export const CASE_PATH = `/backoffice/applications/${CASE_ID}`;

/**
 * The case page of `detail` (at `?tab=<tab>` when given), once its title shows. Every write of
 * the case answers the case: the routes of `api` give the answers.
 */
export async function openCase(
  detail: CaseDetail = buildCase(),
  {
    api = {},
    staff = buildStaffProfile(),
    tab,
  }: { api?: Record<string, MockRoute>; staff?: StaffProfile; tab?: string } = {},
) {
  const rendered = await renderBackoffice(tab ? `${CASE_PATH}?tab=${tab}` : CASE_PATH, {
    staff,
    api: {
      [`GET ${CASE_PATH}`]: { body: { case: detail } },
      'GET /backoffice/audit': { body: { entries: [] } },
      [`GET ${CASE_PATH}/signing_records`]: { body: { records: [] } },
      ...api,
    },
  });
  await findTitle(`${detail.short_id} · ${detail.company_name}`);
  return rendered;
}

/** The section (card) of the case page headed `name`. */
export const sectionOf = (name: string | RegExp) =>
  screen.getByRole('heading', { name }).closest('section') as HTMLElement;
