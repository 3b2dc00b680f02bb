import { useLocation } from 'react-router';

/** Router state of a link from the queue to a case: the queue's query string, for the way back. */
export interface CaseLinkState {
  queue?: string;
}

/** The way back to the queue, with the filters it had when the case was opened. */
export function useQueueLink(): string {
  const { state } = useLocation();
  const queue = (state as CaseLinkState | null)?.queue;
  return typeof queue === 'string' && (queue === '' || queue.startsWith('?')) ? `/backoffice${queue}` : '/backoffice';
}
