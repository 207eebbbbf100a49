/** Debian's Chromium driven by playwright-core (no browser download), quiet on a closed network. */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.PAYLOAD_LAB_CHROMIUM ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
