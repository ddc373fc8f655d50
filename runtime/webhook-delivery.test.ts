import { describe, expect, it } from 'vitest';
import { createLogger } from '../bff/logger';
import { testConfig } from '../bff/testing/services';
import { warnIfUnsafeWebhookHosts } from './webhook-delivery';

describe('UNSAFE_WEBHOOK_ALLOW_HOSTS at start', () => {
  it('is logged as unsafe when set, and silent when unset', () => {
    const lines: string[] = [];
    const logger = createLogger('info', (l) => lines.push(l));
    warnIfUnsafeWebhookHosts(testConfig(), logger);
    expect(lines).toEqual([]);
    warnIfUnsafeWebhookHosts(testConfig({ UNSAFE_WEBHOOK_ALLOW_HOSTS: '127.0.0.1,localhost' }), logger);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /WARN +UNSAFE: webhook URLs may reach non-public hosts .* hosts=127\.0\.0\.1,localhost$/,
    );
  });
});
