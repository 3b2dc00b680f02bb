import { COMPANY_SEARCH_MIN_CHARS } from '@finportal/contracts/constants';

/** The longest company name the search (and the wizard's company step) accepts. */
export const COMPANY_NAME_MAX = 255;

/** A name the company search accepts: 4 to 255 characters after trimming. */
export function isSearchableName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed.length >= COMPANY_SEARCH_MIN_CHARS && trimmed.length <= COMPANY_NAME_MAX;
}
