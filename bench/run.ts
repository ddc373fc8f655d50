import { apiBench } from './api.bench';
import { chatBench } from './chat.bench';
import { eventNamesBench } from './event-names.bench';
import { experiencesBench } from './experiences.bench';
import { exportsBench } from './exports.bench';
import { httpBench } from './http.bench';
import { mcpBench } from './mcp.bench';
import { retrievalBench } from './retrieval.bench';
import { startupBench } from './startup.bench';
import { useLiteBench } from './use-lite.bench';
import { walkthroughBench } from './walkthrough.bench';
import { webhooksBench } from './webhooks.bench';
import { widgetBench } from './widget.bench';

/** `npm run bench [-- name...]`: prints figures. Benchmarks are not tests: nothing here fails on a number. */
const BENCHES: Record<string, () => Promise<void>> = {
  startup: startupBench,
  http: httpBench,
  webhooks: webhooksBench,
  api: apiBench,
  widget: widgetBench,
  retrieval: retrievalBench,
  experiences: experiencesBench,
  mcp: mcpBench,
  walkthrough: walkthroughBench,
  chat: chatBench,
  'event-names': eventNamesBench,
  exports: exportsBench,
  'use-lite': useLiteBench,
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !BENCHES[w]);
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(1);
}
for (const name of wanted.length > 0 ? wanted : Object.keys(BENCHES)) {
  await BENCHES[name]!();
  console.log('');
}
