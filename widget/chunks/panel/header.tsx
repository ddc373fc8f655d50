import { useState } from 'preact/hooks';
import type { Runtime } from '../../core/runtime';
import type { Messages } from '../../ui/messages';
import { BACK, CLOSE } from './icons';

/**
 * The brand-coloured top of the panel: the workspace's logo (named by the workspace) or its name, the
 * close button, a back button inside an article, and on the home view the greeting: the workspace's
 * own (as written) or the catalog's in the visitor's language.
 */
export function Header({
  rt,
  t,
  home,
  onBack,
}: {
  rt: Runtime;
  t: Messages;
  home: boolean;
  onBack: (() => void) | null;
}) {
  const { workspace_name: name, logo_url: logo, widget_settings: settings } = rt.config;
  const [logoFailed, setLogoFailed] = useState(false);
  return (
    <header class="top">
      <div class="bar">
        {onBack && (
          <button type="button" class="icon" aria-label={t.back} onClick={onBack}>
            {BACK}
          </button>
        )}
        <h1>
          {logo && !logoFailed ? (
            <img class="logo" src={logo} alt={name} height={28} onError={() => setLogoFailed(true)} />
          ) : (
            name
          )}
        </h1>
        <button type="button" class="icon" aria-label={t.close} onClick={() => rt.ui.set({ open: false })}>
          {CLOSE}
        </button>
      </div>
      {home && (
        <p class={settings.greeting ? 'hello own' : 'hello'}>
          {settings.greeting ?? (
            <>
              <span>{t.hello}</span>
              <span>{t.ask}</span>
            </>
          )}
        </p>
      )}
    </header>
  );
}
