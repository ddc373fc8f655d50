import type { Browser } from 'playwright';
import { launchChromium } from './browser';
import { webhookReceiver } from './experiences-part2';
import { type HostServer, startHostServer } from './host-server';
import { type ChildServer, startChildServer } from './server';

export interface WebhookWorld {
  browser: Browser;
  host: HostServer;
  /** Its own server: only UNSAFE_WEBHOOK_ALLOW_HOSTS lets deliveries reach the loopback receiver. */
  server: ChildServer;
  hooks: Awaited<ReturnType<typeof webhookReceiver>>;
  close(): Promise<void>;
}

/** Chromium, a host page origin, a server of its own and a webhook receiver on loopback, started together. */
export async function startWebhookWorld(): Promise<WebhookWorld> {
  const [browser, host, server, hooks] = await Promise.all([
    launchChromium(),
    startHostServer(),
    startChildServer({ UNSAFE_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' }),
    webhookReceiver(),
  ]);
  return {
    browser,
    host,
    server,
    hooks,
    async close() {
      await browser.close();
      await host.close();
      await server.stop();
      await hooks.close();
    },
  };
}
