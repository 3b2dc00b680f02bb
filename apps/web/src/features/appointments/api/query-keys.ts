import type { QueryClient } from '@tanstack/react-query';
import { applicationKeys } from '../../applications/api/query-keys';

/** Query keys of the appointments feature. */
export const appointmentKeys = {
  current: (applicationId: string) => ['appointments', applicationId, 'current'] as const,
  slots: (applicationId: string) => ['appointments', applicationId, 'slots'] as const,
  link: (token: string) => ['appointments', 'link', token] as const,
  linkSlots: (token: string) => ['appointments', 'link', token, 'slots'] as const,
};

/** After a booking: the appointment, the free slots and the application (is_appointment_created) are refetched. */
export async function appointmentBooked(queryClient: QueryClient, applicationId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: appointmentKeys.current(applicationId) }),
    queryClient.invalidateQueries({ queryKey: appointmentKeys.slots(applicationId) }),
    queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) }),
  ]);
}
