import { BUILT_FLAGS, FLAGS } from '../server-core/flags/catalog';

/** `npm run ops` without valid arguments: the commands, and the flags an operator may switch (built ones only). */
export function opsUsage(): string {
  return `usage: npm run ops -- flag <workspaceId> <flag> on|off
       npm run ops -- widget <workspaceId> [default_tab=help|onboarding|chat|auto] [launcher_icon_url=<url>|none] [logo_url=<url>|none]
                 [brand_color=#rrggbb] [launcher_side=right|left] [greeting=<text>|none] [language=auto|en|fr|de|es]
       npm run ops -- help-center-host add|remove <workspaceId> <host>
       npm run ops -- help-center-host list <workspaceId>
       npm run ops -- verified-domain add <workspaceId> <domain>   (verified on the operator's word, no fetch)
       npm run ops -- verified-domain list <workspaceId>
       npm run ops -- reply <workspaceId> <conversationId> <text>   (a staff reply, as the workspace's member-role user)

flags:
${BUILT_FLAGS.map((name) => `  ${name.padEnd(34)} default ${FLAGS[name].default ? 'on ' : 'off'}  ${FLAGS[name].description}`).join('\n')}`;
}
