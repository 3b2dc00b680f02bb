import type { AppointmentSlotsResponse } from '@finportal/contracts/appointments';
import { Chip, Group, Input, Stack, Text } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, formatIsoDay, zoneName } from '../model/booking-form';
import { DateGrid } from './date-grid';
import './appointments.css';

/**
 * The date and time pickers of a booking or a move (spec 2 section 2 "Appointment modal"): a
 * calendar from the first to the last bookable day where only days with a free slot can be
 * chosen (other weekdays and taken days greyed out, public holidays named), then the day's free
 * slots in the customer's time zone. Everything comes from the slots call, so only what can be
 * booked is offered. Keyboard (issue 26): the calendar is one date grid (arrows, Home/End,
 * PageUp/PageDown), Tab to the times, which are one radio group (arrow keys).
 */
export function SlotPicker({
  slots,
  date,
  slot,
  onDate,
  onSlot,
  timeZone,
  dateError,
  timeError,
}: {
  slots: AppointmentSlotsResponse;
  date: string | null;
  slot: string | null;
  onDate: (date: string | null) => void;
  onSlot: (slot: string | null) => void;
  /** The customer's zone, in which the times are shown. */
  timeZone: string;
  dateError?: string;
  timeError?: string;
}) {
  const { t, i18n } = useTranslation(['appointments']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const dateLabelId = useId();
  const timeLabelId = useId();
  const byDate = useMemo(() => new Map(slots.days.map((day) => [day.date, day.slots])), [slots.days]);
  const available = useMemo(() => new Set(byDate.keys()), [byDate]);
  const slotsName = useId();
  const holidays = useMemo(() => new Set(slots.holidays), [slots.holidays]);
  const daySlots = date ? (byDate.get(date) ?? []) : [];
  const otherZone = timeZone !== slots.time_zone;

  return (
    <Stack gap="md">
      <Input.Wrapper
        label={t('appointments:date_label')}
        labelProps={{ id: dateLabelId, component: 'span' }}
        description={t('appointments:date_hint')}
        error={dateError}
      >
        <DateGrid
          labelledBy={dateLabelId}
          min={slots.first_date}
          max={slots.last_date}
          available={available}
          holidays={holidays}
          value={date}
          onChange={(value) => {
            onDate(value);
            onSlot(null);
          }}
        />
      </Input.Wrapper>

      <div role="radiogroup" aria-labelledby={timeLabelId}>
        <Text fw={600} size="sm" id={timeLabelId}>
          {t('appointments:time_label')}
        </Text>
        {!date ? (
          <Text size="sm" c="dimmed" mt={4}>
            {t('appointments:time_pick_date_first')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" mt={4}>
              {t('appointments:time_hint', {
                day: formatIsoDay(date, language),
                zone: zoneName(daySlots[0]?.meeting_time ?? new Date(), timeZone, language),
              })}
            </Text>
            <Chip.Group multiple={false} value={slot} onChange={(value) => onSlot(value || null)}>
              <Group gap="xs" mt="xs" className="fp-appointment-slots">
                {daySlots.map((free) => (
                  // Native radios of one name: one Tab stop, the arrow keys move between the times.
                  <Chip
                    key={free.meeting_time}
                    value={free.meeting_time}
                    type="radio"
                    name={slotsName}
                    variant="outline"
                    radius="sm"
                  >
                    {formatClock(free.meeting_time, timeZone, language)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </>
        )}
        {otherZone && date && (
          <Text size="xs" c="dimmed" mt="xs">
            {t('appointments:other_zone', { zone: zoneName(new Date(), slots.time_zone, language) })}
          </Text>
        )}
        {timeError && (
          <Text size="sm" c="var(--mantine-color-error)" mt="xs" role="alert">
            {timeError}
          </Text>
        )}
      </div>
    </Stack>
  );
}
