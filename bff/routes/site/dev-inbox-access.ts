import { parseAddress } from '../../client-ip/address';

const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via'];

/**
 * Whether a request may read the dev inbox: only while no SMTP relay is configured (mail is then held
 * in the outbox, never sent), and only from a loopback socket that no proxy forwarded. The inbox shows
 * password-reset and invitation links; an instance reachable from elsewhere, or through a proxy on the
 * same host, must not hand them out.
 */
export function mayReadDevInbox(input: {
  smtpConfigured: boolean;
  socketAddress: string | undefined;
  header(name: string): string | undefined;
}): boolean {
  if (input.smtpConfigured || !input.socketAddress) return false;
  const peer = parseAddress(input.socketAddress);
  if (peer?.range() !== 'loopback') return false;
  return PROXY_HEADERS.every((name) => input.header(name) === undefined);
}
