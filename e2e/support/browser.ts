import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright';

/** Debian's Chromium (never a downloaded browser), headless, with the flags this machine needs. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath))
    throw new Error(`No Chromium at ${executablePath}; install Debian's chromium or set CHROMIUM_PATH.`);
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
