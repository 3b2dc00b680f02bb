import {
  freeSlots,
  type Appointment,
  type AppointmentConfig,
  type AppointmentSlotsResponse,
} from '@finportal/contracts/appointments';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findLoadedOverview, openOverview, type OpenOverviewOptions } from '../../../test/open-overview';
import { customerTimeZone, formatClock, formatIsoDay } from '../model/booking-form';

/** Toasts, modals and lazy chunks can take longer than a second on a busy machine. */
const CONFIG: AppointmentConfig = {
  meeting_types: [
    {
      value: 'telephone',
      label: { de: 'Telefonat', en: 'Phone call' },
      description: { de: 'Wir rufen Sie an.', en: 'We will call you.' },
      confirmation_description: { en: 'Anna will call you on the number you gave.' },
    },
    { value: 'in_person', label: { de: 'Vor Ort' } },
  ],
  days_of_week_allowed: ['mon', 'tue', 'wed', 'thu', 'fri'],
  end_date_in_days: 30,
  start_time: '09:00',
  end_time: '17:00',
  minute_step: 15,
  meeting_duration_minutes: 45,
  address: 'Friedrichstraße 1, 10117 Berlin',
  meeting_url: null,
  advisor: {
    name: 'Anna Berger',
    role: { de: 'Firmenkundenberaterin', en: 'Business advisor' },
    avatar_url: null,
    email: null,
  },
  info_text: { de: 'Lassen Sie sich persönlich beraten.' },
  time_zone: 'Europe/Berlin',
  holiday_region: { country: 'DE', state: 'BE' },
};

/** The slots the API would answer now (the contracts' own function), the first day a holiday. */
function slotsNow(): AppointmentSlotsResponse {
  const days = freeSlots(CONFIG, {}, [], [], new Date());
  const [holiday, ...rest] = days;
  return {
    time_zone: CONFIG.time_zone,
    meeting_duration_minutes: CONFIG.meeting_duration_minutes,
    first_date: days[0]!.date,
    last_date: days.at(-1)!.date,
    holidays: [holiday!.date],
    days: rest,
  };
}

const bookedFrom = (body: Record<string, unknown>): Appointment => ({
  appointment_id: 'apt-1',
  status: 'booked',
  meeting_type: 'telephone',
  meeting_time: body.meeting_time as string,
  meeting_end: new Date(new Date(body.meeting_time as string).getTime() + 45 * 60_000).toISOString(),
  time_zone: body.time_zone as string,
  duration_minutes: 45,
  advisor: { name: 'Anna Berger', role: { en: 'Business advisor' }, avatar_url: null },
  address: null,
  meeting_url: null,
  first_name: body.first_name as string,
  last_name: body.last_name as string,
  company_name: body.company_name as string,
  contact_email: body.contact_email as string,
  contact_phone: body.contact_phone as string,
  notes: null,
  created_at: new Date().toISOString(),
});

async function open(options: OpenOverviewOptions) {
  const rendered = await openOverview(options);
  await findLoadedOverview();
  await screen.findByRole('region', { name: 'Company information' });
  return rendered;
}

