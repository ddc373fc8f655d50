/**
 * The Host names a loopback-bound server answers to (DNS rebinding: a page of evil.example resolved to
 * 127.0.0.1 sends `Host: evil.example:<port>`). Bound elsewhere, the proxy in front decides and the
 * list is empty (no Host check).
 */
export function loopbackHosts(host: string, port: number): string[] {
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '::1' || host === '[::1]';
  return loopback ? [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`] : [];
}

/** Whether a request's Host header is allowed: always when the list is empty. */
export function hostAllowed(header: string | undefined, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  return header !== undefined && allowed.includes(header.trim().toLowerCase());
}
