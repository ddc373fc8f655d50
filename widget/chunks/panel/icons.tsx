/** The panel's line icons (24 px grid, drawn in currentColor, hidden from assistive technology). */
const icon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    stroke-width="2"
    stroke-linecap="round"
    stroke-linejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

export const CLOSE = icon('M6 6l12 12M18 6L6 18');
export const BACK = icon('M15 5l-7 7 7 7');
export const NEXT = icon('M9 5l7 7-7 7');
export const SEARCH = icon('M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM20 20l-4.9-4.9');
export const SEND = icon('M4 12l16-8-6 16-2.5-6.5z');
export const CLIP = icon(
  'M20 11.5l-8.2 8.2a5 5 0 0 1-7.1-7.1l8.5-8.5a3.4 3.4 0 0 1 4.8 4.8l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8',
);
