import { connect, type Socket } from 'node:net';
import {
  ScannerUnavailableError,
  type ScanVerdict,
  type VirusScanner,
} from '../../server-core/attachments/virus-scanner';

/** clamd's default StreamMaxLength is 25 MB; chunks stay well under its per-chunk expectations. */
export const CLAMD_CHUNK_BYTES = 64 * 1024;
/** Connecting, streaming and the verdict together (a 10 MiB file scans in well under a second). */
export const CLAMD_TIMEOUT_MS = 30_000;
/** The longest answer read from clamd. */
const MAX_REPLY_BYTES = 4096;

export interface ClamdAddress {
  host: string;
  port: number;
}

/**
 * clamd's answer to `zINSTREAM` (one NUL-terminated line): `stream: OK`, `stream: <signature> FOUND`, or
 * `<reason> ERROR` (as `INSTREAM size limit exceeded. ERROR`). Anything else is unscannable too.
 */
export function parseClamdReply(reply: string): ScanVerdict {
  const line = reply.replace(/\0+$/, '').trim();
  if (line === 'stream: OK') return { verdict: 'clean' };
  const found = /^stream: (.{1,200}) FOUND$/.exec(line);
  if (found) return { verdict: 'infected', signature: found[1]! };
  const error = /^(?:stream: )?(.{0,200}?) ?ERROR$/.exec(line);
  if (error) return { verdict: 'unscannable', detail: `clamd: ${error[1] || 'error'}` };
  return { verdict: 'unscannable', detail: 'clamd: unexpected answer' };
}

/** One INSTREAM chunk: its length as 4 bytes big-endian, then the bytes. */
export function instreamChunk(bytes: Uint8Array): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(bytes.length, 0);
  return Buffer.concat([head, bytes]);
}

/**
 * A scanner speaking clamd's INSTREAM protocol over TCP: `zINSTREAM\0`, the file as length-prefixed chunks,
 * a zero-length chunk, then one NUL-terminated answer. Refused connections, resets and silence past the
 * time-out are ScannerUnavailableError (the scan job retries); an answer is a verdict.
 */
export function createClamdScanner(
  address: ClamdAddress,
  opts: { timeoutMs?: number; chunkBytes?: number } = {},
): VirusScanner {
  const timeoutMs = opts.timeoutMs ?? CLAMD_TIMEOUT_MS;
  const chunkBytes = opts.chunkBytes ?? CLAMD_CHUNK_BYTES;
  return {
    scan(body) {
      return new Promise<ScanVerdict>((resolve, reject) => {
        let settled = false;
        let reply = Buffer.alloc(0);
        const socket: Socket = connect({ host: address.host, port: address.port });
        const finish = (outcome: { verdict: ScanVerdict } | { error: string }) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          socket.destroy();
          if ('verdict' in outcome) resolve(outcome.verdict);
          else reject(new ScannerUnavailableError(outcome.error));
        };
        const timer = setTimeout(
          () => finish({ error: `clamd did not answer within ${timeoutMs} ms` }),
          timeoutMs,
        );
        const answered = () => {
          const end = reply.indexOf(0);
          if (end >= 0) finish({ verdict: parseClamdReply(reply.subarray(0, end).toString('utf8')) });
        };
        socket.on('data', (data: Buffer) => {
          reply = Buffer.concat([reply, data]);
          if (reply.length > MAX_REPLY_BYTES) finish({ verdict: parseClamdReply('') });
          else answered();
        });
        socket.on('end', () => {
          // clamd closes after its answer; an answer without the NUL still counts, silence does not.
          if (reply.length > 0) finish({ verdict: parseClamdReply(reply.toString('utf8')) });
          else finish({ error: 'clamd closed the connection without an answer' });
        });
        socket.on('error', (err: NodeJS.ErrnoException) => {
          // clamd may answer (size limit) and close while we still write: its answer wins.
          if (reply.length > 0) finish({ verdict: parseClamdReply(reply.toString('utf8')) });
          else finish({ error: `clamd unreachable: ${err.code ?? err.message}` });
        });
        const write = (bytes: Uint8Array) =>
          new Promise<void>((ok) => {
            if (settled || socket.destroyed) return ok();
            if (socket.write(bytes)) return ok();
            const done = () => {
              socket.off('drain', done);
              socket.off('close', done);
              ok();
            };
            socket.on('drain', done);
            socket.on('close', done);
          });
        socket.once('connect', async () => {
          try {
            await write(Buffer.from('zINSTREAM\0', 'latin1'));
            for await (const part of body) {
              for (let at = 0; at < part.length && !settled; at += chunkBytes) {
                await write(instreamChunk(part.subarray(at, at + chunkBytes)));
              }
              if (settled) return;
            }
            await write(Buffer.alloc(4));
          } catch (err) {
            finish({ error: `reading the file failed: ${(err as Error).message}` });
          }
        });
      });
    },
  };
}
