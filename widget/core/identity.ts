import type { Reply } from './transport';
import { describeError } from './transport';
import { warn } from './warn';

export interface UserSetInput {
  email: string;
  name?: string;
  hmac?: string;
  token?: string;
}

/** Checks Widget.user.set's argument in the browser; returns the body to send, or null with a warning. */
export function userSetBody(input: unknown): UserSetInput | null {
  const v = input as Partial<Record<keyof UserSetInput, unknown>> | null;
  if (!v || typeof v !== 'object' || typeof v.email !== 'string' || !v.email.includes('@')) {
    warn('user.set needs { email } with a valid email address');
    return null;
  }
  const body: UserSetInput = { email: v.email };
  for (const k of ['name', 'hmac', 'token'] as const) {
    if (typeof v[k] === 'string') body[k] = v[k] as string;
    else if (v[k] !== undefined && v[k] !== null) {
      warn(`user.set: ${k} must be a string`);
      return null;
    }
  }
  if (body.hmac === undefined && body.token === undefined) {
    warn('user.set needs an hmac or a signed token to verify the identity; nothing was sent');
    return null;
  }
  return body;
}

/** A refused user.set is one warning naming the server's code. */
export function reportIdentify(reply: Reply): boolean {
  if (reply.status === 200) return true;
  warn(`user.set was refused (${describeError(reply)})`);
  return false;
}
