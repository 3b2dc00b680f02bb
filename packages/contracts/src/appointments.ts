import { z } from 'zod';
import { i18nText } from './dynamic-forms.js';

/** Appointment booking configuration of a partner (spec 2 section 3 "Appointment config"). */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const MEETING_TYPES = ['in_person', 'telephone', 'webex'] as const;

const clock = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'must be HH:MM' });

export const appointmentConfigSchema = z.strictObject({
  meeting_types: z
    .array(
      z.strictObject({
        value: z.enum(MEETING_TYPES),
        label: i18nText,
        description: i18nText.optional(),
        confirmation_description: i18nText.optional(),
      }),
    )
    .min(1),
  days_of_week_allowed: z.array(z.enum(WEEKDAYS)).min(1),
  end_date_in_days: z.number().int().min(1).max(366),
  start_time: clock,
  end_time: clock,
  minute_step: z.number().int().min(5).max(120).default(15),
  meeting_duration_minutes: z.number().int().min(5).max(480),
  address: z.string().max(300).nullable().default(null),
  advisor: z
    .strictObject({
      name: z.string().min(1),
      role: i18nText.optional(),
      avatar_url: z.string().nullable().default(null),
    })
    .nullable()
    .default(null),
  info_text: i18nText.optional(),
});
export type AppointmentConfig = z.infer<typeof appointmentConfigSchema>;
