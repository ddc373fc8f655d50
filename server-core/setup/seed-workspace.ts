import { randomBytes } from 'node:crypto';
import { ALL_ABILITIES } from '../apikeys/abilities';
import { createApiKey } from '../apikeys/create-api-key';
import type { Sql } from '../db/db';
import { addMembership } from '../members/memberships';
import { createUser } from '../members/users';
import { createWorkspace } from '../workspaces/create-workspace';

export interface SeededWorkspace {
  workspaceId: string;
  websiteId: string;
  ownerEmail: string;
  ownerPassword: string;
  apiKey: string;
}

/** A readable random password: 4 groups of 5 base32 characters (~100 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  return chars.match(/.{5}/g)!.join('-');
}

/**
 * A fresh workspace with an owner who can sign in and an API key holding every ability that exists
 * now. Used by the demo seed and `npm run seed`. All in one transaction: nothing half-written.
 */
export async function seedWorkspace(
  db: Sql,
  input: { now: Date; name: string; ownerEmail?: string; ownerName?: string },
): Promise<SeededWorkspace> {
  return db.tx(async (tx) => {
    const workspace = await createWorkspace(tx, { name: input.name, now: input.now });
    const ownerEmail = input.ownerEmail ?? `owner+${workspace.id}@example.test`;
    const ownerPassword = generatePassword();
    const owner = await createUser(tx, {
      email: ownerEmail,
      name: input.ownerName ?? 'Workspace Owner',
      password: ownerPassword,
      now: input.now,
    });
    await addMembership(tx, { workspaceId: workspace.id, userId: owner.id, role: 'owner', now: input.now });
    const { plaintext } = await createApiKey(
      {
        db: tx,
        clock: { now: () => input.now },
        workspaceId: workspace.id,
        actor: { type: 'user', id: owner.id },
      },
      { name: 'Seed key (every ability)', abilities: ALL_ABILITIES },
    );
    return {
      workspaceId: workspace.id,
      websiteId: workspace.website_id,
      ownerEmail,
      ownerPassword,
      apiKey: plaintext,
    };
  });
}
