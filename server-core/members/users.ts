import type { Sql } from '../db/db';
import { DomainError } from '../lib/errors';
import { hashPassword, MAX_PASSWORD_LENGTH } from '../lib/password';
import { newId } from '../lib/ulid';

export interface User {
  id: string;
  email: string;
  name: string | null;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const MIN_PASSWORD_LENGTH = 12;

export async function createUser(
  db: Sql,
  input: { email: string; name?: string | null; password?: string | null; now: Date },
): Promise<User> {
  let hash: string | null = null;
  if (input.password != null) {
    if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH) {
      throw new DomainError(
        'validation_failed',
        {
          field: 'password',
        },
        `A password has ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
      );
    }
    hash = await hashPassword(input.password);
  }
  const [row] = await db.query<User>(
    `insert into users (id, email, email_normalized, name, password_hash, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6) returning id, email, name`,
    [newId(input.now), input.email.trim(), normalizeEmail(input.email), input.name ?? null, hash, input.now],
  );
  return row!;
}

export async function findUserById(db: Sql, id: string): Promise<User | null> {
  const rows = await db.query<User>('select id, email, name from users where id = $1', [id]);
  return rows[0] ?? null;
}
