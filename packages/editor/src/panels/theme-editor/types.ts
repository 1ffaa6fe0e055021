/** Shapes of `/api/config/theme/*` (server: `packages/server/src/domains/site-themes/routes.ts`). */
export interface ThemeCompileError {
  file: string;
  line: number;
  column: number;
  message: string;
}

export interface ThemeFileInfo {
  path: string;
  kind: 'template' | 'partial' | 'css';
  changed: boolean;
}

export interface ThemeVersion {
  id: string;
  number: number;
  label: string;
  files: string[];
  live: boolean;
  createdAt: string;
}

export interface ThemeListing {
  files: ThemeFileInfo[];
  live: string | null;
  draft: { files: string[]; updatedAt: string | null };
  errors: ThemeCompileError[];
  versions: ThemeVersion[];
  limits: { fileChars: number; versionChars: number; versions: number };
}

export interface ThemeFileAnswer {
  path: string;
  kind: ThemeFileInfo['kind'];
  default: string;
  draft: string | null;
}

export interface DraftAnswer {
  draft: { files: string[]; updatedAt: string };
  errors: ThemeCompileError[];
}

export interface FileDiff {
  path: string;
  status: 'changed' | 'added' | 'removed';
  lines: { op: ' ' | '-' | '+'; text: string }[];
}
