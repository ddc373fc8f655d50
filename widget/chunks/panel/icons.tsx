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
