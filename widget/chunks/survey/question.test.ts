import { expect, it } from 'vitest';
import { answered } from './question';

it('an answer may be sent once something is chosen or written', () => {
  expect(answered(null)).toBe(false);
  expect(answered(0)).toBe(true);
  expect(answered('opt-a')).toBe(true);
  expect(answered([])).toBe(false);
  expect(answered(['opt-a', 'opt-b'])).toBe(true);
  expect(answered('   ')).toBe(false);
  expect(answered(' fine \n')).toBe(true);
});
