import type { ComponentChildren } from 'preact';
import type { ConsoleSession } from '../../shell/types';

/** Shows its children only to a role with the permission; others read why (the server refuses them too). */
export function Gate({
  session,
  permission,
  children,
}: {
  session: ConsoleSession;
  permission: string;
  children: ComponentChildren;
}) {
  if (session.permissions.includes(permission)) return <>{children}</>;
  return (
    <div class="card" role="alert">
      <p>
        <strong>Not available to your role.</strong> Your role ({session.role}) cannot manage these settings
        (it needs the {permission} permission). Ask an owner or an admin of the workspace.
      </p>
    </div>
  );
}
