import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';

describe('password hashing (scrypt)', () => {
  it('verifies the right password only, with a self-describing format and a salt', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('normalises unicode so the same visible password verifies', async () => {
    const hash = await hashPassword('caf\u00e9-password');
    expect(await verifyPassword('cafe\u0301-password', hash)).toBe(true);
  });

  it('never verifies against a malformed or hostile stored hash', async () => {
    const good = await hashPassword('whatever-password');
    for (const stored of [
      '',
      'plaintext',
      good.replace('ln=15', 'ln=40'), // absurd cost would be a DoS
      good.replace('p=3', 'p=99'),
      good.slice(0, -5),
      `${good}$extra`,
      '$scrypt$ln=15,r=8,p=3$$',
    ]) {
      expect(await verifyPassword('whatever-password', stored), stored).toBe(false);
    }
  });

  it('refuses absurdly long passwords without hashing them', async () => {
    const hash = await hashPassword('x'.repeat(20));
    expect(await verifyPassword('x'.repeat(100_000), hash)).toBe(false);
  });

  it('has a dummy hash for unknown users that verifies nothing', async () => {
    const dummy = await dummyPasswordHash();
    expect(await verifyPassword('anything', dummy)).toBe(false);
    expect(await dummyPasswordHash()).toBe(dummy);
  });
});
