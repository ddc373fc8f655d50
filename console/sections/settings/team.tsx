import { useState } from 'preact/hooks';
import type { components } from '../../../bff/openapi/schema';
import { api, errorMessage, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { Button } from '../../ui/button';
import { DialogForm } from '../../ui/dialog-form';
import { Field } from '../../ui/field';
import { Table } from '../../ui/table';
import { toast } from '../../ui/toast';
import type { SettingsPageProps } from './index';

type Member = components['schemas']['Member'];
type Invitation = components['schemas']['Invitation'];
type Role = components['schemas']['Role'];

const ROLES: readonly Role[] = ['owner', 'admin', 'member'];

export function TeamPage({ session }: SettingsPageProps) {
  const path = { workspaceId: session.workspaceId };
  const canManage = session.permissions.includes('members.manage');
  const isOwner = session.role === 'owner';
  const members = useLoad(
    async () => unwrap(await api.GET('/api/v1/workspaces/{workspaceId}/members', { params: { path } })).data,
    [session.workspaceId],
  );
  const invitations = useLoad(
    async () =>
      canManage
        ? unwrap(await api.GET('/api/v1/workspaces/{workspaceId}/invitations', { params: { path } })).data
        : [],
    [session.workspaceId],
  );
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);

  const act = async (what: () => Promise<unknown>, done: string) => {
    try {
      await what();
      toast(done);
      members.reload();
      invitations.reload();
    } catch (e) {
      toast(errorMessage(e), 'error');
    }
  };
  const changeRole = (m: Member, role: Role) =>
    act(
      () =>
        api
          .PATCH('/api/v1/workspaces/{workspaceId}/members/{memberId}', {
            params: { path: { ...path, memberId: m.user_id } },
            body: { role },
          })
          .then(unwrap),
      `${m.email} is now ${role}.`,
    );
  // An admin manages admins and members; only an owner touches the owner role.
  const mayEdit = (m: Member) => canManage && (isOwner || m.role !== 'owner');

  return (
    <>
      <h3>Members</h3>
      {members.error && <p role="alert">{members.error}</p>}
      {members.data && (
        <Table<Member>
          caption="Members"
          rowKey={(m) => m.user_id}
          rows={members.data}
          empty="No members."
          columns={[
            { label: 'Name', render: (m) => m.name ?? '—' },
            { label: 'Email', render: (m) => m.email },
            {
              label: 'Role',
              render: (m) =>
                mayEdit(m) ? (
                  <select
                    aria-label={`Role of ${m.email}`}
                    value={m.role}
                    onChange={(e) => changeRole(m, e.currentTarget.value as Role)}
                  >
                    {ROLES.filter((r) => isOwner || r !== 'owner').map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                ) : (
                  m.role
                ),
            },
            {
              label: 'Actions',
              render: (m) =>
                mayEdit(m) && m.user_id !== session.user.id ? (
                  <Button variant="danger" aria-label={`Remove ${m.email}`} onClick={() => setRemoving(m)}>
                    Remove
                  </Button>
                ) : (
                  ''
                ),
            },
          ]}
        />
      )}
      {canManage && (
        <>
          <h3>Invitations</h3>
          <Button variant="primary" onClick={() => setInviting(true)}>
            Invite teammate
          </Button>
          {invitations.error && <p role="alert">{invitations.error}</p>}
          {invitations.data && (
            <Table<Invitation>
              caption="Pending invitations"
              rowKey={(i) => i.id}
              rows={invitations.data}
              empty="No pending invitations."
              columns={[
                { label: 'Email', render: (i) => i.email },
                { label: 'Role', render: (i) => i.role },
                { label: 'Expires', render: (i) => new Date(i.expires_at).toLocaleString() },
                {
                  label: 'Actions',
                  render: (i) => (
                    <Button
                      variant="danger"
                      aria-label={`Revoke invitation for ${i.email}`}
                      onClick={() =>
                        act(
                          () =>
                            api
                              .DELETE('/api/v1/workspaces/{workspaceId}/invitations/{invitationId}', {
                                params: { path: { ...path, invitationId: i.id } },
                              })
                              .then(unwrap),
                          `Invitation for ${i.email} revoked.`,
                        )
                      }
                    >
                      Revoke
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </>
      )}
      {inviting && (
        <InviteDialog
          workspaceId={session.workspaceId}
          roles={ROLES.filter((r) => isOwner || r !== 'owner')}
          onClose={() => setInviting(false)}
          onInvited={(email) => {
            setInviting(false);
            toast(`Invitation sent to ${email}.`);
            invitations.reload();
          }}
        />
      )}
      {removing && (
        <DialogForm
          title={`Remove ${removing.email}?`}
          submitLabel="Remove member"
          variant="danger"
          onClose={() => setRemoving(null)}
          onSubmit={async () => {
            // Refused (the last owner, an owner by an admin): the reason shows in the dialog.
            unwrap(
              await api.DELETE('/api/v1/workspaces/{workspaceId}/members/{memberId}', {
                params: { path: { ...path, memberId: removing.user_id } },
              }),
            );
            setRemoving(null);
            toast(`${removing.email} removed.`);
            members.reload();
            invitations.reload();
          }}
        >
          <p>
            They lose access to this workspace at once; OAuth installs they granted here are revoked and their
            articles become unowned.
          </p>
        </DialogForm>
      )}
    </>
  );
}

function InviteDialog(props: {
  workspaceId: string;
  roles: readonly Role[];
  onClose(): void;
  onInvited(email: string): void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const submit = async () => {
    unwrap(
      await api.POST('/api/v1/workspaces/{workspaceId}/invitations', {
        params: { path: { workspaceId: props.workspaceId } },
        body: { email, role },
      }),
    );
    props.onInvited(email);
  };
  return (
    <DialogForm
      title="Invite a teammate"
      submitLabel="Send invitation"
      onClose={props.onClose}
      onSubmit={submit}
    >
      <Field id="invite-email" label="Email">
        <input
          id="invite-email"
          type="email"
          required
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
        />
      </Field>
      <Field id="invite-role" label="Role">
        <select id="invite-role" value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
          {props.roles.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </Field>
    </DialogForm>
  );
}
