import type {
  AppointmentLinkResponse,
  AppointmentSlotsResponse,
  MoveAppointmentRequest,
} from '@finportal/contracts/appointments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { appointmentKeys } from './query-keys';

const linkPath = (token: string) => `/appointments/by-token/${encodeURIComponent(token)}`;

/** GET /appointments/by-token/{token}: the appointment behind an e-mail link (no login; 404 for a used or unknown link). */
export function useAppointmentLink(token: string) {
  return useQuery({
    queryKey: appointmentKeys.link(token),
    queryFn: ({ signal }) => http.get<AppointmentLinkResponse>(linkPath(token), { signal, silent: true }),
    retry: false,
    // Not the user's data: a stale session logged out meanwhile keeps it (the link needs no login).
    meta: { public: true },
    // After a cancel or move the token is used: a refetch on focus would call the link invalid.
    refetchOnWindowFocus: false,
  });
}

/** GET /appointments/by-token/{token}/slots: the free slots for moving. */
export function useAppointmentLinkSlots(token: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: appointmentKeys.linkSlots(token),
    queryFn: ({ signal }) => http.get<AppointmentSlotsResponse>(`${linkPath(token)}/slots`, { signal, silent: true }),
    enabled,
    retry: false,
    meta: { public: true },
  });
}

/** POST …/cancel or …/move (the token works once): the answer is the appointment as it is now. */
export function useChangeAppointmentByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { action: 'cancel' } | { action: 'move'; body: MoveAppointmentRequest }) =>
      http.post<AppointmentLinkResponse>(
        `${linkPath(token)}/${change.action}`,
        change.action === 'move' ? change.body : {},
        { silent: true },
      ),
    onSuccess: (answer) => queryClient.setQueryData(appointmentKeys.link(token), answer),
  });
}
