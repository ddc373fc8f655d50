import { describe, expect, it } from 'vitest';
import { joinedCompounds, queryWithJoinedCompounds, withJoinedCompounds } from './compound-words';

describe('compound words', () => {
  it('joins hyphenated words that hold a letter', () => {
    expect(joinedCompounds('Turn on Wi-Fi, then check your e-mail and two-factor code 2-3 times.')).toEqual([
      'WiFi',
      'email',
      'twofactor',
    ]);
    expect(joinedCompounds('COVID-19 and Caf\u00e9-Bar')).toEqual(['COVID19', 'Caf\u00e9Bar']);
  });

  it('appends the joined forms to indexed text and leaves text without compounds alone', () => {
    expect(withJoinedCompounds('Wi-Fi setup')).toBe('Wi-Fi setup\nWiFi');
    expect(withJoinedCompounds('plain words')).toBe('plain words');
  });

  it('replaces compounds in a query by their joined form', () => {
    expect(queryWithJoinedCompounds('thermostat wi-fi offline')).toBe('thermostat wifi offline');
    expect(queryWithJoinedCompounds('e-mail -draft 1-2')).toBe('email -draft 1-2');
  });

  it('stays linear on hostile input', () => {
    const hostile = `${'a-'.repeat(50_000)}!`;
    expect(joinedCompounds(hostile)).toHaveLength(1);
    expect(queryWithJoinedCompounds('-'.repeat(100_000))).toHaveLength(100_000);
  });
});
