/**
 * The theme variables a real VS Code defines in a webview (values of Dark Modern, Light Modern
 * and the two high-contrast themes, abridged to what the panel uses) and the body class VS
 * Code sets with them. The stand-in applies them the way VS Code does: variables on <html>,
 * the kind as the body's class.
 */
export type ThemeName = 'dark' | 'light' | 'high-contrast' | 'high-contrast-light';

export interface WebviewTheme {
  bodyClass: string;
  variables: Record<string, string>;
}

const fonts = {
  '--vscode-font-family': 'system-ui, "Ubuntu", "Droid Sans", sans-serif',
  '--vscode-font-size': '13px',
  '--vscode-font-weight': 'normal',
  '--vscode-editor-font-family': '"Droid Sans Mono", "monospace", monospace',
  '--vscode-editor-font-size': '14px',
};

const dark: Record<string, string> = {
  ...fonts,
  '--vscode-foreground': '#cccccc',
  '--vscode-descriptionForeground': '#9d9d9d',
  '--vscode-errorForeground': '#f85149',
  '--vscode-focusBorder': '#0078d4',
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-editor-foreground': '#cccccc',
  '--vscode-editorWidget-background': '#202020',
  '--vscode-widget-border': '#313131',
  '--vscode-panel-border': '#2b2b2b',
  '--vscode-list-hoverBackground': '#2a2d2e',
  '--vscode-textLink-foreground': '#4daafc',
  '--vscode-textCodeBlock-background': '#2b2b2b',
  '--vscode-button-background': '#0078d4',
  '--vscode-button-foreground': '#ffffff',
  '--vscode-button-hoverBackground': '#026ec1',
  '--vscode-button-border': '#ffffff12',
  '--vscode-button-secondaryBackground': '#313131',
  '--vscode-button-secondaryForeground': '#cccccc',
  '--vscode-button-secondaryHoverBackground': '#3c3c3c',
  '--vscode-dropdown-background': '#313131',
  '--vscode-dropdown-foreground': '#cccccc',
  '--vscode-dropdown-border': '#3c3c3c',
  '--vscode-badge-background': '#616161',
  '--vscode-badge-foreground': '#f8f8f8',
  '--vscode-editorHoverWidget-background': '#202020',
  '--vscode-editorHoverWidget-foreground': '#cccccc',
  '--vscode-editorHoverWidget-border': '#454545',
  '--vscode-charts-foreground': '#cccccc',
  '--vscode-charts-lines': 'rgba(204, 204, 204, 0.5)',
  '--vscode-charts-red': '#f14c4c',
  '--vscode-charts-blue': '#3794ff',
  '--vscode-charts-yellow': '#cca700',
  '--vscode-charts-orange': '#d18616',
  '--vscode-charts-green': '#89d185',
  '--vscode-charts-purple': '#b180d7',
};

const light: Record<string, string> = {
  ...fonts,
  '--vscode-foreground': '#3b3b3b',
  '--vscode-descriptionForeground': '#3b3b3b',
  '--vscode-errorForeground': '#f85149',
  '--vscode-focusBorder': '#005fb8',
  '--vscode-editor-background': '#ffffff',
  '--vscode-editor-foreground': '#3b3b3b',
  '--vscode-editorWidget-background': '#f8f8f8',
  '--vscode-widget-border': '#e5e5e5',
  '--vscode-panel-border': '#e5e5e5',
  '--vscode-list-hoverBackground': '#f2f2f2',
  '--vscode-textLink-foreground': '#005fb8',
  '--vscode-textCodeBlock-background': '#f8f8f8',
  '--vscode-button-background': '#005fb8',
  '--vscode-button-foreground': '#ffffff',
  '--vscode-button-hoverBackground': '#0258a8',
  '--vscode-button-border': '#0000001a',
  '--vscode-button-secondaryBackground': '#e5e5e5',
  '--vscode-button-secondaryForeground': '#3b3b3b',
  '--vscode-button-secondaryHoverBackground': '#cccccc',
  '--vscode-dropdown-background': '#ffffff',
  '--vscode-dropdown-foreground': '#3b3b3b',
  '--vscode-dropdown-border': '#cecece',
  '--vscode-badge-background': '#cccccc',
  '--vscode-badge-foreground': '#3b3b3b',
  '--vscode-editorHoverWidget-background': '#f8f8f8',
  '--vscode-editorHoverWidget-foreground': '#3b3b3b',
  '--vscode-editorHoverWidget-border': '#c8c8c8',
  '--vscode-charts-foreground': '#616161',
  '--vscode-charts-lines': 'rgba(97, 97, 97, 0.5)',
  '--vscode-charts-red': '#e51400',
  '--vscode-charts-blue': '#1a85ff',
  '--vscode-charts-yellow': '#bf8803',
  '--vscode-charts-orange': '#d18616',
  '--vscode-charts-green': '#388a34',
  '--vscode-charts-purple': '#652d90',
};

const highContrast: Record<string, string> = {
  ...dark,
  '--vscode-foreground': '#ffffff',
  '--vscode-descriptionForeground': 'rgba(255, 255, 255, 0.7)',
  '--vscode-errorForeground': '#f48771',
  '--vscode-focusBorder': '#f38518',
  '--vscode-contrastBorder': '#6fc3df',
  '--vscode-contrastActiveBorder': '#f38518',
  '--vscode-editor-background': '#000000',
  '--vscode-editorWidget-background': '#0c141f',
  '--vscode-button-background': '#000000',
  '--vscode-button-border': '#6fc3df',
  '--vscode-button-secondaryBackground': '#000000',
  '--vscode-button-secondaryForeground': '#ffffff',
  '--vscode-badge-background': '#000000',
  '--vscode-badge-foreground': '#ffffff',
  '--vscode-dropdown-background': '#000000',
  '--vscode-dropdown-foreground': '#ffffff',
  '--vscode-dropdown-border': '#6fc3df',
  '--vscode-charts-foreground': '#ffffff',
  '--vscode-charts-lines': 'rgba(255, 255, 255, 0.5)',
};

const highContrastLight: Record<string, string> = {
  ...light,
  '--vscode-foreground': '#292929',
  '--vscode-descriptionForeground': '#292929',
  '--vscode-errorForeground': '#b5200d',
  '--vscode-focusBorder': '#006bbd',
  '--vscode-contrastBorder': '#0f4a85',
  '--vscode-contrastActiveBorder': '#006bbd',
  '--vscode-editor-background': '#ffffff',
  '--vscode-badge-background': '#0f4a85',
  '--vscode-badge-foreground': '#ffffff',
  '--vscode-dropdown-background': '#ffffff',
  '--vscode-dropdown-foreground': '#292929',
  '--vscode-dropdown-border': '#0f4a85',
  '--vscode-charts-foreground': '#292929',
  '--vscode-charts-lines': 'rgba(41, 41, 41, 0.5)',
};

export const THEMES: Record<ThemeName, WebviewTheme> = {
  dark: { bodyClass: 'vscode-dark', variables: dark },
  light: { bodyClass: 'vscode-light', variables: light },
  'high-contrast': { bodyClass: 'vscode-high-contrast', variables: highContrast },
  'high-contrast-light': { bodyClass: 'vscode-high-contrast-light', variables: highContrastLight },
};
