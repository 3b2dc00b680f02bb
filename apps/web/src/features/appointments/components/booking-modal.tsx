import type { Application } from '@finportal/contracts/applications';
import type { Appointment, AppointmentConfig, AppointmentField } from '@finportal/contracts/appointments';
import { Alert, Button, Center, Group, Loader, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusField } from '../../../lib/focus-field';
import { isApiError } from '../../../lib/http';
import { localized } from '../../../lib/i18n-text';
import { useProfile } from '../../../lib/profile';
import { useRuleForm } from '../../../lib/use-rule-form';
import { reportFormError } from '../../../lib/zod-form';
import { useBookAppointment } from '../api/book-appointment';
import { useAppointmentSlots } from '../api/get-appointment';
import {
  bookingIssues,
  CONTACT_FIELDS,
  customerTimeZone,
  SLOT_FIELDS,
  toBookingRequest,
  type BookingValues,
} from '../model/booking-form';
import { AppointmentSummary } from './appointment-summary';
import { SlotPicker } from './slot-picker';

type Step = 'slot' | 'contact' | 'done';
const STEPS: Step[] = ['slot', 'contact', 'done'];

/**
 * The three-step booking (spec 2 section 2 "Appointment modal"; issue 12): date, time and meeting
 * type from the free slots; then the contact details (company and e-mail prefilled); then the
 * confirmation with the advisor. The contracts' rules judge each step before it is left (the API
 * applies the same); a slot taken meanwhile (409) brings the customer back to the pickers with
 * fresh slots and everything else kept.
 */
