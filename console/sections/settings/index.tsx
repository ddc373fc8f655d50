import type { ComponentType } from 'preact';
import type { ConsoleSession, SectionProps } from '../../shell/types';
import { ApiKeysPage } from './api-keys';
import { AppearancePage } from './appearance';
import { DataExportsPage } from './data-exports';
import { Gate } from './gate';
import { HelpCenterPage } from './help-center';
import { IdentityPage } from './identity';
import { InstallPage } from './install';
import { OAuthAppsPage } from './oauth-apps';
import { ProactivePage } from './proactive';
import { SamlPage } from './saml';
import { ScimPage } from './scim';
import { TeamPage } from './team';
import { WebhooksPage } from './webhooks';

export interface SettingsPageProps {
  session: ConsoleSession;
  path: readonly string[];
  navigate(to: string): void;
}

interface Page {
  id: string;
  label: string;
  permission: string;
  Component: ComponentType<SettingsPageProps>;
}

const PAGES: readonly Page[] = [
  { id: 'install', label: 'Widget install', permission: 'settings.manage', Component: InstallPage },
  { id: 'appearance', label: 'Widget appearance', permission: 'settings.manage', Component: AppearancePage },
  { id: 'identity', label: 'Identity secret', permission: 'settings.manage', Component: IdentityPage },
  { id: 'api-keys', label: 'API keys', permission: 'api_keys.manage', Component: ApiKeysPage },
  { id: 'webhooks', label: 'Webhooks', permission: 'webhooks.manage', Component: WebhooksPage },
  { id: 'team', label: 'Team', permission: 'workspace.read', Component: TeamPage },
  { id: 'data-exports', label: 'Data exports', permission: 'settings.manage', Component: DataExportsPage },
  { id: 'scim', label: 'SCIM provisioning', permission: 'settings.manage', Component: ScimPage },
  { id: 'oauth-apps', label: 'OAuth apps', permission: 'api_keys.manage', Component: OAuthAppsPage },
  {
    id: 'help-center',
    label: 'Help center sign-in',
    permission: 'settings.manage',
    Component: HelpCenterPage,
  },
  {
    id: 'proactive',
    label: 'Proactive messages',
    permission: 'experiences.manage',
    Component: ProactivePage,
  },
  { id: 'saml', label: 'SAML single sign-on', permission: 'settings.manage', Component: SamlPage },
];

export default function SettingsSection({ session, path, navigate }: SectionProps) {
  const page = PAGES.find((p) => p.id === path[0]) ?? PAGES[0]!;
  return (
    <>
      <h1>Settings</h1>
      <nav aria-label="Settings">
        <ul class="subnav">
          {PAGES.map((p) => (
            <li key={p.id}>
              <a href={`/app/settings/${p.id}`} aria-current={p.id === page.id ? 'page' : undefined}>
                {p.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="settings-page-title">
        <h2 id="settings-page-title">{page.label}</h2>
        <Gate session={session} permission={page.permission}>
          <page.Component key={page.id} session={session} path={path.slice(1)} navigate={navigate} />
        </Gate>
      </section>
    </>
  );
}
