import type { Config } from '../bff/config';
import type { Logger } from '../bff/logger';
import { createSecretBox, type SecretBox } from '../server-core/lib/secret-box';
import type { WebhookTransport } from '../server-core/webhooks/transport';
import { createHttpTransport } from './http/transport';

/** What a worker needs to deliver webhooks: the secret box and the guarded HTTP transport. */
export function webhookDeliveryDeps(
  config: Config,
  masterKey: Buffer,
): { box: SecretBox; webhookTransport: WebhookTransport } {
  return {
    box: createSecretBox(masterKey),
    webhookTransport: createHttpTransport({ allowHosts: config.unsafeWebhookAllowHosts }),
  };
}

/** Said once at start by every process that registers or delivers webhooks. */
export function warnIfUnsafeWebhookHosts(config: Config, logger: Logger): void {
  if (config.unsafeWebhookAllowHosts.length === 0) return;
  logger.warn(
    'UNSAFE: webhook URLs may reach non-public hosts (UNSAFE_WEBHOOK_ALLOW_HOSTS); never in production',
    {
      hosts: config.unsafeWebhookAllowHosts.join(','),
    },
  );
}
