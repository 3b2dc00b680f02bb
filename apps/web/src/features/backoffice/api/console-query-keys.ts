import type { DraftResponse } from '@finportal/contracts/partner-console';
import type { WebhookEndpoint } from '@finportal/contracts/webhooks';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the partner console (issue 13): the draft, the versions, the webhook endpoint and
 * its deliveries, per partner. Under the back office's `['backoffice']`, so that the end of a
 * staff session drops them with everything else (staff-session.ts).
 */
export const consoleKeys = {
  all: (key: string) => ['backoffice', 'console', key] as const,
  draft: (key: string) => ['backoffice', 'console', key, 'draft'] as const,
  versions: (key: string) => ['backoffice', 'console', key, 'versions'] as const,
  webhook: (key: string) => ['backoffice', 'console', key, 'webhook'] as const,
  deliveries: (key: string) => ['backoffice', 'console', key, 'deliveries'] as const,
};

/** The path of a partner's console calls. */
export const consolePath = (key: string) => `/backoffice/partners/${encodeURIComponent(key)}`;

/** After a write that answered with the draft (save): show that answer at once. */
export function draftSaved(queryClient: QueryClient, updated: DraftResponse): void {
  queryClient.setQueryData(consoleKeys.draft(updated.key), updated);
}

/** After a publish or a restore: the new draft at once, then the version list refetches. */
export async function consolePublished(queryClient: QueryClient, updated: DraftResponse): Promise<void> {
  queryClient.setQueryData(consoleKeys.draft(updated.key), updated);
  await queryClient.invalidateQueries({ queryKey: consoleKeys.versions(updated.key) });
}

/** After a write to the webhook endpoint (save, new secret): the endpoint as the API answered it. */
export function webhookSaved(queryClient: QueryClient, key: string, endpoint: WebhookEndpoint | null): void {
  queryClient.setQueryData(consoleKeys.webhook(key), endpoint);
}
