import { useEffect, useState } from 'preact/hooks';
import type { components } from '../../../bff/openapi/schema';
import { api, errorMessage, unwrap } from '../../api/client';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { toast } from '../../ui/toast';
import type { SettingsPageProps } from './index';

type Settings = components['schemas']['WidgetSettings'];
type Form = Pick<
  Settings,
  'brand_color' | 'launcher_side' | 'greeting' | 'language' | 'logo_url' | 'launcher_icon_url' | 'default_tab'
>;

/** The widget's tab names in each language, so the preview reads as the visitor will see it. */
const TABS: Record<string, [string, string, string]> = {
  en: ['Help', 'Onboarding', 'Chat'],
  fr: ['Aide', 'Prise en main', 'Discussion'],
  de: ['Hilfe', 'Einführung', 'Chat'],
  es: ['Ayuda', 'Primeros pasos', 'Chat'],
};

const pick = (s: Settings): Form => ({
  brand_color: s.brand_color,
  launcher_side: s.launcher_side,
  greeting: s.greeting,
  language: s.language,
  logo_url: s.logo_url,
  launcher_icon_url: s.launcher_icon_url,
  default_tab: s.default_tab,
});

export function AppearancePage({ session }: SettingsPageProps) {
  const path = { workspaceId: session.workspaceId };
  const [form, setForm] = useState<Form | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api
      .GET('/api/v1/workspaces/{workspaceId}/widget/settings', { params: { path } })
      .then(unwrap)
      .then(
        (r) => setForm(pick(r.data)),
        (e) => setError(errorMessage(e)),
      );
  }, [session.workspaceId]);
  if (!form) return error ? <p role="alert">{error}</p> : <p class="muted">Loading…</p>;
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm({ ...form, [k]: v });

  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = unwrap(
        await api.PATCH('/api/v1/workspaces/{workspaceId}/widget/settings', {
          params: { path },
          body: {
            ...form,
            greeting: form.greeting || null,
            logo_url: form.logo_url || null,
            launcher_icon_url: form.launcher_icon_url || null,
          },
        }),
      );
      setForm(pick(r.data));
      toast('Appearance saved: visitors see it on their next page load.');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="appearance">
      <form onSubmit={save}>
        <Field id="ap-color" label="Brand colour">
          <input
            id="ap-color"
            type="color"
            value={form.brand_color}
            onInput={(e) => set('brand_color', e.currentTarget.value)}
          />
        </Field>
        <Field id="ap-side" label="Launcher side">
          <select
            id="ap-side"
            value={form.launcher_side}
            onChange={(e) => set('launcher_side', e.currentTarget.value as Form['launcher_side'])}
          >
            <option value="right">Right</option>
            <option value="left">Left</option>
          </select>
        </Field>
        <Field
          id="ap-greeting"
          label="Greeting"
          hint="One line, at most 120 characters; empty for the default."
        >
          <input
            id="ap-greeting"
            maxLength={120}
            value={form.greeting ?? ''}
            onInput={(e) => set('greeting', e.currentTarget.value)}
          />
        </Field>
        <Field
          id="ap-language"
          label="Language"
          hint="Also your articles' language: Help matches questions by meaning only in languages the search model knows (the built-in models: English), by their words in any. On the browser's language, Help tells English articles by their text."
        >
          <select
            id="ap-language"
            value={form.language}
            onChange={(e) => set('language', e.currentTarget.value as Form['language'])}
          >
            <option value="auto">The visitor's browser language</option>
            <option value="en">English</option>
            <option value="fr">French</option>
            <option value="de">German</option>
            <option value="es">Spanish</option>
          </select>
        </Field>
        <Field id="ap-logo" label="Logo URL (optional)" hint="https only.">
          <input
            id="ap-logo"
            type="url"
            value={form.logo_url ?? ''}
            onInput={(e) => set('logo_url', e.currentTarget.value)}
          />
        </Field>
        <Field id="ap-icon" label="Launcher icon URL (optional)" hint="https only.">
          <input
            id="ap-icon"
            type="url"
            value={form.launcher_icon_url ?? ''}
            onInput={(e) => set('launcher_icon_url', e.currentTarget.value)}
          />
        </Field>
        <Field id="ap-tab" label="Default tab">
          <select
            id="ap-tab"
            value={form.default_tab}
            onChange={(e) => set('default_tab', e.currentTarget.value as Form['default_tab'])}
          >
            <option value="auto">Automatic</option>
            <option value="help">Help</option>
            <option value="onboarding">Onboarding</option>
            <option value="chat">Chat</option>
          </select>
        </Field>
        {error && (
          <p role="alert" class="error-text">
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={busy}>
          Save appearance
        </Button>
      </form>
      <MessengerPreview form={form} />
    </div>
  );
}

/** A still picture of the messenger with these settings (the widget itself draws the real one). */
function MessengerPreview({ form }: { form: Form }) {
  const lang =
    form.language === 'auto'
      ? navigator.language.slice(0, 2) in TABS
        ? navigator.language.slice(0, 2)
        : 'en'
      : form.language;
  const tabs = TABS[lang] ?? TABS.en!;
  const active = form.default_tab === 'auto' ? 'help' : form.default_tab;
  const ids = ['help', 'onboarding', 'chat'];
  return (
    <figure class="preview" aria-label="Messenger preview">
      <div class={`preview-stage ${form.launcher_side}`}>
        <div class="preview-panel">
          <div class="preview-header" style={{ background: form.brand_color }}>
            {form.logo_url && <img src={form.logo_url} alt="" height={24} />}
            <span>{form.greeting || 'Hi! How can we help?'}</span>
          </div>
          <div class="preview-tabs" role="presentation">
            {tabs.map((t, i) => (
              <span
                key={t}
                class="preview-tab"
                style={
                  ids[i] === active ? { borderColor: form.brand_color, color: form.brand_color } : undefined
                }
              >
                {t}
              </span>
            ))}
          </div>
          <div class="preview-body muted">…</div>
        </div>
        <span class="preview-launcher" style={{ background: form.brand_color }}>
          {form.launcher_icon_url ? <img src={form.launcher_icon_url} alt="" width={24} height={24} /> : '?'}
        </span>
      </div>
      <figcaption class="muted">
        Preview: launcher on the {form.launcher_side}, opens on {tabs[ids.indexOf(active)] ?? active}, in{' '}
        {form.language === 'auto' ? "the visitor's language" : lang}.
      </figcaption>
    </figure>
  );
}
