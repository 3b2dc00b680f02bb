import { COOKIE_CONSENT_COOKIE, COOKIE_CONSENT_DAYS } from '@finportal/contracts/constants';
import { readCookie, writeCookie } from './cookies';
import { createStore, useStore } from './store';

/** Cookie consent (spec 1 section 2 and 9): essential always on; analytics and marketing off by default. */
export interface CookieChoice {
  essential: true;
  analytics: boolean;
  marketing: boolean;
}

export { COOKIE_CONSENT_COOKIE };
export const DEFAULT_COOKIE_CHOICE: CookieChoice = { essential: true, analytics: false, marketing: false };

export function readCookieChoice(): CookieChoice | null {
  const raw = readCookie(COOKIE_CONSENT_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<CookieChoice>;
    return { essential: true, analytics: parsed.analytics === true, marketing: parsed.marketing === true };
  } catch {
    return null;
  }
}

export function saveCookieChoice(choice: Omit<CookieChoice, 'essential'>): CookieChoice {
  const value: CookieChoice = { essential: true, analytics: choice.analytics, marketing: choice.marketing };
  writeCookie(COOKIE_CONSENT_COOKIE, JSON.stringify(value), COOKIE_CONSENT_DAYS);
  cookieConsentStore.set({ open: false, choice: value });
  return value;
}

export const cookieConsentStore = createStore<{ open: boolean; choice: CookieChoice | null }>({
  open: false,
  choice: null,
});

/** Boot: open the dialog when the partner requires consent and no choice is stored. */
export function initCookieConsent(required: boolean): void {
  const choice = readCookieChoice();
  const open = required && !choice;
  const current = cookieConsentStore.get();
  // Boot and the app both call this: the same state again must not re-render the page.
  if (current.open === open && JSON.stringify(current.choice) === JSON.stringify(choice)) return;
  cookieConsentStore.set({ open, choice });
}

export function openCookieConsent(): void {
  cookieConsentStore.set((s) => ({ ...s, open: true }));
}

export function closeCookieConsent(): void {
  cookieConsentStore.set((s) => ({ ...s, open: false }));
}

export function useCookieConsent() {
  return useStore(cookieConsentStore);
}
