import { createStore, useStore } from './store';

/**
 * Client-side session state (spec 1 section 3 and 4): `isAuthenticated` is persisted per partner
 * in localStorage, `loggedOutByUser` records a deliberate logout (no return path is carried then).
 */
export interface AuthState {
  isAuthenticated: boolean;
  loggedOutByUser: boolean;
  /**
   * Set by a deliberate logout until the home page has been reached: the page the user was on
   * (often login-required) then sends them home rather than to /login.
   */
  homeAfterLogout?: boolean;
}

let storageKey = 'fp:demo:isAuthenticated';

export const authStore = createStore<AuthState>({ isAuthenticated: false, loggedOutByUser: false });

/** Listeners told about a local logout (the query client drops the profile). */
const logoutListeners = new Set<() => void>();
export function onLocalLogout(listener: () => void): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

function readPersisted(): boolean {
  try {
    return window.localStorage.getItem(storageKey) === 'true';
  } catch {
    return false;
  }
}

function persist(value: boolean): void {
  try {
    if (value) window.localStorage.setItem(storageKey, 'true');
    else window.localStorage.removeItem(storageKey);
  } catch {
    /* storage unavailable (private mode): the flag lives in memory only */
  }
}

/** Boot: bind the persisted flag to the partner key. */
export function initSession(partnerKey: string): void {
  storageKey = `fp:${partnerKey}:isAuthenticated`;
  authStore.set({ isAuthenticated: readPersisted(), loggedOutByUser: false });
  sessionExpiredNotice.shown = false;
  emailNotConfirmedStore.set(false);
}

export function markAuthenticated(): void {
  persist(true);
  sessionExpiredNotice.shown = false;
  authStore.set({ isAuthenticated: true, loggedOutByUser: false });
}

export function logoutLocally(options: { byUser?: boolean } = {}): void {
  persist(false);
  authStore.set({ isAuthenticated: false, loggedOutByUser: options.byUser ?? false, homeAfterLogout: options.byUser });
  emailNotConfirmedStore.set(false);
  logoutListeners.forEach((l) => l());
}

/** The home page was reached after a deliberate logout. */
export function clearHomeAfterLogout(): void {
  if (authStore.get().homeAfterLogout) authStore.set((s) => ({ ...s, homeAfterLogout: false }));
}

export function useAuth(): AuthState {
  return useStore(authStore);
}

/** Once the session-expired notice was shown, further request errors stay silent (until the next login). */
export const sessionExpiredNotice = { shown: false };

/** Set when a call failed with err_email_not_confirmed: the shell then shows the not-confirmed page. */
export const emailNotConfirmedStore = createStore(false);

export function useEmailNotConfirmed(): boolean {
  return useStore(emailNotConfirmedStore);
}
