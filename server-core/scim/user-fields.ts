import { DomainError } from '../lib/errors';

/** One address of a SCIM user (RFC 7643 section 4.1.2). */
export interface ScimEmail {
  value: string;
  type: string | null;
  primary: boolean;
}

/** The writable attributes of a SCIM user this service keeps; everything else a client sends is ignored. */
export interface ScimUserFields {
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  formatted: string | null;
  displayName: string | null;
  emails: ScimEmail[];
  active: boolean;
}

const MAX_TEXT = 500;
const MAX_EMAILS = 20;

const invalid = (field: string, message: string) => new DomainError('validation_failed', { field }, message);

/** A SCIM boolean as identity providers send it: true/false, or the strings "True"/"false" in any case. */
export function scimBoolean(value: unknown, field: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
    return value.trim().toLowerCase() === 'true';
  throw invalid(field, `${field} must be a boolean.`);
}

/** An optional string attribute: a string (trimmed, bounded), or null for null / absent. */
export function scimText(value: unknown, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw invalid(field, `${field} must be a string.`);
  const text = value.trim();
  if (text.length > MAX_TEXT) throw invalid(field, `${field} has at most ${MAX_TEXT} characters.`);
  return text === '' ? null : text;
}

/** userName: required, treated as the e-mail address (spec service-api.md section 2). */
export function scimUserName(value: unknown): string {
  const text = scimText(value, 'userName');
  if (!text) throw invalid('userName', 'userName is required.');
  if (!/^[^\s@]+@[^\s@]+$/.test(text)) throw invalid('userName', 'userName must be an e-mail address.');
  return text;
}

export function scimEmails(value: unknown): ScimEmail[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_EMAILS) throw invalid('emails', 'emails must be a list.');
  return value.map((e, i) => {
    if (typeof e !== 'object' || e === null || Array.isArray(e))
      throw invalid('emails', 'emails holds objects.');
    const o = e as Record<string, unknown>;
    const address = scimText(o.value, `emails.${i}.value`);
    if (!address) throw invalid(`emails.${i}.value`, 'An e-mail needs a value.');
    return {
      value: address,
      type: scimText(o.type, `emails.${i}.type`),
      primary:
        o.primary === undefined || o.primary === null ? false : scimBoolean(o.primary, `emails.${i}.primary`),
    };
  });
}

const objectOrEmpty = (value: unknown, field: string): Record<string, unknown> => {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(field, `${field} must be an object.`);
  return value as Record<string, unknown>;
};

/**
 * The fields of a full SCIM user representation (POST, PUT): the known attributes read tolerantly,
 * the rest (roles included: a read-only echo, writes ignored) left alone. An absent `active` is
 * `activeByDefault` (true on create; the stored value on PUT).
 */
export function userFieldsOf(body: Record<string, unknown>, activeByDefault = true): ScimUserFields {
  const name = objectOrEmpty(body.name, 'name');
  return {
    userName: scimUserName(body.userName),
    externalId: scimText(body.externalId, 'externalId'),
    givenName: scimText(name.givenName, 'name.givenName'),
    familyName: scimText(name.familyName, 'name.familyName'),
    formatted: scimText(name.formatted, 'name.formatted'),
    displayName: scimText(body.displayName, 'displayName'),
    emails: scimEmails(body.emails),
    active:
      body.active === undefined || body.active === null
        ? activeByDefault
        : scimBoolean(body.active, 'active'),
  };
}

/** The display name of a person, for a user created by SCIM. */
export function personName(f: ScimUserFields): string | null {
  return f.displayName ?? f.formatted ?? ([f.givenName, f.familyName].filter(Boolean).join(' ') || null);
}
