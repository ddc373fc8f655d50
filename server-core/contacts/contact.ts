/** A contact as stored (spec service-api.md section 2). */
export interface Contact {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  external_id: string | null;
  verified: boolean;
  attributes: Record<string, AttributeValue>;
  unsubscribed: boolean;
  last_seen_at: Date;
  created_at: Date;
  updated_at: Date;
}

export type AttributeValue = string | number | boolean;

export const CONTACT_COLUMNS =
  'id, email, name, phone, external_id, verified, attributes, unsubscribed, last_seen_at, created_at, updated_at';
