/** A small leveled logger. Fields are printed as key=value; secrets never belong in them. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * Characters a terminal or log viewer acts on instead of printing: C0 and C1 controls (ESC and CSI start
 * terminal escapes, CR/LF forge lines), DEL, line separators, bidi overrides, lone surrogates.
 */
const UNSAFE_SOURCE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
    .source;
const UNSAFE = new RegExp(UNSAFE_SOURCE, 'g');
const HAS_UNSAFE = new RegExp(UNSAFE_SOURCE);
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Every unsafe character as a visible escape (\n, \u001b, ...): a log line stays one inert line. */
export function escapeControl(value: string): string {
  return value.replace(UNSAFE, (ch) => SHORT[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A value that could pose as another field (space, quote, `=`, empty) or holds escapes is quoted. */
function formatValue(value: string | number | boolean | null): string {
  if (typeof value !== 'string') return String(value);
  if (value !== '' && !/[\s"\\=]/.test(value) && !HAS_UNSAFE.test(value)) return value;
  return `"${escapeControl(value.replace(/["\\]/g, '\\$&'))}"`;
}

export function createLogger(
  level: LogLevel = 'info',
  write: (line: string) => void = (l) => console.log(l),
): Logger {
  const log =
    (at: LogLevel) =>
    (msg: string, fields: LogFields = {}) => {
      if (ORDER[at] < ORDER[level]) return;
      const extra = Object.entries(fields)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${escapeControl(k)}=${formatValue(v as string | number | boolean | null)}`)
        .join(' ');
      write(
        `${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} ${escapeControl(msg)}${extra ? ` ${extra}` : ''}`,
      );
    };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
