import {
  freeSlots,
  type AppointmentConfig,
  type AppointmentLinkResponse,
  type AppointmentSlotsResponse,
} from '@finportal/contracts/appointments';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customerTimeZone, formatClock, formatIsoDay } from '../model/booking-form';

const CONFIG: AppointmentConfig = {
  meeting_types: [{ value: 'telephone', label: { en: 'Phone call' } }],
  days_of_week_allowed: ['mon', 'tue', 'wed', 'thu', 'fri'],
  end_date_in_days: 30,
  start_time: '09:00',
  end_time: '17:00',
  minute_step: 15,
  meeting_duration_minutes: 30,
  address: null,
  meeting_url: null,
  advisor: { name: 'Anna Berger', role: { en: 'Business advisor' }, avatar_url: null, email: null },
  time_zone: 'Europe/Berlin',
  holiday_region: { country: 'DE' },
};

const link = (overrides: Partial<AppointmentLinkResponse> = {}): AppointmentLinkResponse => ({
  appointment_id: 'apt-1',
  status: 'booked',
  meeting_type: 'telephone',
  meeting_time: '2026-12-02T10:00:00+01:00',
  meeting_end: '2026-12-02T10:30:00+01:00',
  time_zone: 'Europe/Berlin',
  duration_minutes: 30,
  advisor: { name: 'Anna Berger', role: { en: 'Business advisor' }, avatar_url: null },
  address: null,
  meeting_url: null,
  action: 'cancel',
  company_name: 'Musterbau Schmidt GmbH',
  can_change: true,
  ...overrides,
});

function slotsNow(): AppointmentSlotsResponse {
  const days = freeSlots(CONFIG, {}, [], [], new Date());
  return {
    time_zone: CONFIG.time_zone,
    meeting_duration_minutes: 30,
    first_date: days[0]!.date,
    last_date: days.at(-1)!.date,
    holidays: [],
    days,
  };
}

describe('the pages behind the appointment e-mail links', () => {
  it('cancels once after confirmation, without login', async () => {
    const user = userEvent.setup();
    const { api } = await renderApp({
      path: '/appointments/cancel/tok-1',
      app: { appointment_config: CONFIG },
      api: {
        'GET /appointments/by-token/tok-1': { body: link() },
        'POST /appointments/by-token/tok-1/cancel': { body: link({ status: 'cancelled', can_change: false }) },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancel appointment' })).toBeInTheDocument();
    expect(await screen.findByText('Anna Berger')).toBeInTheDocument();
    expect(screen.getByText('Do you want to cancel this appointment?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    expect(await screen.findByText('Your appointment has been cancelled')).toBeInTheDocument();
    expect(api.callsTo('POST /appointments/by-token/tok-1/cancel')).toHaveLength(1);
  });

  it('a used or unknown link says so', async () => {
    await renderApp({
      path: '/appointments/cancel/used',
      app: { appointment_config: CONFIG },
      api: { 'GET /appointments/by-token/used': { status: 404, body: { errors: [{ code: 'err_not_found' }] } } },
    });
    expect(await screen.findByText('This link can no longer be used', {})).toBeInTheDocument();
  });

  it('a cancelled appointment cannot be moved', async () => {
    await renderApp({
      path: '/appointments/move/tok-2',
      app: { appointment_config: CONFIG },
      api: {
        'GET /appointments/by-token/tok-2': { body: link({ action: 'move', status: 'cancelled', can_change: false }) },
      },
    });
    expect(await screen.findByText('This appointment has been cancelled.', {})).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move appointment' })).not.toBeInTheDocument();
  });

  it('moves to a free slot chosen in the calendar, sent with the customer’s offset', async () => {
    const user = userEvent.setup();
    const slots = slotsNow();
    const { api } = await renderApp({
      path: '/appointments/move/tok-3',
      app: { appointment_config: CONFIG },
      api: {
        'GET /appointments/by-token/tok-3': { body: link({ action: 'move' }) },
        'GET /appointments/by-token/tok-3/slots': { body: slots },
        'POST /appointments/by-token/tok-3/move': { body: link({ action: 'move', can_change: false }) },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Move appointment' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    const day = slots.days[1]!;
    const zone = customerTimeZone(CONFIG.time_zone);
    await user.click(screen.getByRole('button', { name: formatIsoDay(day.date, 'en') }));
    await user.click(screen.getByRole('radio', { name: formatClock(day.slots[0]!.meeting_time, zone, 'en') }));
    await user.click(screen.getByRole('button', { name: 'Move appointment' }));
    expect(await screen.findByText('Your appointment has been moved')).toBeInTheDocument();
    const body = api.callsTo('POST /appointments/by-token/tok-3/move')[0]!.body as {
      meeting_time: string;
      time_zone: string;
    };
    expect(body.time_zone).toBe(zone);
    expect(new Date(body.meeting_time).getTime()).toBe(new Date(day.slots[0]!.meeting_time).getTime());
  });
});
