// jest-dom's `vitest` entry imports 'vitest' from the hoisted root, where vitest is not installed:
// register the matchers on this workspace's `expect` instead.
import * as jestDomMatchers from '@testing-library/jest-dom/matchers';
import { cleanup, configure } from '@testing-library/react';
import { EVENT_WAIT_MS } from './wait';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { initI18n, i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { resetPortalConfig } from '../features/partner/api/load-portal-config';
import { initSession } from '../lib/session-store';
import { clearToasts } from '../lib/toast';
import { resetCreationForTests } from '../features/wizard/model/creation';
import { forgetWizardStores } from '../features/wizard/model/wizard-state';
import { forgetDynamicFormsConfigs } from '../features/wizard/api/load-dynamic-forms-config';

expect.extend(jestDomMatchers);
configure({ asyncUtilTimeout: EVENT_WAIT_MS });

// jsdom lacks a few browser APIs Mantine uses.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserver });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserver });
}
Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

// A test that logs console.error fails.
let consoleErrors: unknown[][] = [];
const originalError = console.error;
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
    originalError(...args);
  });
});

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});

afterEach(async () => {
  cleanup();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  clearToasts();
  queryClient.clear();
  resetPortalConfig();
  window.localStorage.clear();
  forgetWizardStores();
  forgetDynamicFormsConfigs();
  resetCreationForTests();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  initSession('demo');
  vi.unstubAllGlobals();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(`console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
