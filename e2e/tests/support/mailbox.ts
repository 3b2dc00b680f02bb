import { expect, type APIRequestContext } from '@playwright/test';
import { apiUrl } from './env';

/** A new e-mail address for each call, unique across the workers (the shared factories' uniqueEmail). */
export { uniqueEmail } from '@finportal/testing/factories';

export interface Mail {
  id: string;
  partner: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  language: string;
  /** Files attached (the appointment e-mails' calendar files), their text content. */
  attachments?: { filename: string; content_type: string; content: string }[];
}

/** Waits for the newest mail of a template to an address in the dev mailbox. */
export async function waitForMail(request: APIRequestContext, to: string, template: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(apiUrl(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`));
        const body = (await res.json()) as { messages: Mail[] };
        found = body.messages.find((m) => m.template === template);
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

export function linkIn(mail: Mail): string {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return match[0];
}
