/** A contact as stored and as the API shows it (spec service-api.md section 2). */
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

export function contactJson(c: Contact) {
  return {
    id: c.id,
    email: c.email,
    name: c.name,
    phone: c.phone,
    external_id: c.external_id,
    verified: c.verified,
    attributes: c.attributes,
    unsubscribed: c.unsubscribed,
    last_seen_at: c.last_seen_at.toISOString(),
    created_at: c.created_at.toISOString(),
  };
}
