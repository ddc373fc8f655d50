import { DomainError } from '../lib/errors';
import {
  type ScimEmail,
  type ScimUserFields,
  scimBoolean,
  scimEmails,
  scimText,
  scimUserName,
} from './user-fields';

export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const MAX_OPERATIONS = 100;

/** One PATCH operation, its op name lower-cased and its path parsed. */
export interface PatchOperation {
  index: number;
  op: 'add' | 'replace' | 'remove';
  path: PatchPath | null;
  value: unknown;
}

/** `attr`, `attr.sub`, or `attr[field eq "v"]` with an optional `.sub` (RFC 7644 section 3.5.2). */
export interface PatchPath {
  attribute: string;
  sub: string | null;
  where: { field: string; value: string | boolean } | null;
}

const refuse = (index: number, message: string) =>
  new DomainError('scim_invalid_patch', { operation: index }, message);

const PATH =
  /^\s*(?:urn:[A-Za-z0-9:._-]+:)?([A-Za-z][A-Za-z0-9_-]*)(?:\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false)\s*\])?(?:\.([A-Za-z][A-Za-z0-9_-]*))?\s*$/i;

/** A PATCH path as one anchored production; anything else is 400. Attribute names lower-cased. */
export function parsePatchPath(path: string, index: number): PatchPath {
  const m = path.length <= 500 ? PATH.exec(path) : null;
  if (!m) throw refuse(index, `Operations[${index}].path is not a supported path.`);
  let where: PatchPath['where'] = null;
  if (m[2]) {
    let value: unknown;
    try {
      value = JSON.parse(
        m[3]!.toLowerCase() === 'true' || m[3]!.toLowerCase() === 'false' ? m[3]!.toLowerCase() : m[3]!,
      );
    } catch {
      throw refuse(index, `Operations[${index}].path has a malformed value filter.`);
    }
    where = { field: m[2].toLowerCase(), value: value as string | boolean };
  }
  return { attribute: m[1]!.toLowerCase(), sub: m[4]?.toLowerCase() ?? null, where };
}

/**
 * The Operations of a PATCH body as Okta and Entra send them: `Operations` (capital O; `operations`
 * accepted too), op names in any case ("Replace", "add"), paths parsed. A body without them is 400.
 */
export function patchOperations(body: unknown): PatchOperation[] {
  const o = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<
    string,
    unknown
  >;
  const list = o.Operations ?? o.operations;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_OPERATIONS) {
    throw refuse(-1, `A PATCH body holds Operations: 1 to ${MAX_OPERATIONS} operations.`);
  }
  return list.map((raw, index) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw refuse(index, 'An operation is an object.');
    const op = raw as Record<string, unknown>;
    const name = typeof op.op === 'string' ? op.op.trim().toLowerCase() : '';
    if (name !== 'add' && name !== 'replace' && name !== 'remove') {
      throw refuse(index, `Operations[${index}].op must be add, replace or remove.`);
    }
    if (op.path !== undefined && op.path !== null && typeof op.path !== 'string') {
      throw refuse(index, `Operations[${index}].path must be a string.`);
    }
    const path = typeof op.path === 'string' && op.path.trim() !== '' ? parsePatchPath(op.path, index) : null;
    if (!path && name === 'remove') throw refuse(index, `Operations[${index}]: remove needs a path.`);
    return { index, op: name, path, value: op.value };
  });
}

const NAME_SUBS = { givenname: 'givenName', familyname: 'familyName', formatted: 'formatted' } as const;

/** Sets one attribute of a user (a path-less value's key, or a path); unknown attributes are ignored. */
function setUserAttribute(
  f: ScimUserFields,
  path: PatchPath,
  value: unknown,
  op: PatchOperation,
): ScimUserFields {
  const clear = op.op === 'remove';
  const { attribute, sub } = path;
  switch (attribute) {
    case 'username':
      if (clear) throw refuse(op.index, 'userName cannot be removed.');
      return { ...f, userName: scimUserName(value) };
    case 'externalid':
      return { ...f, externalId: clear ? null : scimText(value, 'externalId') };
    case 'displayname':
      return { ...f, displayName: clear ? null : scimText(value, 'displayName') };
    case 'active':
      if (clear) throw refuse(op.index, 'active cannot be removed.');
      return { ...f, active: scimBoolean(value, 'active') };
    case 'name': {
      if (sub) {
        const key = NAME_SUBS[sub as keyof typeof NAME_SUBS];
        return key ? { ...f, [key]: clear ? null : scimText(value, `name.${key}`) } : f;
      }
      if (clear) return { ...f, givenName: null, familyName: null, formatted: null };
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw refuse(op.index, 'name is an object.');
      let next = f;
      for (const [k, v] of Object.entries(value)) {
        next = setUserAttribute(next, { attribute: 'name', sub: k.toLowerCase(), where: null }, v, op);
      }
      return next;
    }
    case 'emails':
      return { ...f, emails: patchEmails(f.emails, path, value, op) };
    default:
      // roles (a read-only echo), schemas, id, meta and attributes this service does not keep.
      return f;
  }
}

