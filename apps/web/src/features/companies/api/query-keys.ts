/** Query keys of the companies feature (the company route of the dashboard). */
export const companyKeys = {
  all: ['companies'] as const,
  detail: (companyId: string) => ['companies', companyId] as const,
};
