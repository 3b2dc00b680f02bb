/** The contract schemas of the company steps, loaded on first focus (zod stays out of the first paint). */
export const loadCompanySchemas = () => import('@finportal/contracts/company');
