import { FLAGS } from '../server-core/flags/catalog';
import { fail, runOps } from './ops-client';

const USAGE = `usage: npm run ops -- flag <workspaceId> <flag> on|off

flags:
${Object.entries(FLAGS)
  .map(([name, f]) => `  ${name.padEnd(34)} default ${f.default ? 'on ' : 'off'}  ${f.description}`)
  .join('\n')}`;

const [command, workspaceId, flag, state, ...rest] = process.argv.slice(2);
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
