// A load generator on its own thread (and core): `concurrency` loops of fetch for `durationMs`,
// reporting each request's latency. Plain JS so the worker needs no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';

const { url, method, headers, body, concurrency, durationMs, expectStatus } = workerData;
const latencies = [];
let errors = 0;
const deadline = performance.now() + durationMs;

async function loop() {
  while (performance.now() < deadline) {
    const t = performance.now();
    const res = await fetch(url, { method, headers, body });
    await res.arrayBuffer();
    if (res.status !== expectStatus) errors++;
    latencies.push(performance.now() - t);
  }
}

await Promise.all(Array.from({ length: concurrency }, loop));
parentPort.postMessage({ latencies, errors });
