import type { Sql } from '../db/db';
import { constantTimeEqual, deriveKey, hmacSha256Hex } from '../lib/crypto';

const SETTING = 'secret_key_fingerprint';

/**
 * Records which master key a database was set up with and refuses a different one: a node started
 * with the wrong SECRET_KEY would otherwise fail to open every sealed secret, one request at a time.
 */
export async function checkSecretKeyFingerprint(db: Sql, masterKey: Buffer, now: Date): Promise<void> {
  const fingerprint = hmacSha256Hex(deriveKey(masterKey, 'fingerprint'), SETTING);
  await db.tx(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('secret-key-fingerprint'))");
    const rows = await tx.query<{ value: string }>('select value from instance_settings where key = $1', [
      SETTING,
    ]);
    if (!rows[0]) {
      await tx.query('insert into instance_settings (key, value, updated_at) values ($1, $2, $3)', [
        SETTING,
        fingerprint,
        now,
      ]);
      return;
    }
    if (!constantTimeEqual(rows[0].value, fingerprint)) {
      throw new Error(
        'SECRET_KEY is not the key this database was set up with. Start with the original SECRET_KEY ' +
          '(or the secret.key file of the original DATA_DIR); every node must share one key.',
      );
    }
  });
}