export function BookingModal({
  application,
  config,
  opened,
  onClose,
}: {
  application: Application;
  config: AppointmentConfig;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['appointments']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('appointments:modal_title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      {opened && <Booking application={application} config={config} onClose={onClose} />}
    </Modal>
  );
}

function Booking({
  application,
  config,
  onClose,
}: {
  application: Application;
  config: AppointmentConfig;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['appointments']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const idPrefix = useId();
  const profile = useProfile();
  const slots = useAppointmentSlots(application.applicationId);
  const book = useBookAppointment(application.applicationId);
  const [step, setStep] = useState<Step>('slot');
  const [booked, setBooked] = useState<Appointment | null>(null);
  const timeZone = useMemo(() => customerTimeZone(config.time_zone), [config.time_zone]);
  const holidays = slots.data?.holidays;
  const toWire = useCallback((values: BookingValues) => toBookingRequest(values, timeZone), [timeZone]);
  const judge = useCallback(
    (wire: ReturnType<typeof toWire>) => bookingIssues(wire, config, holidays ?? []),
    [config, holidays],
  );
  const form = useRuleForm<BookingValues, ReturnType<typeof toWire>, AppointmentField>(
    {
      meeting_type: config.meeting_types.length === 1 ? config.meeting_types[0]!.value : '',
      date: null,
      slot: null,
      first_name: '',
      last_name: '',
      company_name: application.companyName ?? '',
      contact_email: profile.data?.email ?? '',
      contact_phone: '',
      notes: '',
    },
    toWire,
    judge,
  );
  const domId = (field: string) => `${idPrefix}-${field}`;
  // The profile may arrive after the form opened: its e-mail fills the field while it is still empty.
  const profileEmail = profile.data?.email;
  const { setValue } = form;
  const emailEmpty = form.values.contact_email === '';
  useEffect(() => {
    if (profileEmail && emailEmpty) setValue('contact_email', profileEmail);
    // Only when the profile arrives, not on every emptied field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profileEmail]);

  if (!slots.data) {
    return slots.isError ? (
      <Alert color="red" variant="light" role="alert" title={t('appointments:slots_failed_title')}>
        {t('appointments:slots_failed')}
      </Alert>
    ) : (
      <Center py="xl">
        <Loader role="status" aria-label={t('common:loading')} />
      </Center>
    );
  }

  const stepIssues = (fields: readonly string[]) => form.issues.filter((issue) => fields.includes(issue.field));
  const slotIssues = stepIssues([...SLOT_FIELDS, 'time_zone']);
  const next = (event: FormEvent) => {
    event.preventDefault();
    const first = form.attemptSubmit(slotIssues);
    if (first) {
      focusField(domId(first));
      return;
    }
    // Step 2 opens without messages on fields the user has not reached yet (issue 26).
    form.resetShown();
    setStep('contact');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const first = form.attemptSubmit(stepIssues(CONTACT_FIELDS));
    if (first) {
      focusField(domId(first));
      return;
    }
    book.mutate(form.wire, {
      onSuccess: (appointment) => {
        setBooked(appointment);
        setStep('done');
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409 && error.code === 'err_appointment_slot_taken') {
          form.setValue('slot', null);
          form.setServerError('meeting_time', t('appointments:slot_taken'));
          void slots.refetch();
          setStep('slot');
          return;
        }
        reportFormError(
          { setFieldError: form.setServerError },
          error,
          [...SLOT_FIELDS, ...CONTACT_FIELDS],
          t('appointments:book_failed'),
          t('appointments:fix_fields'),
        );
      },
    });
  };

  const text = (field: Exclude<(typeof CONTACT_FIELDS)[number], 'notes'>, props: Record<string, unknown> = {}) => (
    <TextInput
      id={domId(field)}
      label={t(`appointments:fields.${field}`)}
      value={form.values[field]}
      onChange={(event) => form.setValue(field, event.currentTarget.value)}
      onBlur={() => form.touch(field)}
      error={form.errorOf(field)}
      required
      withAsterisk={false}
      {...props}
    />
  );

  return (
    <Stack gap="md">
      <ol className="fp-appointment-steps" aria-label={t('appointments:steps_label')}>
        {STEPS.map((s, index) => (
          <li key={s} aria-current={s === step ? 'step' : undefined}>
            {t('appointments:step', { number: index + 1, name: t(`appointments:steps.${s}`) })}
          </li>
        ))}
      </ol>

      {step === 'slot' && (
        <form onSubmit={next} noValidate>
          <Stack gap="md">
            {slots.data.days.length === 0 ? (
              <Alert color="gray" variant="light">
                {t('appointments:no_slots')}
              </Alert>
            ) : (
              <div id={domId('meeting_time')}>
                <SlotPicker
                  slots={slots.data}
                  date={form.values.date}
                  slot={form.values.slot}
                  onDate={(date) => form.setValue('date', date)}
                  onSlot={(slot) => {
                    form.setValue('slot', slot);
                    form.setServerError('meeting_time', '');
                  }}
                  timeZone={timeZone}
                  timeError={form.errorOf('meeting_time')}
                />
              </div>
            )}
            <Radio.Group
              id={domId('meeting_type')}
              label={t('appointments:fields.meeting_type')}
              value={form.values.meeting_type || null}
              onChange={(value) => form.setValue('meeting_type', value)}
              error={form.errorOf('meeting_type')}
              withAsterisk={false}
            >
              <Stack gap="xs" mt="xs">
                {config.meeting_types.map((type) => (
                  <Radio
                    key={type.value}
                    value={type.value}
                    label={localized(type.label, language) || t(`appointments:types.${type.value}`)}
                    description={localized(type.description, language) || undefined}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Group justify="flex-end" gap="sm">
              <Button variant="outline" onClick={onClose}>
                {t('appointments:cancel')}
              </Button>
              {/* Spec 2: Next is disabled until date, time and type are set and nothing is wrong. */}
              <Button type="submit" disabled={slotIssues.length > 0}>
                {t('appointments:next')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {step === 'contact' && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('appointments:contact_intro')}</Text>
            <Group grow gap="sm" align="flex-start" wrap="wrap">
              {text('first_name', { autoComplete: 'given-name', 'data-autofocus': true })}
              {text('last_name', { autoComplete: 'family-name' })}
            </Group>
            {text('company_name', { autoComplete: 'organization' })}
            {text('contact_email', { type: 'email', autoComplete: 'email' })}
            {text('contact_phone', { type: 'tel', autoComplete: 'tel' })}
            <Textarea
              id={domId('notes')}
              label={t('appointments:fields.notes')}
              description={t('appointments:notes_hint')}
              value={form.values.notes}
              onChange={(event) => form.setValue('notes', event.currentTarget.value)}
              onBlur={() => form.touch('notes')}
              error={form.errorOf('notes')}
              rows={3}
            />
            <Group justify="space-between" gap="sm">
              <Button variant="outline" onClick={() => setStep('slot')} disabled={book.isPending}>
                {t('appointments:back')}
              </Button>
              <Button type="submit" loading={book.isPending}>
                {t('appointments:book')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {step === 'done' && booked && (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status" title={t('appointments:booked_title')}>
            {t('appointments:booked_text', { email: booked.contact_email })}
          </Alert>
          <AppointmentSummary appointment={booked} config={config} />
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('appointments:done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
