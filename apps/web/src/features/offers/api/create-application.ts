import { APPLICATION_CREATE_TIMEOUT_MS } from '@finportal/contracts/constants';
import type {
  CreateApplicationRequest,
  CreateApplicationResponse,
  CreatedApplication,
} from '@finportal/contracts/offers';
import { http } from '../../../lib/http';

/**
 * POST /user/applications with a 120 s timeout (the offer engine may call third parties).
 * No global toast: the result page shows the errors and sends field errors back to their step.
 */
export async function createApplication(body: CreateApplicationRequest): Promise<CreatedApplication> {
  const response = await http.post<CreateApplicationResponse>('/user/applications', body, {
    timeoutMs: APPLICATION_CREATE_TIMEOUT_MS,
    silent: true,
  });
  return response.application;
}
