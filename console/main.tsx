import { render } from 'preact';
import './ui/theme.css';
import { App } from './shell/app';
import { applyStoredTheme } from './shell/theme';

applyStoredTheme();
render(<App />, document.getElementById('root')!);
