import { startWidget } from '../core/start';
import { warn } from '../core/warn';
import { mountLauncher } from './launcher';

/** The widget entry, loaded by l.js as a module. It never throws into the host page. */
try {
  startWidget(window, mountLauncher);
} catch (err) {
  warn('the widget failed to start', err);
}
