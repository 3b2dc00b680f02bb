/**
 * On-demand imports of the contract schemas (they bring zod, ~25 KB gzipped): form pages load
 * them on first interaction instead of on first paint.
 */
export const loadAuthSchemas = () => import('@finportal/contracts/auth');
