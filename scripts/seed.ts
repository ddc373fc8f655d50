import { fail, runOps } from './ops-client';

/** `npm run seed -- [--json] [--name "Workspace name"]`: a fresh workspace with an owner and an API key. */
const args = process.argv.slice(2);
const json = args.includes('--json');
const nameAt = args.indexOf('--name');
const name = nameAt >= 0 ? args[nameAt + 1] : undefined;
const unknown = args.filter((a, i) => a !== '--json' && a !== '--name' && i !== nameAt + 1);
if (unknown.length > 0 || (nameAt >= 0 && !name))
  fail('usage: npm run seed -- [--json] [--name "Workspace name"]');

try {
  const seeded = await runOps({ command: 'seed', name });
  if (json) console.log(JSON.stringify(seeded));
  else
    console.log(
      Object.entries(seeded)
        .map(([k, v]) => `${k.padEnd(14)} ${v}`)
        .join('\n'),
    );
} catch (err) {
  fail(`seed failed: ${(err as Error).message}`);
}
