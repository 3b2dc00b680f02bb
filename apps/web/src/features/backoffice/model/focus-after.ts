/**
 * Puts the keyboard on an element once the page has rendered the write's answer: after a dialog
 * whose trigger is gone (a rejected document has no "Reject" any more), focus would otherwise
 * fall back to the top of the page.
 */
export function focusAfterRender(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** Element ids of the case page that a dialog hands the focus back to. */
export const focusIds = {
  document: (documentId: string) => `bo-document-${documentId}`,
  request: (requestId: string) => `bo-request-${requestId}`,
  person: (signatoryId: string) => `bo-person-${signatoryId}`,
};
