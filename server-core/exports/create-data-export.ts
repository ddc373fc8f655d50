import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { enqueueJob } from '../jobs/jobs';
import { DomainError, notFound } from '../lib/errors';
import { newId } from '../lib/ulid';
import {
  BUILD_EXPORT_JOB,
  type DataExport,
  EXPORT_COLUMNS,
  type ExportFormat,
  type ExportScope,
} from './data-export';

/**
 * Records an export and enqueues its build in the same commit (the worker streams the rows). The one-contact
 * scope needs a contact of the workspace (not_found otherwise).
 */
export async function createDataExport(
  ctx: Ctx,
  input: { scope: ExportScope; format: ExportFormat; contactId?: string | null },
): Promise<DataExport> {
  const now = ctx.clock.now();
  const contactId = input.scope === 'contact' ? (input.contactId ?? null) : null;
  if (input.scope === 'contact' && !contactId)
    throw new DomainError(
      'validation_failed',
      { field: 'contact_id', rule: 'required' },
      'scope contact needs contact_id.',
    );
  if (input.scope !== 'contact' && input.contactId)
    throw new DomainError(
      'validation_failed',
      { field: 'contact_id', rule: 'only_with_scope_contact' },
      'contact_id goes with scope contact only.',
    );
  return ctx.db.tx(async (tx) => {
    if (contactId) {
      const found = await tx.query('select 1 from contacts where workspace_id = $1 and id = $2', [
        ctx.workspaceId,
        contactId,
      ]);
      if (found.length === 0) throw notFound('contact');
    }
    const id = newId(now).toLowerCase();
    const [row] = await tx.query<DataExport>(
      `insert into data_exports (workspace_id, id, scope, contact_id, format, state, requested_by, created_at, updated_at)
       values ($1, $2, $3, $4, $5, 'pending', $6, $7, $7) returning ${EXPORT_COLUMNS}`,
      [ctx.workspaceId, id, input.scope, contactId, input.format, ctx.actor.id, now],
    );
    await enqueueJob(
      tx,
      { kind: BUILD_EXPORT_JOB, workspaceId: ctx.workspaceId, payload: { export_id: id }, maxAttempts: 3 },
      now,
    );
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: 'data_export.created',
        targetType: 'data_export',
        targetId: id,
        data: { scope: input.scope, format: input.format },
      },
    );
    return row!;
  });
}
