import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { registerViaApi } from './support/api';
import {
  alpenApplication,
  confirmEmailViaApi,
  createApplicationViaApi,
  loginViaApi,
  useLanguage,
  useSession,
} from './support/dashboard';
import { partnerUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { uniqueEmail, waitForMail } from './support/mailbox';
import { checkPage } from './support/page-check';

// Issue 12: booking an advisor appointment (alpen: Vienna time, Austrian holidays) by keyboard,
// the banner replaced by the appointment, the confirmation e-mail with its calendar file, and
// cancelling through the e-mail's link. English texts; the browser in Vienna's zone.
test.use({ locale: 'en-GB', timezoneId: 'Europe/Vienna' });

async function customerWithApplication(page: Page) {
  const email = uniqueEmail('appointment');
  await registerViaApi('alpen', email, 'en');
  await confirmEmailViaApi(page.request, 'alpen', email);
  const cookie = await loginViaApi('alpen', email);
  const created = await createApplicationViaApi('alpen', cookie, await alpenApplication('Termin Berger GmbH'));
  await useLanguage(page.context(), 'alpen', 'en');
  await useSession(page.context(), 'alpen', cookie);
  return { email, id: created.applicationId };
}

test('booking by keyboard: a free slot, the contact details, the confirmation; the e-mail with its .ics; cancelling by the link', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const { email, id } = await customerWithApplication(page);
  await page.goto(partnerUrl('alpen', `/dashboard/applications/${id}`));
  const banner = page.getByRole('region', { name: 'Personal consultation' });
  await expect(banner).toBeVisible();

  // Open the booking with the keyboard.
  await banner.getByRole('button', { name: 'Book appointment' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
  await expect(dialog.getByText('Date', { exact: true })).toBeVisible();
  await checkPage(page, testInfo, 'appointment-date');

  // The calendar: the first selectable day, picked with Enter.
  const firstFree = dialog.locator('table button:not([aria-disabled])').first();
  await firstFree.focus();
  await page.keyboard.press('Enter');
  // The day's free times: radio chips (the input is visually hidden, its label shows the time).
  // One advisor cannot be booked twice: each project, retry and repeat takes another half hour.
  const run = (testInfo.project.name === 'phone' ? 1 : 0) + 2 * testInfo.retry + 4 * testInfo.repeatEachIndex;
  const slotLabel = dialog.locator('.mantine-Chip-label').nth(2 * run);
  await expect(slotLabel).toBeVisible();
  const pickedTime = (await slotLabel.innerText()).trim();
  const firstSlot = dialog.getByRole('radio', { name: pickedTime });
  await firstSlot.focus();
  await page.keyboard.press('Space');
  await expect(firstSlot).toBeChecked();
  const phone = dialog.getByRole('radio', { name: /Phone call/ });
  await phone.focus();
  await page.keyboard.press('Space');
  await expect(phone).toBeChecked();
  await dialog.getByRole('button', { name: 'Next', exact: true }).focus();
  await page.keyboard.press('Enter');

  // Contact details: company and e-mail prefilled.
  await expect(dialog.getByRole('textbox', { name: 'Company' })).toHaveValue('Termin Berger GmbH');
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await dialog.getByRole('textbox', { name: 'First name' }).focus();
  await page.keyboard.type('Eva');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Berger');
  await dialog.getByRole('textbox', { name: 'Phone' }).focus();
  await page.keyboard.type('+43 1 2345678');
  await checkPage(page, testInfo, 'appointment-contact');
  await dialog.getByRole('button', { name: 'Book appointment' }).focus();
  await page.keyboard.press('Enter');

  // Confirmation with the advisor; closing shows the appointment instead of the banner.
  await expect(dialog.getByText('Your appointment is booked')).toBeVisible();
  await expect(dialog.getByText('Anna Berger')).toBeVisible();
  await expect(dialog.getByText(pickedTime, { exact: false }).first()).toBeVisible();
  await checkPage(page, testInfo, 'appointment-confirmation');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(banner).toHaveCount(0);
  const booked = page.getByRole('region', { name: 'Your appointment' });
  await expect(booked).toContainText(pickedTime);
  await checkPage(page, testInfo, 'appointment-booked');

  // The e-mail: a calendar file with METHOD:REQUEST whose start is the booked instant.
  const mail = await waitForMail(page.request, email, 'appointment_booked');
  const ics = mail.attachments?.find((a) => a.filename.endsWith('.ics'));
  expect(ics, 'the confirmation carries an .ics file').toBeTruthy();
  const calendar = new ICAL.Component(ICAL.parse(ics!.content));
  expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  const start = event.startDate.toJSDate();
  const shown = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Vienna',
  }).format(start);
  expect(shown).toBe(pickedTime);

  // Cancelling through the link: once.
  const cancelUrl = mail.text.match(/https?:\/\/\S+\/appointments\/cancel\/\S+/)?.[0];
  expect(cancelUrl, 'the e-mail has a cancel link').toBeTruthy();
  await page.context().clearCookies({ name: 'fp_session' }); // the link needs no login
  await page.goto(cancelUrl!);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel appointment' })).toBeVisible();
  await checkPage(page, testInfo, 'appointment-cancel');
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByText('Your appointment has been cancelled')).toBeVisible();
  const cancelled = await waitForMail(page.request, email, 'appointment_cancelled');
  const cancelIcs = cancelled.attachments?.find((a) => a.filename.endsWith('.ics'));
  const cancelCalendar = new ICAL.Component(ICAL.parse(cancelIcs!.content));
  expect(cancelCalendar.getFirstPropertyValue('method')).toBe('CANCEL');
  expect(new ICAL.Event(cancelCalendar.getFirstSubcomponent('vevent')!).uid).toBe(event.uid);

  // The link works once: opened again it says so, with nothing to press.
  await page.goto(cancelUrl!);
  await expect(page.getByText('This link can no longer be used')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
});
