import type { CreateApplicationRequest, CreatedApplication } from '@finportal/contracts/offers';
import { createStore, useStore } from '../../../lib/store';
import { createApplication } from '../../offers/api/create-application';

/**
 * The application creation of the wizard (one at a time, kept in memory): the result page starts
 * it, shows its progress, and shows the created application after the wizard state was cleared.
 */
export type CreationState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'failed'; error: unknown }
  | { status: 'done'; application: CreatedApplication };

export const creationStore = createStore<CreationState>({ status: 'idle' });

export function useCreation(): CreationState {
  return useStore(creationStore);
}

/**
 * Starts the creation unless one is already running. `onCreated` runs before the result is shown
 * (it clears the wizard), `onFailed` before the failure is shown (every value is kept).
 */
export function startCreation(
  body: CreateApplicationRequest,
  callbacks: { onCreated: () => void; onFailed: (error: unknown) => void },
): void {
  if (creationStore.get().status === 'pending') return;
  creationStore.set({ status: 'pending' });
  createApplication(body).then(
    (application) => {
      callbacks.onCreated();
      creationStore.set({ status: 'done', application });
    },
    (error: unknown) => {
      callbacks.onFailed(error);
      creationStore.set({ status: 'failed', error });
    },
  );
}

/** A new application starts: forget the previous result or failure. */
export function resetCreation(): void {
  if (creationStore.get().status !== 'pending') creationStore.set({ status: 'idle' });
}

/** The result page was opened again after a failure (the user corrected a step): try again. */
export function retryAfterFailure(): void {
  if (creationStore.get().status === 'failed') creationStore.set({ status: 'idle' });
}

/** Tests: no creation from an earlier test. */
export function resetCreationForTests(): void {
  creationStore.set({ status: 'idle' });
}
