import type { AppointmentConfig } from '@finportal/contracts/appointments';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findLoadedOverview, openOverview, type OpenOverviewOptions } from '../../../test/open-overview';

/** Toasts, modals and lazy chunks can take longer than a second on a busy machine. */
const SLOW = { timeout: 3000 };

const CONFIG: AppointmentConfig = {
  meeting_types: [
    {
      value: 'telephone',
      label: { de: 'Telefonat', en: 'Phone call' },
      description: { de: 'Wir rufen Sie an.', en: 'We will call you.' },
    },
    { value: 'in_person', label: { de: 'Vor Ort' } },
  ],
  days_of_week_allowed: ['wed', 'mon'],
  end_date_in_days: 30,
  start_time: '09:00',
  end_time: '17:00',
  minute_step: 15,
  meeting_duration_minutes: 45,
  address: 'Friedrichstraße 1, 10117 Berlin',
  advisor: { name: 'Anna Berger', role: { de: 'Firmenkundenberaterin', en: 'Business advisor' }, avatar_url: null },
  info_text: { de: 'Lassen Sie sich persönlich beraten.' },
};

async function open(options: OpenOverviewOptions) {
  const rendered = await openOverview(options);
  await findLoadedOverview();
  await screen.findByRole('region', { name: 'Company information' }, SLOW);
  return rendered;
}

describe('appointment banner', () => {
  it('is not shown without an appointment config', async () => {
    await open({ app: { appointment_config: null } });
    expect(screen.queryByRole('region', { name: 'Personal consultation' })).not.toBeInTheDocument();
  });

  it('is not shown once an appointment was made', async () => {
    await open({ app: { appointment_config: CONFIG }, application: { is_appointment_created: true } });
    expect(screen.queryByRole('region', { name: 'Personal consultation' })).not.toBeInTheDocument();
  });

  it('shows the advisor and the info text in the interface language, falling back to German', async () => {
    await open({ app: { appointment_config: CONFIG } });
    const banner = screen.getByRole('region', { name: 'Personal consultation' });
    expect(within(banner).getByText('Anna Berger')).toBeInTheDocument();
    expect(within(banner).getByText('Business advisor')).toBeInTheDocument();
    expect(within(banner).getByText('Lassen Sie sich persönlich beraten.')).toBeInTheDocument();
  });

  it('explains how to arrange the appointment until online booking exists', async () => {
    const { user } = await open({ app: { appointment_config: CONFIG } });
    const banner = screen.getByRole('region', { name: 'Personal consultation' });
    await user.click(within(banner).getByRole('button', { name: 'Book appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book an appointment' }, SLOW);
    expect(within(dialog).getByText(/Online booking will be available here soon/)).toBeInTheDocument();
    expect(within(dialog).getByText('Phone call')).toBeInTheDocument();
    expect(within(dialog).getByText(/We will call you\./)).toBeInTheDocument();
    expect(within(dialog).getByText('Vor Ort')).toBeInTheDocument();
    expect(within(dialog).getByText('Monday and Wednesday, from 09:00 to 17:00')).toBeInTheDocument();
    expect(within(dialog).getByText('An appointment takes about 45 minutes.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Friedrichstraße 1, 10117 Berlin/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /support@demo-finanz\.example/ })).toHaveAttribute(
      'href',
      'mailto:support@demo-finanz.example',
    );
    expect(within(dialog).getByRole('link', { name: /\+49 30 1234 5678/ })).toHaveAttribute(
      'href',
      'tel:+493012345678',
    );
  });
});
