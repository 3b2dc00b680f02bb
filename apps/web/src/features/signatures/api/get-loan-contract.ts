import type { LoanContractResponse } from '@finportal/contracts/signatures';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError, http } from '../../../lib/http';
import { applicationPath, signatureKeys } from './query-keys';

/** GET /user/applications/{id}/loan_contract; null while the back office has not provided one (404). */
export async function fetchLoanContract(applicationId: string, signal?: AbortSignal) {
  try {
    return await http.get<LoanContractResponse>(`${applicationPath(applicationId)}/loan_contract`, {
      signal,
      silent: true,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const loanContractQuery = (applicationId: string) =>
  queryOptions({
    queryKey: signatureKeys.loanContract(applicationId),
    queryFn: ({ signal }) => fetchLoanContract(applicationId, signal),
  });

/** The loan contract to read before signing (an extra: a failure only hides the link). */
export function useLoanContract(applicationId: string, enabled = true) {
  return useQuery({ ...loanContractQuery(applicationId), enabled });
}
