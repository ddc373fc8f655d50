import { addOperatorVerifiedDomain } from '../automation/add-operator-verified-domain';
import type { VerifiedDomain } from '../automation/verified-domain';
import { replyToConversation } from '../conversations/reply-to-conversation';
import type { Db } from '../db/db';
import { isBuiltFlag, isFlag } from '../flags/catalog';
import { setFlag } from '../flags/flags';
import {
  addHelpCenterHost,
  listHelpCenterHosts,
  removeHelpCenterHost,
} from '../help-center/help-center-hosts';
import type { Clock } from '../lib/clock';
import { DomainError } from '../lib/errors';
import { parseUlid } from '../lib/ulid';
import { type SeededWorkspace, seedWorkspace } from '../setup/seed-workspace';
import {
  updateWidgetSettings,
  type WidgetSettings,
  type WidgetSettingsPatch,
} from '../widget/widget-settings';
import { getWorkspace } from '../workspaces/create-workspace';

/** Operator commands, run by the CLI directly or by the running server for it (ops socket). */
export type OpsCommand =
  | { command: 'seed'; name?: string }
  | { command: 'flag'; workspaceId: string; flag: string; enabled: boolean }
  | {
      command: 'widget';
      workspaceId: string;
      settings: WidgetSettingsPatch;
    }
  | { command: 'help-center-host'; action: 'add' | 'remove' | 'list'; workspaceId: string; host?: string }
  | { command: 'verified-domain'; action: 'add' | 'list'; workspaceId: string; domain?: string }
  | { command: 'reply'; workspaceId: string; conversationId: string; text: string };

export type OpsResult =
  | SeededWorkspace
  | { workspaceId: string; flag: string; enabled: boolean }
  | { workspaceId: string; widget: Omit<WidgetSettings, 'installed_at' | 'updated_at'> }
  | { workspaceId: string; helpCenterHosts: string[] }
  | { workspaceId: string; verifiedDomains: Pick<VerifiedDomain, 'id' | 'domain' | 'status'>[] }
  | { workspaceId: string; conversationId: string; messageId: string; author: string | null };

async function existingWorkspace(db: Db, id: string): Promise<string> {
  const workspaceId = parseUlid(id);
  if (!workspaceId || !(await getWorkspace(db, workspaceId))) {
    throw new DomainError('not_found', {}, `No workspace ${id}.`);
  }
  return workspaceId;
}

export async function runOpsCommand(db: Db, clock: Clock, cmd: OpsCommand): Promise<OpsResult> {
  switch (cmd.command) {
    case 'seed':
      return seedWorkspace(db, { now: clock.now(), name: cmd.name?.trim() || 'Seeded workspace' });
    case 'flag': {
      if (!isFlag(cmd.flag)) {
        throw new DomainError('unknown_flag', { flag: cmd.flag }, `Unknown flag ${cmd.flag}.`);
      }
      if (!isBuiltFlag(cmd.flag)) {
        throw new DomainError(
          'unknown_flag',
          { flag: cmd.flag },
          `Flag ${cmd.flag} switches a feature that is not built yet; npm run ops lists the flags that exist.`,
        );
      }
      const workspaceId = await existingWorkspace(db, cmd.workspaceId);
      await setFlag(db, workspaceId, cmd.flag, cmd.enabled, clock.now());
      return { workspaceId, flag: cmd.flag, enabled: cmd.enabled };
    }
    case 'help-center-host': {
      // Help-center hosts have no portal operation (OPERATIONS.md names none): operators map them here.
      const workspaceId = await existingWorkspace(db, cmd.workspaceId);
      if (cmd.action !== 'list' && !cmd.host) throw new DomainError('invalid_host');
      if (cmd.action === 'add')
        await addHelpCenterHost(db, { workspaceId, host: cmd.host!, now: clock.now() });
      if (cmd.action === 'remove' && !(await removeHelpCenterHost(db, { workspaceId, host: cmd.host! })))
        throw new DomainError('not_found', {}, `${cmd.host} does not serve workspace ${workspaceId}.`);
      return { workspaceId, helpCenterHosts: await listHelpCenterHosts(db, workspaceId) };
    }
    case 'verified-domain': {
      // The operator's word for a host no public fetch can verify (an intranet name, localhost): verified at
      // once, audited as method operator. Removing is the portal's removeVerifiedDomain.
      const workspaceId = await existingWorkspace(db, cmd.workspaceId);
      if (cmd.action === 'add') {
        if (!cmd.domain) throw new DomainError('invalid_host');
        await addOperatorVerifiedDomain(db, {
          workspaceId,
          domain: cmd.domain,
          now: clock.now(),
          source: 'operator',
        });
      }
      const rows = await db.query<Pick<VerifiedDomain, 'id' | 'domain' | 'status'>>(
        'select id, domain, status from verified_domains where workspace_id = $1 order by domain',
        [workspaceId],
      );
      return { workspaceId, verifiedDomains: rows };
    }
    case 'reply': {
      // Staff's reply from a terminal (the demo has no inbox UI): as the workspace's first member of role
      // member (the demo's staff login), else as the system. The widget hears it like any staff reply.
      const workspaceId = await existingWorkspace(db, cmd.workspaceId);
      const conversationId = parseUlid(cmd.conversationId);
      if (!conversationId) throw new DomainError('not_found', {}, `No conversation ${cmd.conversationId}.`);
      const [staff] = await db.query<{ user_id: string }>(
        `select user_id from memberships where workspace_id = $1 and role = 'member' order by created_at, user_id limit 1`,
        [workspaceId],
      );
      const message = await replyToConversation(
        {
          db,
          clock,
          workspaceId,
          actor: staff ? { type: 'user', id: staff.user_id } : { type: 'system', id: null },
        },
        { conversationId, body: cmd.text },
      );
      return { workspaceId, conversationId, messageId: message.id, author: message.author_name };
    }
    case 'widget': {
      // The same fields as updateWidgetSettings (the staff console's operation), for operators.
      const workspaceId = await existingWorkspace(db, cmd.workspaceId);
      const {
        installed_at: _installed,
        updated_at: _updated,
        ...widget
      } = await updateWidgetSettings(
        { db, clock, workspaceId, actor: { type: 'system', id: null } },
        cmd.settings,
      );
      return { workspaceId, widget };
    }
  }
}
