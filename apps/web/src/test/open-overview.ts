import type { Application } from '@finportal/contracts/applications';
import type { NextStatusValidateResponse } from '@finportal/contracts/pending-items';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockRoute } from './api-mock';
import { buildApplication, buildNextStatus } from './factories';
import { renderApp, type RenderAppOptions } from './render-app';

export const OVERVIEW_ID = 'app-1';

export interface OpenOverviewOptions extends Omit<RenderAppOptions, 'api' | 'path'> {
  application?: Partial<Application>;
  nextStatus?: Partial<NextStatusValidateResponse>;
  /** Query string of the overview URL, e.g. `?tab=documents`. */
  query?: string;
  /** Extra or overriding API routes. */
  api?: Record<string, MockRoute>;
}

/**
 * The overview page of application `app-1` (signed in), with GET application and
 * next_status_validate answered from the factories. Does not wait for anything.
 */
export async function openOverview(options: OpenOverviewOptions = {}) {
  const { application, nextStatus, query = '', api, ...rest } = options;
  const app = buildApplication({ applicationId: OVERVIEW_ID, ...application });
  const rendered = await renderApp({
    path: `/dashboard/applications/${OVERVIEW_ID}${query}`,
    authenticated: true,
    ...rest,
    api: {
      'GET /user/applications/:id': { body: { application: app } },
      'GET /user/applications/:id/next_status_validate': { body: buildNextStatus(nextStatus) },
      'GET /user/applications/:id/signatories': { body: { signatories: [], guarantees_required: false } },
      'GET /user/applications/:id/register_persons': { body: { source: null, persons: [] } },
      'GET /user/applications/:id/documents': { body: { result: [] } },
      'GET /user/applications/:id/requests': { body: { requests: [], can_answer: true } },
      ...api,
    },
  });
  return { ...rendered, user: userEvent.setup(), application: app };
}

/** The page's <h1> (the first render loads the page chunk and its namespaces; the wait is the set-up's). */
export const findPageHeading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

/**
 * The loaded overview of the factory's application (its <h1> 'Application K7QX2M4P'; while
 * loading, the heading reads only 'Application').
 */
export const findLoadedOverview = (shortId = 'K7QX2M4P') => findPageHeading(`Application ${shortId}`);
