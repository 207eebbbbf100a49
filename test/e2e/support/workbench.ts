/**
 * Driving VS Code's workbench as a person would: the Explorer's context menu, the command
 * palette, quick picks, notifications, and the panel's webview (nested iframes).
 */
import type { Frame, Locator, Page } from 'playwright-core';

export async function openWorkbench(page: Page, url: string, folder: string): Promise<void> {
  await page.goto(`${url}/?folder=${encodeURIComponent(folder)}`);
  await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
  // The Explorer is filled once the extension host and file service are up.
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
}

/**
 * Right-clicks a file and chooses a command; returns when (Date.now()) the command was clicked.
 * Menus list an extension's items only once its contributions are loaded, which can be a
 * little after the Explorer shows: retry until then.
 */
export async function explorerContextCommand(page: Page, fileName: string, command: string, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  const item = page.locator('.context-view .action-label', { hasText: command }).first();
  for (;;) {
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: fileName }).first().click({ button: 'right' });
    try {
      await item.waitFor({ timeout: 2000 });
      // VS Code menus ignore a click that comes right after they open (the right-click's
      // own release must not pick an item): let it settle as a person's hand would.
      await page.waitForTimeout(600);
      const clickedAt = Date.now();
      await item.click();
      return clickedAt;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (Date.now() > deadline) throw error;
      await page.waitForTimeout(1000);
    }
  }
}

/**
 * Runs a command from the palette. The palette closes by itself when an editor or webview that
 * is still opening takes the focus just after F1: it is then opened again, as a person would.
 */
export async function runPaletteCommand(page: Page, title: string, attempts = 4): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    try {
      await input.waitFor({ state: 'visible', timeout: 10_000 });
      await input.fill(`>${title}`, { timeout: 5000 });
      await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 10_000 });
      await page.keyboard.press('Enter');
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`the palette closed before "${title}" could be run (attempt ${attempt}); opening it again`);
      await page.waitForTimeout(1000);
    }
  }
}

/** Picks one item of the open quick pick by its visible text. */
export async function pickQuickItem(page: Page, text: string): Promise<void> {
  await page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first().click();
}

/**
 * In a multi-select quick pick: exactly these items checked (by their labels), then OK. The
 * list renders only the rows in view (the codec picker is longer than that): it is scrolled
 * until no new row appears.
 */
export async function pickExactly(page: Page, labels: string[]): Promise<void> {
  const rows = page.locator('.quick-input-list .monaco-list-row[role=checkbox]');
  await rows.first().waitFor();
  const seen = new Set<string>();
  for (let pass = 0; pass < 20; pass++) {
    let fresh = 0;
    for (let index = 0; index < (await rows.count()); index++) {
      const row = rows.nth(index);
      const label = ((await row.locator('.label-name').first().textContent()) ?? '').trim();
      if (seen.has(label)) continue;
      seen.add(label);
      fresh++;
      const wanted = labels.includes(label);
      if (((await row.getAttribute('aria-checked')) === 'true') !== wanted) await row.locator('.monaco-checkbox').click();
    }
    if (fresh === 0) break;
    await page.locator('.quick-input-list').hover();
    await page.mouse.wheel(0, 400);
  }
  // Accept from the filter box: with focus left on the last clicked checkbox, Enter may
  // toggle that checkbox instead of accepting the pick.
  await page.locator('.quick-input-widget input').focus();
  await page.keyboard.press('Enter');
}

/** The frame holding the panel's page (webviews nest an iframe inside an iframe). */
export async function panelFrame(page: Page, timeoutMs = 60_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (
        await frame
          .locator('#app')
          .count()
          .catch(() => 0)
      )
        return frame;
    }
    await page.waitForTimeout(250);
  }
  throw new Error('the Payload Lab panel did not appear');
}

/** Waits until the panel shows a comparison run with an id of at least `runId` ended; returns its status line. */
export async function waitForRun(frame: Frame, runId: number, timeoutMs = 180_000): Promise<string> {
  await frame.waitForFunction(
    (wanted) => {
      // Runs in the page; the test's tsconfig has no DOM types.
      const page = globalThis as unknown as {
        document: { querySelector(selector: string): { dataset: Record<string, string | undefined>; textContent: string | null } | null };
      };
      const status = page.document.querySelector('.run-status');
      return Number(status?.dataset.runId || 0) >= wanted && /^(Finished|Cancelled|The run failed)/.test(status?.textContent ?? '');
    },
    runId,
    { timeout: timeoutMs },
  );
  return (await frame.locator('.run-status').first().textContent()) ?? '';
}

export async function notificationTexts(page: Page): Promise<string[]> {
  return page.locator('.notifications-toasts .notification-list-item-message').allTextContents();
}

/**
 * Run Benchmark's last step (where to measure) lists the setting's choice first: Enter keeps
 * it (Node only here). A click on its row right after the previous pick can land while the
 * recycled list is still hidden.
 */
export async function acceptRuntimesStep(page: Page): Promise<void> {
  await page.locator('.quick-input-widget', { hasText: 'where to measure' }).waitFor({ state: 'visible' });
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'Node only' }).waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
}

/** The run id the panel shows now (0 before any run). */
export async function shownRunId(frame: Frame): Promise<number> {
  return Number(
    (await frame
      .locator('.run-status')
      .first()
      .getAttribute('data-run-id')
      .catch(() => null)) || 0,
  );
}

/**
 * Elements of the newest run's entry: the panel keeps earlier runs below it (newest first), each
 * with its own table, verdict and details, so a selector for the run just shown is read there.
 */
export function newest(frame: Frame, selector: string): Locator {
  return frame.locator(`.run-history > section.run-entry:first-of-type ${selector}`);
}

/** A row's details in the newest run as text (opened if they are not), the way a person reads them. */
export async function rowDetails(frame: Frame, codec: string): Promise<string> {
  const toggle = newest(frame, `button[data-details="${codec}"]`);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const id = await toggle.getAttribute('aria-controls');
  return (await frame.locator(`#${id}`).textContent({ timeout: 10_000 })) ?? '';
}

/**
 * The panel's frame, its tab brought to the front first: a hidden webview is destroyed (no
 * retainContextWhenHidden), so a frame found before another editor took the panel's place is
 * gone, and the revived page shows the last run again from its saved state.
 */
export async function showPanel(page: Page): Promise<Frame> {
  const tab = page.locator('.tab', { hasText: 'Payload Lab' }).first();
  if ((await tab.count()) > 0 && (await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  const frame = await panelFrame(page);
  await frame.locator('.run-status').first().waitFor({ timeout: 60_000 });
  return frame;
}
