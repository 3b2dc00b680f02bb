import type { Appointment, AppointmentConfig, AppointmentLinkResponse } from '@finportal/contracts/appointments';
import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localized } from '../../../lib/i18n-text';
import { formatClock, formatDay, zoneName } from '../model/booking-form';

/**
 * A booked appointment as the customer reads it: day and time in their zone (with the zone's
 * name), the meeting type with the partner's confirmation text, the advisor with name, role and
 * picture, and where: the address of an in-person meeting, the link of a video meeting.
 */
export function AppointmentSummary({
  appointment,
  config,
}: {
  appointment: Appointment | AppointmentLinkResponse;
  config: AppointmentConfig | null;
}) {
  const { t, i18n } = useTranslation(['appointments']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const zone = appointment.time_zone;
  const type = config?.meeting_types.find((m) => m.value === appointment.meeting_type);
  const typeLabel = localized(type?.label, language) || t(`appointments:types.${appointment.meeting_type}`);
  const confirmation = localized(type?.confirmation_description, language);
  const advisor = appointment.advisor;
  const role = localized(advisor?.role ?? undefined, language);

  return (
    <Stack gap="sm">
      <div>
        <Text fw={700}>{formatDay(appointment.meeting_time, zone, language)}</Text>
        <Text>
          {t('appointments:time_range', {
            start: formatClock(appointment.meeting_time, zone, language),
            end: formatClock(appointment.meeting_end, zone, language),
          })}{' '}
          <Text span size="sm" c="dimmed">
            ({zoneName(appointment.meeting_time, zone, language)})
          </Text>
        </Text>
      </div>
      <div>
        <Text fw={600} size="sm">
          {typeLabel}
        </Text>
        {confirmation && <Text size="sm">{confirmation}</Text>}
        {appointment.meeting_type === 'in_person' && appointment.address && (
          <Text size="sm">{t('appointments:address', { address: appointment.address })}</Text>
        )}
        {appointment.meeting_type === 'webex' && appointment.meeting_url && (
          <Anchor href={appointment.meeting_url} size="sm" target="_blank" rel="noopener noreferrer">
            {t('appointments:meeting_link')}
          </Anchor>
        )}
      </div>
      {advisor && (
        <Group gap="sm" wrap="nowrap" align="center">
          <Avatar src={advisor.avatar_url} alt={advisor.name} radius="xl" size="lg" color="brand">
            {initials(advisor.name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{advisor.name}</Text>
            {role && (
              <Text size="sm" c="dimmed">
                {role}
              </Text>
            )}
          </div>
        </Group>
      )}
    </Stack>
  );
}

/** Up to two initials of a name (the avatar without a picture). */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}
