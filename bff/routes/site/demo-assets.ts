/** The demo store's mark (also the demo workspace's widget logo, served at /demo/logo.svg). */
export const DEMO_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 32"><rect width="96" height="32" rx="6" fill="#fff"/>
<path d="M10 24 18 8l8 16h-4l-4-8-4 8z" fill="#1f5fa8"/><text x="32" y="22" font-family="system-ui,sans-serif" font-size="15" font-weight="700" fill="#1f2430">Acme</text></svg>`;

/** The service's own icon: a speech bubble with a question mark, for /favicon.svg and the pages' <link rel=icon>. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f5fa8"/>
<path d="M8 9.5A2.5 2.5 0 0 1 10.5 7h11A2.5 2.5 0 0 1 24 9.5v8a2.5 2.5 0 0 1-2.5 2.5H15l-4.5 4v-4A2.5 2.5 0 0 1 8 17.5z" fill="#fff"/>
<path d="M13.6 11.6a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.4v.5" fill="none" stroke="#1f5fa8" stroke-width="1.8" stroke-linecap="round"/>
<circle cx="16" cy="18" r="1.1" fill="#1f5fa8"/></svg>`;

export const FAVICON_LINK = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';
