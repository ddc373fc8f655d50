/**
 * What a scan says about a file. `unscannable` is a definite answer (the scanner read the file and
 * could not judge it, such as a size limit or a scanner error for this stream); a scanner that cannot be
 * reached or does not answer in time throws ScannerUnavailableError instead, and the scan job retries.
 */
export type ScanVerdict =
  | { verdict: 'clean' }
  | { verdict: 'infected'; signature: string }
  | { verdict: 'unscannable'; detail: string };

export interface VirusScanner {
  scan(body: AsyncIterable<Uint8Array>): Promise<ScanVerdict>;
}

/** The scanner could not be reached or did not answer in time: worth another try later. */
export class ScannerUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScannerUnavailableError';
  }
}
