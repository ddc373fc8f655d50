/** What l.js leaves for the entry: the queued calls, and the slot the entry fills to take over. */
export type Command = [string, ...unknown[]];

export interface LoaderWidget {
  /** Calls made before the entry ran, in order. */
  _q: Command[];
  /** Set by the entry: from then on every call goes straight to it. */
  _r?: (command: Command) => unknown;
}
