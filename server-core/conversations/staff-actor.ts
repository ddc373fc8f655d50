import type { Ctx } from '../context';

/** The member acting (a portal session's user), or null for the system (ops commands, jobs). */
export function staffAuthorId(ctx: Ctx): string | null {
  return ctx.actor.type === 'user' ? ctx.actor.id : null;
}
