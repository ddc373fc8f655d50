import { expect, it } from 'vitest';
import { checkEventName, checkEventProperties } from '../../server-core/events/event-rules';
import { eventNameProblem, eventPropertiesProblem } from './event-rules';

const NAMES: unknown[] = [
  'signup',
  'a',
  'report.exported',
  'plan:upgraded',
  'a-b_c.d:e',
  `a${'b'.repeat(63)}`,
  `a${'b'.repeat(64)}`,
  'Signup',
  '1st',
  '_x',
  '',
  'with space',
  'service.login',
  'service:login',
  'services.ok',
  'émoji',
  42,
  null,
  undefined,
  ['signup'],
];

const PROPERTIES: unknown[] = [
  undefined,
  {},
  { plan: 'pro', seats: 3, beta: true, gone: null },
  { s: 'x'.repeat(500) },
  { s: 'x'.repeat(501) },
  Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i])),
  Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
  Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'é'.repeat(250)])),
  { nested: { a: 1 } },
  { list: [1, 2] },
  { n: Number.NaN },
  { n: Number.POSITIVE_INFINITY },
  null,
  [],
  'x',
  7,
];

it('the browser rules accept and refuse exactly what the server rules do', () => {
  for (const name of NAMES) {
    expect(eventNameProblem(name) === null, String(name)).toBe(checkEventName(name) === null);
  }
  for (const p of PROPERTIES) {
    expect(eventPropertiesProblem(p) === null, JSON.stringify(p)).toBe(checkEventProperties(p) === null);
  }
});
