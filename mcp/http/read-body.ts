import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

export type Body = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string };

/** Reads a request's JSON body, at most MAX_BODY_BYTES; never throws. */
export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Body> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) return { ok: false, status: 413, message: `the body is over ${limit} bytes` };
      chunks.push(chunk);
    }
  } catch {
    return { ok: false, status: 400, message: 'the body could not be read' };
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, status: 400, message: 'Parse error: the body is not JSON' };
  }
}