function patchEmails(emails: ScimEmail[], path: PatchPath, value: unknown, op: PatchOperation): ScimEmail[] {
  const { sub, where } = path;
  if (!where) {
    if (op.op === 'remove') return [];
    if (sub) return emails; // emails.value without a filter: ambiguous, ignored
    const given = scimEmails(Array.isArray(value) ? value : [value]);
    return op.op === 'add' ? [...emails, ...given] : given;
  }
  const matches = (e: ScimEmail) => {
    const field =
      where.field === 'type'
        ? e.type
        : where.field === 'value'
          ? e.value
          : where.field === 'primary'
            ? e.primary
            : undefined;
    return typeof field === 'string' && typeof where.value === 'string'
      ? field.toLowerCase() === where.value.toLowerCase()
      : field === where.value;
  };
  if (op.op === 'remove') return emails.filter((e) => !matches(e));
  const found = emails.findIndex(matches);
  if (sub === 'value' || sub === null) {
    const address =
      sub === 'value' ? scimText(value, 'emails.value') : (scimEmails([value])[0]?.value ?? null);
    if (!address) throw refuse(op.index, 'An e-mail needs a value.');
    if (found >= 0) return emails.map((e, i) => (i === found ? { ...e, value: address } : e));
    const type = where.field === 'type' && typeof where.value === 'string' ? where.value : null;
    return [
      ...emails,
      {
        value: address,
        type,
        primary: where.field === 'primary' ? where.value === true : emails.length === 0,
      },
    ];
  }
  if (sub === 'primary' && found >= 0) {
    const primary = scimBoolean(value, 'emails.primary');
    return emails.map((e, i) => (i === found ? { ...e, primary } : e));
  }
  return emails;
}

/**
 * The user after the operations, applied in order. A path-less add or replace carries an object of
 * attributes (Okta: `{ op: "replace", value: { active: false } }`; keys may be paths such as
 * `name.givenName`); a path names one attribute, with a value filter on emails
 * (`emails[type eq "work"].value`, Entra). Unknown attributes are ignored, as in POST and PUT.
 */
export function applyUserPatch(current: ScimUserFields, operations: PatchOperation[]): ScimUserFields {
  let f = current;
  for (const op of operations) {
    if (op.path) {
      f = setUserAttribute(f, op.path, op.value, op);
      continue;
    }
    if (typeof op.value !== 'object' || op.value === null || Array.isArray(op.value)) {
      throw refuse(op.index, `Operations[${op.index}]: a path-less ${op.op} carries an object value.`);
    }
    for (const [key, value] of Object.entries(op.value)) {
      f = setUserAttribute(f, parsePatchPath(key, op.index), value, op);
    }
  }
  return f;
}

/** What a group PATCH changes: its displayName / externalId, and members added, removed or replaced. */
export interface GroupPatch {
  displayName?: string;
  externalId?: string | null;
  add: string[];
  remove: string[];
  /** The complete member list (replace on members), or null. */
  replace: string[] | null;
  removeAll: boolean;
}

function memberIds(value: unknown, index: number): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((m) => {
    const id = typeof m === 'object' && m !== null ? (m as Record<string, unknown>).value : m;
    if (typeof id !== 'string' || id.length === 0 || id.length > 100)
      throw refuse(index, 'A member is { value: "<user id>" }.');
    return id;
  });
}

/**
 * A group PATCH as Okta and Entra send it: `add` members with a list of `{ value }`; `remove` with path
 * `members[value eq "<id>"]` or with path `members` and a list of `{ value }` (Entra), or path `members`
 * alone (all); `replace` on `members` (the whole list), on `displayName` / `externalId`, or path-less with
 * an object (`{ id, displayName }`, Okta).
 */
export function groupPatchOf(operations: PatchOperation[]): GroupPatch {
  const patch: GroupPatch = { add: [], remove: [], replace: null, removeAll: false };
  for (const op of operations) {
    const path = op.path;
    if (!path) {
      if (typeof op.value !== 'object' || op.value === null || Array.isArray(op.value)) {
        throw refuse(op.index, `Operations[${op.index}]: a path-less ${op.op} carries an object value.`);
      }
      const v = op.value as Record<string, unknown>;
      if (v.displayName !== undefined) patch.displayName = groupDisplayName(v.displayName);
      if (v.externalId !== undefined) patch.externalId = scimText(v.externalId, 'externalId');
      if (v.members !== undefined) {
        if (op.op === 'add') patch.add.push(...memberIds(v.members, op.index));
        else patch.replace = memberIds(v.members, op.index);
      }
      continue;
    }
    if (path.attribute === 'displayname') {
      if (op.op === 'remove') throw refuse(op.index, 'displayName cannot be removed.');
      patch.displayName = groupDisplayName(op.value);
    } else if (path.attribute === 'externalid') {
      patch.externalId = op.op === 'remove' ? null : scimText(op.value, 'externalId');
    } else if (path.attribute === 'members') {
      if (path.where) {
        if (path.where.field !== 'value' || typeof path.where.value !== 'string' || op.op !== 'remove') {
          throw refuse(op.index, 'members[value eq "<id>"] is a remove path.');
        }
        patch.remove.push(path.where.value);
      } else if (op.op === 'add') {
        patch.add.push(...memberIds(op.value, op.index));
      } else if (op.op === 'replace') {
        patch.replace = memberIds(op.value, op.index);
      } else if (op.value === undefined || op.value === null) {
        patch.removeAll = true;
      } else {
        patch.remove.push(...memberIds(op.value, op.index));
      }
    }
    // Other attributes of a group are not kept: ignored.
  }
  return patch;
}

export function groupDisplayName(value: unknown): string {
  const text = scimText(value, 'displayName');
  if (!text) throw new DomainError('validation_failed', { field: 'displayName' }, 'displayName is required.');
  return text;
}
