import type { Application } from '@finportal/contracts/applications';
import { isClosedStatus } from '@finportal/contracts/statuses';
import { Avatar, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config';
import { loadNamespaces } from '../../../lib/i18n';
import { localized } from '../../../lib/i18n-text';
import { useAppointment } from '../api/get-appointment';

// The booking (calendar, pickers, rules) and its texts load when the customer opens it.
const loadBooking = () => Promise.all([import('./booking-modal'), loadNamespaces(['appointments'])]);
const BookingModal = lazy(() => loadBooking().then(([module]) => ({ default: module.BookingModal })));
const BookedAppointment = lazy(() =>
  Promise.all([import('./appointment-summary'), loadNamespaces(['appointments'])]).then(([module]) => ({
    default: module.AppointmentSummary,
  })),
);

/**
 * Appointment banner of the overview (spec 2 section 2): only with the partner's appointment
 * config and while the application is not closed. Before booking it introduces the advisor and
 * opens the three-step booking; once booked (is_appointment_created) it shows the appointment
 * instead, with where to cancel or move it (the links of the confirmation e-mail).
 */
export function AppointmentBanner({ application }: { application: Application }) {
  const { app } = useConfig();
  // The modal outlives the switch from the offer to the booked appointment (its last step is the confirmation).
  const [open, setOpen] = useState(false);
  const config = app.appointment_config;
  if (!config || isClosedStatus(application.status)) return null;
  return (
    <>
      {application.is_appointment_created ? (
        <BookedCard application={application} />
      ) : (
        <OfferCard onBook={() => setOpen(true)} />
      )}
      {open && (
        <Suspense fallback={null}>
          <BookingModal application={application} config={config} opened={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function OfferCard({ onBook }: { onBook: () => void }) {
  const { t, i18n } = useTranslation();
  const { app } = useConfig();
  const headingId = useId();
  const config = app.appointment_config!;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const advisor = config.advisor;
  const role = localized(advisor?.role, language);
  const info = localized(config.info_text, language);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} bg="gray.0">
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 260px' }}>
          {advisor && (
            <Avatar src={advisor.avatar_url} alt={advisor.name} radius="xl" size="lg" color="brand">
              {advisor.name
                .split(/\s+/)
                .filter(Boolean)
                .slice(0, 2)
                .map((part) => part[0]?.toUpperCase() ?? '')
                .join('')}
            </Avatar>
          )}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId}>
              {t('overview:appointment.title')}
            </Title>
            {advisor && (
              <div>
                <Text fw={600}>{advisor.name}</Text>
                {role && (
                  <Text size="sm" c="dimmed">
                    {role}
                  </Text>
                )}
              </div>
            )}
            <Text size="sm">{info || t('overview:appointment.default_text')}</Text>
          </Stack>
        </Group>
        <Button onClick={onBook} onMouseEnter={() => void loadBooking()} onFocus={() => void loadBooking()}>
          {t('overview:appointment.book')}
        </Button>
      </Group>
    </Card>
  );
}

function BookedCard({ application }: { application: Application }) {
  const { t } = useTranslation();
  const { app } = useConfig();
  const headingId = useId();
  const appointment = useAppointment(application.applicationId);
  const booked = appointment.data?.appointment;
  if (appointment.isSuccess && !booked) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('overview:appointment.booked_title')}
        </Title>
        {booked ? (
          <Suspense fallback={<Skeleton height={80} />}>
            <BookedAppointment appointment={booked} config={app.appointment_config} />
          </Suspense>
        ) : appointment.isError ? (
          <Text size="sm">{t('overview:appointment.booked_unavailable')}</Text>
        ) : (
          <Skeleton height={80} />
        )}
        <Text size="sm" c="dimmed">
          {t('overview:appointment.change_hint')}
        </Text>
      </Stack>
    </Card>
  );
}
