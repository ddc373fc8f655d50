import type { Runtime } from '../../core/runtime';
import { removeKey } from '../../core/storage';
import { adoptStyles } from '../../ui/sheet';

const CSS =
  ':host{all:initial}div{position:fixed;left:50%;bottom:12px;transform:translateX(-50%);z-index:2147483000;' +
  'display:flex;gap:8px;align-items:center;max-width:90vw;padding:6px 6px 6px 12px;border-radius:999px;' +
  'background:#1f2937;color:#fff;font:13px/1.3 system-ui,sans-serif;box-shadow:0 2px 8px #0004}' +
  'span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}' +
  'button{font:inherit;border:0;border-radius:999px;padding:4px 10px;background:#fff;color:#1f2937;cursor:pointer}' +
  'button:focus-visible{outline:2px solid #93c5fd;outline-offset:2px}';

/**
 * The preview chunk (docs/decisions/experiences.md#the-preview-link), loaded only while this tab holds a
 * preview token: a small "Preview: <name>" marker, a `region` named "Experience preview", with an End
 * preview button that drops the token and reloads the page without the draft. The marker follows the
 * decision: a decision without a preview (the token expired, was forged, or names an experience that
 * went) drops the token and the marker; the token's expiry drops both too. Staff-facing: English only.
 */
export async function showPreview(rt: Runtime): Promise<void> {
  const exp = rt.exp;
  const end = () => removeKey('preview', 'session');
  if (!exp) return end();
  const box = document.createElement('div');
  box.setAttribute('data-widget-chrome', 'preview');
  const root = box.attachShadow({ mode: 'open' });
  adoptStyles(root, CSS);
  const region = document.createElement('div');
  region.setAttribute('role', 'region');
  region.setAttribute('aria-label', 'Experience preview');
  const label = document.createElement('span');
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'End preview';
  button.onclick = () => {
    end();
    location.reload();
  };
  region.append(label, button);
  root.append(region);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const follow = () => {
    const d = exp.state.get().decision;
    if (!d) return;
    const p = d.preview;
    if (!p) {
      clearTimeout(timer);
      box.remove();
      return end();
    }
    label.textContent = `Preview: ${p.name}`;
    if (!box.isConnected) (document.body ?? document.documentElement).append(box);
    clearTimeout(timer);
    timer = setTimeout(() => {
      box.remove();
      end();
    }, Date.parse(p.expires_at) - Date.now());
  };
  exp.state.sub(follow);
  follow();
}
