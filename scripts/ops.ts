import { fail, runOps } from './ops-client';
import { opsUsage } from './ops-usage';

const USAGE = opsUsage();

const [command, workspaceId, flag, state, ...rest] = process.argv.slice(2);
if (command === 'help-center-host') {
  const [, action, ws, host, ...extra] = process.argv.slice(2);
  const ok =
    ws &&
    extra.length === 0 &&
    ((action === 'list' && !host) || ((action === 'add' || action === 'remove') && host));
  if (!ok) fail(USAGE);
  try {
    console.log(
      JSON.stringify(
        await runOps({
          command: 'help-center-host',
          action: action as 'add' | 'remove' | 'list',
          workspaceId: ws!,
          host,
        }),
      ),
    );
  } catch (err) {
    fail(`ops failed: ${(err as Error).message}`);
  }
  process.exit(0);
}
if (command === 'verified-domain') {
  const [, action, ws, domain, ...extra] = process.argv.slice(2);
  const ok = ws && extra.length === 0 && ((action === 'list' && !domain) || (action === 'add' && domain));
  if (!ok) fail(USAGE);
  try {
    console.log(
      JSON.stringify(
        await runOps({
          command: 'verified-domain',
          action: action as 'add' | 'list',
          workspaceId: ws!,
          domain,
        }),
      ),
    );
  } catch (err) {
    fail(`ops failed: ${(err as Error).message}`);
  }
  process.exit(0);
}
if (command === 'reply') {
  const [, ws, conversationId, ...words] = process.argv.slice(2);
  const text = words.join(' ').trim();
  if (!ws || !conversationId || !text) fail(USAGE);
  try {
    console.log(JSON.stringify(await runOps({ command: 'reply', workspaceId: ws, conversationId, text })));
  } catch (err) {
    fail(`ops failed: ${(err as Error).message}`);
  }
  process.exit(0);
}
if (command === 'widget' && workspaceId) {
  const settings: Record<string, string | null> = {};
  for (const arg of process.argv.slice(4)) {
    const m =
      /^(default_tab|launcher_icon_url|logo_url|brand_color|launcher_side|greeting|language)=(.+)$/.exec(arg);
    if (!m) fail(USAGE);
    settings[m[1]!] = m[2] === 'none' ? null : m[2]!;
  }
  try {
    console.log(JSON.stringify(await runOps({ command: 'widget', workspaceId, settings })));
  } catch (err) {
    fail(`ops failed: ${(err as Error).message}`);
  }
  process.exit(0);
}
if (
  command !== 'flag' ||
  !workspaceId ||
  !flag ||
  !state ||
  rest.length > 0 ||
  !['on', 'off'].includes(state)
) {
  fail(USAGE);
}
try {
  const result = await runOps({ command: 'flag', workspaceId, flag, enabled: state === 'on' });
  console.log(JSON.stringify(result));
} catch (err) {
  fail(`ops failed: ${(err as Error).message}`);
}
