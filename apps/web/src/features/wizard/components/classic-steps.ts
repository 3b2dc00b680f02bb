/**
 * The classic steps after loan info, one lazy chunk (one import() in the entry's preload map
 * instead of four; loan info stays separate for the bundle budget).
 */
export { AccountCreationPage } from './account-creation-page';
export { ApplicationResultPage } from './application-result-page';
export { CompanyDetailsPage } from './company-details-page';
export { CompanyNamePage } from './company-name-page';
