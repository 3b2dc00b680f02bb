import type { AppointmentLinkResponse } from '@finportal/contracts/appointments';
import type { AppointmentLinkAction } from '@finportal/contracts/portal-routes';
import { formatInZone } from '@finportal/contracts/zoned-time';
import { Alert, Button, Center, Container, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useConfig } from '../../../lib/config';
import { isApiError, type ApiError } from '../../../lib/http';
import { translateErrorCode } from '../../../lib/i18n';
import { useAppointmentLink, useAppointmentLinkSlots, useChangeAppointmentByLink } from '../api/appointment-link';
import { customerTimeZone } from '../model/booking-form';
import { AppointmentSummary } from './appointment-summary';
import { SlotPicker } from './slot-picker';

/**
 * The pages behind the links of the appointment e-mails (`/appointments/cancel/:token`,
 * `/appointments/move/:token`; ADR 017): no login, the single-use token is the authority. The
 * page shows the appointment, then asks to confirm the cancellation, or offers the free slots to
 * move it to. A used, unknown or expired link says so; a cancelled appointment cannot be moved.
 */
export function AppointmentLinkPage({ action }: { action: AppointmentLinkAction }) {
  const { t } = useTranslation(['appointments']);
  const { token = '' } = useParams();
  const link = useAppointmentLink(token);
  const title = action === 'cancel' ? t('appointments:link.title_cancel') : t('appointments:link.title_move');

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <PageTitle title={title} mb={0} />
          {link.isPending ? (
            <Center py="lg">
              <Loader role="status" aria-label={t('appointments:link.loading')} />
            </Center>
          ) : link.isError || !link.data || link.data.action !== action ? (
            <Alert color="gray" variant="light" title={t('appointments:link.invalid_title')} role="status">
              {t('appointments:link.invalid_text')}
            </Alert>
          ) : (
            <LinkBody token={token} action={action} appointment={link.data} />
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

function LinkBody({
  token,
  action,
  appointment: loaded,
}: {
  token: string;
  action: AppointmentLinkAction;
  appointment: AppointmentLinkResponse;
}) {
  const { t } = useTranslation(['appointments']);
  const { app } = useConfig();
  const change = useChangeAppointmentByLink(token);
  const appointment = change.data ?? loaded;
  const done = change.isSuccess;

  let body;
  if (done && action === 'cancel') {
    body = (
      <Alert color="green" variant="light" role="status" title={t('appointments:link.cancelled_title')}>
        {t('appointments:link.cancelled_text')}
      </Alert>
    );
  } else if (done) {
    body = (
      <Alert color="green" variant="light" role="status" title={t('appointments:link.moved_title')}>
        {t('appointments:link.moved_text')}
      </Alert>
    );
  } else if (appointment.status === 'cancelled') {
    body = (
      <Alert color="gray" variant="light" role="status">
        {t('appointments:link.already_cancelled')}
      </Alert>
    );
  } else if (!appointment.can_change) {
    body = (
      <Alert color="gray" variant="light" role="status">
        {t('appointments:link.not_changeable')}
      </Alert>
    );
  } else if (action === 'cancel') {
    body = (
      <Stack gap="sm">
        <Text>{t('appointments:link.cancel_question')}</Text>
        <ChangeError error={change.error} />
        <Group gap="sm">
          <Button color="red.9" loading={change.isPending} onClick={() => change.mutate({ action: 'cancel' })}>
            {t('appointments:link.cancel_confirm')}
          </Button>
          <Button variant="outline" component={Link} to="/dashboard/applications">
            {t('appointments:link.keep')}
          </Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <MoveForm
        token={token}
        change={change}
        timeZoneFallback={app.appointment_config?.time_zone ?? appointment.time_zone}
      />
    );
  }

  return (
    <Stack gap="md">
      {appointment.status !== 'cancelled' && (
        <AppointmentSummary appointment={appointment} config={app.appointment_config} />
      )}
      {body}
      {done && (
        <Button component={Link} to="/dashboard/applications" variant="outline" style={{ alignSelf: 'flex-start' }}>
          {t('appointments:link.to_dashboard')}
        </Button>
      )}
    </Stack>
  );
}

function MoveForm({
  token,
  change,
  timeZoneFallback,
}: {
  token: string;
  /** The page's change (its success replaces the form with the confirmation). */
  change: ReturnType<typeof useChangeAppointmentByLink>;
  timeZoneFallback: string;
}) {
  const { t } = useTranslation(['appointments']);
  const slots = useAppointmentLinkSlots(token);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const timeZone = useMemo(() => customerTimeZone(timeZoneFallback), [timeZoneFallback]);

  if (!slots.data) {
    return slots.isError ? (
      <Alert color="red" variant="light" role="alert">
        {t('appointments:slots_failed')}
      </Alert>
    ) : (
      <Center py="md">
        <Loader role="status" aria-label={t('common:loading')} />
      </Center>
    );
  }
  if (slots.data.days.length === 0) {
    return (
      <Alert color="gray" variant="light">
        {t('appointments:no_slots')}
      </Alert>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!slot) {
          setMissing(true);
          return;
        }
        change.mutate(
          { action: 'move', body: { meeting_time: formatInZone(new Date(slot), timeZone), time_zone: timeZone } },
          { onError: () => void slots.refetch() },
        );
      }}
    >
      <Stack gap="md">
        <Text>{t('appointments:link.move_intro')}</Text>
        <SlotPicker
          slots={slots.data}
          date={date}
          slot={slot}
          onDate={setDate}
          onSlot={(value) => {
            setSlot(value);
            setMissing(false);
          }}
          timeZone={timeZone}
          timeError={missing ? translateErrorCode('err_required') : undefined}
        />
        <ChangeError error={change.error} />
        <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('appointments:link.move_confirm')}
        </Button>
      </Stack>
    </form>
  );
}

function ChangeError({ error }: { error: Error | null }) {
  const { t } = useTranslation(['appointments']);
  if (!error) return null;
  const code = isApiError(error) ? (error as ApiError).code : null;
  return (
    <Alert color="red" variant="light" role="alert" title={t('appointments:link.failed')}>
      {code === 'err_appointment_slot_taken' ? t('appointments:slot_taken') : code ? translateErrorCode(code) : null}
    </Alert>
  );
}

/** The two pages of the links, for the router. */
export const CancelAppointmentPage = () => <AppointmentLinkPage action="cancel" />;
export const MoveAppointmentPage = () => <AppointmentLinkPage action="move" />;
