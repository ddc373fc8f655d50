import { startWidget } from '../core/start';
import { warn } from '../core/warn';
import { mountLauncher } from './launcher';

/** The widget entry, loaded by l.js as a module. It never throws into the host page. */
try {
  startWidget(window, mountLauncher);
} catch (err) {
  warn('the widget failed to start', err);
}

/**
 * The loader of the tour chunk (widget/chunks/tour, `runTour`), for the experiences engine to call on
 * first use. Nothing calls it yet: exported (vite.config.ts keeps the entry's exports), it keeps the chunk
 * in the build, so its budget is measured as it will ship. When the engine imports the chunk itself,
 * this export and preserveEntrySignatures go.
 */
export const loadTour = () => import('../chunks/tour');
