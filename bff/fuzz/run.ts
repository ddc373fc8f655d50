import type { FuzzCase } from './render';
import type { World } from './world';

export interface Outcome {
  case: FuzzCase;
  status: number;
  code: string | null;
}

/** Rate windows are a minute long: the clock moves past them this often, so the fuzz keeps reaching the operations. */
const REQUESTS_PER_WINDOW = 40;

/** Sends the cases in order, in process (app.request, no socket), and keeps each answer's status and code. */
export async function runCases(w: World, cases: FuzzCase[], sent: { count: number }): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const c of cases) {
    const res = await w.t.app.request(c.url, {
      method: c.method,
      headers: c.headers,
      body: c.body as BodyInit | undefined,
    });
    const text = await res.text();
    let code: string | null = null;
    try {
      code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? null;
    } catch {
      code = null;
    }
    outcomes.push({ case: c, status: res.status, code });
    sent.count++;
    if (sent.count % REQUESTS_PER_WINDOW === 0) w.t.clock.advance(61_000);
  }
  return outcomes;
}

export const describeOutcome = (o: Outcome) =>
  `${o.case.op} [${o.case.kind}] ${o.case.label} -> ${o.status}${o.code ? ` ${o.code}` : ''}`;

/** Counts by a key, for the summary the suite prints. */
export function tally<T>(items: T[], key: (t: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of items) out[key(i)] = (out[key(i)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}
