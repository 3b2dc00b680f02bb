import { ActionIcon, Group, Text } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIsoDay } from '../model/booking-form';

/** `YYYY-MM-DD` moved by days (UTC calendar arithmetic). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` moved by months, the day clamped to the new month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Monday 0 … Sunday 6. */
const weekday = (date: string) => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;

const clampDate = (date: string, min: string, max: string) => (date < min ? min : date > max ? max : date);

/** Where a key moves the focused day (WAI-ARIA date picker dialog pattern), or null for other keys. */
export function movedBy(key: string, shift: boolean, date: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekday(date));
    case 'End':
      return addDays(date, 6 - weekday(date));
    case 'PageUp':
      return addMonths(date, shift ? -12 : -1);
    case 'PageDown':
      return addMonths(date, shift ? 12 : 1);
    default:
      return null;
  }
}

/** The weeks (Monday first) that hold the month of `date`, with the neighbouring months' days that fill them. */
function weeksOf(date: string): string[][] {
  const first = `${date.slice(0, 7)}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const days: string[] = [];
  for (let day = addDays(first, -weekday(first)); day <= addDays(last, 6 - weekday(last)); day = addDays(day, 1)) {
    days.push(day);
  }
  return Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
}

/**
 * The appointment calendar as a WAI-ARIA date grid (issue 26): one Tab stop, the arrow keys move by
 * day and week, Home and End to the week's first and last day, PageUp and PageDown by month (with
 * Shift by year), Enter or Space chooses; a day without a free time can be reached (and is read out
 * as unavailable) but not chosen. Public holidays are struck through and named.
 */
export function DateGrid({
  labelledBy,
  min,
  max,
  available,
  holidays,
  value,
  onChange,
}: {
  labelledBy: string;
  min: string;
  max: string;
  available: ReadonlySet<string>;
  holidays: ReadonlySet<string>;
  value: string | null;
  onChange: (date: string) => void;
}) {
  const { t, i18n } = useTranslation(['appointments']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const titleId = useId();
  const firstFree = useMemo(() => [...available].sort()[0] ?? min, [available, min]);
  const [focused, setFocused] = useState(() => value ?? firstFree);
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const weeks = weeksOf(focused);
  const locale = language === 'en' ? 'en-GB' : language;
  const monthTitle = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${focused.slice(0, 7)}-15T12:00:00Z`),
  );
  const weekdays = Array.from({ length: 7 }, (_, i) => {
    const monday = new Date(Date.UTC(2024, 0, 1 + i, 12));
    return {
      short: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(monday),
      long: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(monday),
    };
  });

  // A key or a month button moved the focus: the new day's button takes it.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const go = (date: string, focus: boolean) => {
    moved.current = focus;
    setFocused(clampDate(date, min, max));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = movedBy(event.key, event.shiftKey, focused);
    if (next) {
      event.preventDefault();
      go(next, true);
    }
  };
  const canPrevious = `${focused.slice(0, 7)}-01` > min;
  const canNext = addMonths(`${focused.slice(0, 7)}-01`, 1) <= max;

  return (
    <div className="fp-date-grid">
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <ActionIcon
          variant="subtle"
          aria-label={t('appointments:calendar.previous_month')}
          disabled={!canPrevious}
          onClick={() => go(addMonths(focused, -1), false)}
        >
          ‹
        </ActionIcon>
        <Text fw={600} size="sm" id={titleId} aria-live="polite" ta="center" style={{ flex: 1 }}>
          {monthTitle}
        </Text>
        <ActionIcon
          variant="subtle"
          aria-label={t('appointments:calendar.next_month')}
          disabled={!canNext}
          onClick={() => go(addMonths(focused, 1), false)}
        >
          ›
        </ActionIcon>
      </Group>
      <table role="grid" ref={grid} aria-labelledby={`${labelledBy} ${titleId}`} data-min={min} data-max={max}>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day.long} scope="col" abbr={day.long}>
                {day.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const free = available.has(day) && day >= min && day <= max;
                const holiday = holidays.has(day);
                const label = [
                  formatIsoDay(day, language),
                  holiday ? t('appointments:holiday') : null,
                  free ? null : t('appointments:calendar.unavailable'),
                ]
                  .filter(Boolean)
                  .join(', ');
                return (
                  <td key={day} role="gridcell" aria-selected={day === value}>
                    <button
                      type="button"
                      data-date={day}
                      data-holiday={holiday || undefined}
                      data-selected={day === value || undefined}
                      data-today={day === new Date().toISOString().slice(0, 10) || undefined}
                      data-outside={day.slice(0, 7) !== focused.slice(0, 7) || undefined}
                      tabIndex={day === focused ? 0 : -1}
                      aria-disabled={!free || undefined}
                      aria-label={label}
                      title={holiday ? t('appointments:holiday') : undefined}
                      onKeyDown={onKeyDown}
                      onFocus={() => day !== focused && setFocused(day)}
                      onClick={() => {
                        setFocused(day);
                        if (free) onChange(day);
                      }}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
