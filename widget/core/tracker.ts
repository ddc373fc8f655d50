import { eventNameProblem, eventPropertiesProblem } from './event-rules';
import { warn } from './warn';

/** Widget.track sends at most this many events a minute; the rest are dropped with one warning. */
export const TRACK_PER_MINUTE = 30;

/**
 * The browser side of Widget.track: validate before sending, 30 a minute, and after a 409 (anonymous
 * visitor) one warning and nothing sent until user.set succeeds (nothing is buffered). With the
 * tracking flag off it is a silent no-op.
 */
export function createTracker(deps: {
  enabled: () => boolean;
  now: () => number;
  send: (name: string, properties: unknown) => Promise<number>;
}) {
  const sent: number[] = [];
  let rateWarned = false;
  let anonymous = false;
  return {
    /** Returns the send to run in call order, or null when the call is invalid or tracking is off. */
    track(name: unknown, properties?: unknown): (() => Promise<void>) | null {
      if (!deps.enabled()) return null;
      const problem = eventNameProblem(name) ?? eventPropertiesProblem(properties);
      if (problem) {
        warn(`track(${JSON.stringify(name)}) was not sent: ${problem}`);
        return null;
      }
      // Decided in call order, after any user.set queued before this call has finished.
      return async () => {
        if (anonymous) return;
        const now = deps.now();
        while (sent.length > 0 && sent[0]! <= now - 60_000) sent.shift();
        if (sent.length >= TRACK_PER_MINUTE) {
          if (!rateWarned) warn(`more than ${TRACK_PER_MINUTE} track calls a minute; the rest are dropped`);
          rateWarned = true;
          return;
        }
        rateWarned = false;
        sent.push(now);
        const status = await deps.send(name as string, properties);
        if (status === 409 && !anonymous) {
          anonymous = true;
          warn(
            'track needs an identified visitor: call Widget.user.set first; events are dropped until then',
          );
        } else if (status !== 204 && status !== 409) {
          warn(`track(${JSON.stringify(name)}) failed (${status || 'network error'})`);
        }
      };
    },
    identified(): void {
      anonymous = false;
    },
  };
}
