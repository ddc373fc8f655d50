export type ThemeChoice = 'light' | 'dark';

const KEY = 'console-theme';

/** The theme follows prefers-color-scheme until the person picks one; the pick is kept in this browser. */
export function storedTheme(): ThemeChoice | null {
  const v = localStorage.getItem(KEY);
  return v === 'light' || v === 'dark' ? v : null;
}

export function effectiveTheme(): ThemeChoice {
  return storedTheme() ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
}

export function applyStoredTheme(): void {
  const t = storedTheme();
  if (t) document.documentElement.dataset.theme = t;
  else delete document.documentElement.dataset.theme;
}

export function setTheme(t: ThemeChoice): void {
  localStorage.setItem(KEY, t);
  applyStoredTheme();
}
