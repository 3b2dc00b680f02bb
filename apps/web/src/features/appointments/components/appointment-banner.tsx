import type { Application } from '@finportal/contracts/applications';
import type { AppointmentConfig } from '@finportal/contracts/appointments';
import { isClosedStatus } from '@finportal/contracts/statuses';
import { Avatar, Button, Card, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportContact } from '../../../components/support-contact';
import { useConfig } from '../../../lib/config';
import { formatList } from '../../../lib/format';
import { localized } from '../../../lib/i18n-text';

/** Weekday names in the language (2024-01-01 was a Monday). */
function weekdayNames(days: AppointmentConfig['days_of_week_allowed'], language: string): string[] {
  const order = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  } catch {
    return [...days];
  }
  return [...days]
    .sort((a, b) => order.indexOf(a) - order.indexOf(b))
    .map((day) => format.format(new Date(Date.UTC(2024, 0, 1 + order.indexOf(day)))));
}

/**
 * Appointment banner of the overview (spec 2 section 2): only with the partner's appointment
 * config, while no appointment was made (is_appointment_created) and the application is not
 * closed. Online booking is a later issue: 'Book appointment' opens a modal with the meeting
 * types, days and hours, and the partner's support phone and e-mail to arrange the appointment.
 */
export function AppointmentBanner({ application }: { application: Application }) {
  const { t, i18n } = useTranslation();
  const { app } = useConfig();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const config = app.appointment_config;
  if (!config || application.is_appointment_created || isClosedStatus(application.status)) return null;

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
              {initials(advisor.name)}
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
        <Button onClick={() => setOpen(true)}>{t('overview:appointment.book')}</Button>
      </Group>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('overview:appointment.modal_title')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
        centered
      >
        <AppointmentDetails config={config} language={language} />
      </Modal>
    </Card>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

function AppointmentDetails({ config, language }: { config: AppointmentConfig; language: string }) {
  const { t } = useTranslation();
  const hasInPerson = config.meeting_types.some((m) => m.value === 'in_person');
  return (
    <Stack gap="md">
      <Text size="sm">{t('overview:appointment.coming_soon')}</Text>
      <div>
        <Text fw={600} size="sm" mb={4}>
          {t('overview:appointment.meeting_types')}
        </Text>
        <List size="sm" spacing={4}>
          {config.meeting_types.map((type) => {
            const description = localized(type.description, language);
            return (
              <List.Item key={type.value}>
                {localized(type.label, language) || t(`overview:appointment.types.${type.value}`)}
                {description && (
                  <Text span c="dimmed" size="sm">
                    {' – '}
                    {description}
                  </Text>
                )}
              </List.Item>
            );
          })}
        </List>
      </div>
      <div>
        <Text fw={600} size="sm" mb={4}>
          {t('overview:appointment.availability')}
        </Text>
        <Text size="sm">
          {t('overview:appointment.days_and_hours', {
            days: formatList(weekdayNames(config.days_of_week_allowed, language), language),
            start: config.start_time,
            end: config.end_time,
          })}
        </Text>
        <Text size="sm">{t('overview:appointment.duration', { minutes: config.meeting_duration_minutes })}</Text>
        {hasInPerson && config.address && (
          <Text size="sm">{t('overview:appointment.address', { address: config.address })}</Text>
        )}
      </div>
      <div>
        <Text fw={600} size="sm" mb={4}>
          {t('overview:appointment.contact')}
        </Text>
        <SupportContact />
      </div>
    </Stack>
  );
}
