import { PRIORITIES, type Priority } from './conversation';

/** A priority's targets in minutes; null: none. */
export interface SlaTarget {
  priority: Priority;
  first_response_minutes: number | null;
  resolution_minutes: number | null;
}

/** The longest target: 365 days. */
export const MAX_SLA_MINUTES = 365 * 24 * 60;

/** Every priority in order, with the stored targets or nulls. */
export function slaTargetsOf(rows: readonly SlaTarget[]): SlaTarget[] {
  return PRIORITIES.map(
    (priority) =>
      rows.find((r) => r.priority === priority) ?? {
        priority,
        first_response_minutes: null,
        resolution_minutes: null,
      },
  );
}
