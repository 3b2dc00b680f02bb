import type { Appointment, CreateAppointmentRequest } from '@finportal/contracts/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { appointmentsPath } from './get-appointment';
import { appointmentBooked } from './query-keys';

/**
 * POST /user/applications/{id}/appointments (201: the appointment). Silent: the modal shows field
 * errors on their fields and a taken slot (409 err_appointment_slot_taken) on the time picker.
 * Success: the appointment, the slots and the application are refetched (the banner turns into
 * the booked appointment).
 */
export function useBookAppointment(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAppointmentRequest) =>
      http.post<Appointment>(appointmentsPath(applicationId), body, { silent: true }),
    onSuccess: () => appointmentBooked(queryClient, applicationId),
  });
}
