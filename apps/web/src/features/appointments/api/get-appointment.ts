import type { AppointmentResponse, AppointmentSlotsResponse } from '@finportal/contracts/appointments';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { appointmentKeys } from './query-keys';

export const appointmentsPath = (applicationId: string) =>
  `/user/applications/${encodeURIComponent(applicationId)}/appointments`;

/** GET /user/applications/{id}/appointments: the booked appointment, or null. */
export function useAppointment(applicationId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: appointmentKeys.current(applicationId),
    queryFn: ({ signal }) => http.get<AppointmentResponse>(appointmentsPath(applicationId), { signal, silent: true }),
    enabled,
  });
}

/** GET …/appointments/slots: the bookable days and their free slots (every bookable day). */
export function useAppointmentSlots(applicationId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: appointmentKeys.slots(applicationId),
    queryFn: ({ signal }) =>
      http.get<AppointmentSlotsResponse>(`${appointmentsPath(applicationId)}/slots`, { signal, silent: true }),
    enabled,
    // Slots are taken by others: what the picker offers is at most a minute old.
    staleTime: 60_000,
  });
}
