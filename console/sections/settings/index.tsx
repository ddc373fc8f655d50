import type { SectionProps } from '../../shell/types';

export default function SettingsSection(_props: SectionProps) {
  return <h1>Settings</h1>;
}
