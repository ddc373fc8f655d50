import { render } from 'preact';
import { Launcher } from './panel/launcher';
import { createHost } from './ui/host';

/**
 * The widget entry. Issue 2 scope: a launcher that opens and closes an (empty) panel. It never throws
 * into the host page.
 */
type WidgetWindow = Window & { __widgetBooted?: 1 };

function boot(w: WidgetWindow): void {
  if (w.__widgetBooted) return;
  w.__widgetBooted = 1;
  const root = createHost(document);
  render(<Launcher />, root);
}

try {
  boot(window);
} catch (err) {
  console.warn('[widget] failed to start', err);
}
