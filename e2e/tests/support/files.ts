import type { FileChooser, Locator } from '@playwright/test';

type Files = Parameters<FileChooser['setFiles']>[0];

/**
 * Chooses files as a person does (issue 26): a click on the trigger (a tap on the phone project,
 * which runs with touch), the browser's file chooser opens, the files are picked there. Never
 * set an input's files directly: that passes while the button itself may never open the chooser.
 */
export async function chooseFiles(trigger: Locator, files: Files): Promise<void> {
  const page = trigger.page();
  const chooser = page.waitForEvent('filechooser');
  // A page with touch (the phone project, or a context made with hasTouch) taps.
  if (await page.evaluate(() => navigator.maxTouchPoints > 0)) await trigger.tap();
  else await trigger.click();
  await (await chooser).setFiles(files);
}
