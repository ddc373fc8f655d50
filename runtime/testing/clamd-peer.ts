import { type AddressInfo, createServer, type Socket } from 'node:net';

/** The EICAR anti-virus test string: every scanner reports it, nothing runs it. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
export const EICAR_SIGNATURE = 'Eicar-Signature';

/**
 * How the peer behaves: `scan` answers like clamd (FOUND for a stream holding EICAR, OK otherwise, and
 * the size-limit ERROR above `maxBytes`); `silent` reads everything and never answers (the time-out).
 */
export type ClamdPeerMode = 'scan' | 'silent';

export interface ClamdPeer {
  /** tcp://127.0.0.1:<port>, as CLAMD_URL. */
  url: string;
  port: number;
  mode: ClamdPeerMode;
  /** Streams received completely (with their terminator), in order. */
  streams: Buffer[];
  /** Connections the client closed before any answer came (its scan timed out, e.g. while `silent`). */
  abandoned: number;
  close(): Promise<void>;
}

/**
 * A real clamd-protocol peer on loopback for tests and e2e: it parses `zINSTREAM\0` (or `nINSTREAM\n`),
 * the 4-byte big-endian length-prefixed chunks and the zero-length terminator, and answers as clamd does.
 * Switch `mode` at any time; a closed peer refuses connections (the scanner down).
 */
export async function startClamdPeer(
  opts: { mode?: ClamdPeerMode; maxBytes?: number } = {},
): Promise<ClamdPeer> {
  const sockets = new Set<Socket>();
  let closing = false;
  const maxBytes = opts.maxBytes ?? 25 * 1024 * 1024;
  const server = createServer((socket) => {
    sockets.add(socket);
    let answered = false;
    socket.on('close', () => {
      sockets.delete(socket);
      if (!answered && !closing) peer.abandoned++;
    });
    socket.on('error', () => {});
    let buf = Buffer.alloc(0);
    let commandDone = false;
    let terminator = '\0';
    const parts: Buffer[] = [];
    let total = 0;
    const answer = (line: string) => {
      if (peer.mode === 'silent') return;
      answered = true;
      socket.end(`${line}${terminator}`);
    };
    socket.on('data', (data: Buffer) => {
      buf = Buffer.concat([buf, data]);
      if (!commandDone) {
        const z = buf.indexOf('zINSTREAM\0');
        const n = buf.indexOf('nINSTREAM\n');
        if (z === 0 || n === 0) {
          terminator = z === 0 ? '\0' : '\n';
          commandDone = true;
          buf = buf.subarray(10);
        } else if (buf.length >= 10) {
          answer('UNKNOWN COMMAND');
          return;
        } else return;
      }
      while (buf.length >= 4) {
        const length = buf.readUInt32BE(0);
        if (length === 0) {
          const stream = Buffer.concat(parts);
          peer.streams.push(stream);
          answer(stream.includes(EICAR) ? `stream: ${EICAR_SIGNATURE} FOUND` : 'stream: OK');
          buf = Buffer.alloc(0);
          return;
        }
        if (buf.length < 4 + length) return;
        parts.push(buf.subarray(4, 4 + length));
        total += length;
        buf = buf.subarray(4 + length);
        if (total > maxBytes) {
          answer('INSTREAM size limit exceeded. ERROR');
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const peer: ClamdPeer = {
    url: `tcp://127.0.0.1:${port}`,
    port,
    mode: opts.mode ?? 'scan',
    streams: [],
    abandoned: 0,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return peer;
}