describe('appointment banner', () => {
  it('is not shown without an appointment config', async () => {
    await open({ app: { appointment_config: null } });
    expect(screen.queryByRole('region', { name: 'Personal consultation' })).not.toBeInTheDocument();
  });

  it('shows the advisor and the info text in the interface language, falling back to German', async () => {
    await open({ app: { appointment_config: CONFIG } });
    const banner = screen.getByRole('region', { name: 'Personal consultation' });
    expect(within(banner).getByText('Anna Berger')).toBeInTheDocument();
    expect(within(banner).getByText('Business advisor')).toBeInTheDocument();
    expect(within(banner).getByText('Lassen Sie sich persönlich beraten.')).toBeInTheDocument();
  });

  it('books in three steps: a free slot, the contact details, the confirmation; the holiday cannot be chosen', async () => {
    const slots = slotsNow();
    let posted: Record<string, unknown> | null = null;
    const { user, api } = await open({
      app: { appointment_config: CONFIG },
      api: {
        'GET /user/applications/:id/appointments/slots': { body: slots },
        'POST /user/applications/:id/appointments': ({ body }) => {
          posted = body as Record<string, unknown>;
          return { status: 201, body: bookedFrom(posted) };
        },
      },
    });
    const banner = screen.getByRole('region', { name: 'Personal consultation' });
    await user.click(within(banner).getByRole('button', { name: 'Book appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book an appointment' });

    // Step 1: Next waits for date, time and type (spec 2); the holiday is named and cannot be chosen.
    expect(await within(dialog).findByRole('button', { name: 'Next' })).toBeDisabled();
    const holiday = within(dialog).getByRole('button', {
      name: `${formatIsoDay(slots.holidays[0]!, 'en')}, Public holiday, no free time`,
    });
    expect(holiday).toHaveAttribute('aria-disabled', 'true');
    const day = slots.days[0]!;
    await user.click(within(dialog).getByRole('button', { name: formatIsoDay(day.date, 'en') }));
    const zone = customerTimeZone(CONFIG.time_zone);
    const slot = day.slots[2]!;
    await user.click(within(dialog).getByRole('radio', { name: formatClock(slot.meeting_time, zone, 'en') }));
    await user.click(within(dialog).getByRole('radio', { name: /Phone call/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    // Step 2: company and e-mail prefilled; a bad phone is refused before anything is sent.
    expect(await within(dialog).findByRole('textbox', { name: 'Company' })).toHaveValue('Musterbau Schmidt GmbH');
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveValue('max@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Thomas');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Schmidt');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    expect(api.callsTo('POST /user/applications/:id/appointments')).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Phone' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '+49 30 1234567');
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    if ((email as HTMLInputElement).value === '') await user.type(email, 'thomas@musterbau.example');
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));

    // Step 3: the confirmation with the advisor and the partner's text.
    expect(await within(dialog).findByText('Your appointment is booked', {})).toBeInTheDocument();
    expect(within(dialog).getByText('Anna will call you on the number you gave.')).toBeInTheDocument();
    expect(within(dialog).getByText('Anna Berger')).toBeInTheDocument();
    expect(posted).toMatchObject({
      meeting_type: 'telephone',
      time_zone: zone,
      first_name: 'Thomas',
      last_name: 'Schmidt',
      company_name: 'Musterbau Schmidt GmbH',
      contact_phone: '+49 30 1234567',
    });
    expect(new Date(posted!.meeting_time as string).getTime()).toBe(new Date(slot.meeting_time).getTime());
  });

  it('a slot taken meanwhile (409) brings the customer back to the pickers with fresh slots', async () => {
    const slots = slotsNow();
    const { user, api } = await open({
      app: { appointment_config: CONFIG },
      api: {
        'GET /user/applications/:id/appointments/slots': { body: slots },
        'POST /user/applications/:id/appointments': {
          status: 409,
          body: { errors: [{ code: 'err_appointment_slot_taken', field: 'meeting_time' }] },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Book appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book an appointment' });
    const day = slots.days[0]!;
    await user.click(await within(dialog).findByRole('button', { name: formatIsoDay(day.date, 'en') }));
    const zone = customerTimeZone(CONFIG.time_zone);
    await user.click(within(dialog).getByRole('radio', { name: formatClock(day.slots[0]!.meeting_time, zone, 'en') }));
    await user.click(within(dialog).getByRole('radio', { name: /Phone call/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(await within(dialog).findByRole('textbox', { name: 'First name' }), 'Thomas');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Schmidt');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '+49 30 1234567');
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    if ((email as HTMLInputElement).value === '') await user.type(email, 'thomas@musterbau.example');
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    expect(await within(dialog).findByText(/This time has just been booked by someone else/, {})).toBeInTheDocument();
    expect(api.callsTo('GET /user/applications/:id/appointments/slots').length).toBeGreaterThanOrEqual(2);
  });

  it('once booked: the appointment in the customer’s zone instead of the offer', async () => {
    const meeting = '2026-12-02T10:00:00+01:00';
    await open({
      app: { appointment_config: CONFIG },
      application: { is_appointment_created: true },
      api: {
        'GET /user/applications/:id/appointments': {
          body: {
            appointment: {
              ...bookedFrom({
                meeting_time: meeting,
                time_zone: 'Europe/Berlin',
                first_name: 'Thomas',
                last_name: 'Schmidt',
                company_name: 'Musterbau Schmidt GmbH',
                contact_email: 'thomas@musterbau.example',
                contact_phone: '+49301234567',
              }),
              meeting_end: '2026-12-02T10:45:00+01:00',
            },
          },
        },
      },
    });
    expect(screen.queryByRole('region', { name: 'Personal consultation' })).not.toBeInTheDocument();
    const booked = await screen.findByRole('region', { name: 'Your appointment' });
    expect(await within(booked).findByText(/Wednesday,? (2 December|December 2,) 2026/, {})).toBeInTheDocument();
    expect(within(booked).getByText(/10:00 to 10:45/)).toBeInTheDocument();
    expect(within(booked).getByText(/use the links in the confirmation e-mail/)).toBeInTheDocument();
  });
});
