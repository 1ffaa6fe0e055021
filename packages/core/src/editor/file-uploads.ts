import { EDITOR_LIMITS, EDITOR_MESSAGES } from './editor-limits.js';

// The file manager's rules: file names, the supported upload types and the size limit.

/** File names in the file manager: not empty, no folders, no control characters. */
export function validateFileName(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return EDITOR_MESSAGES.fileNameRequired;
  if (/[/\\\u0000-\u001f]/.test(trimmed) || trimmed.startsWith('.') || trimmed.length > 200)
    return EDITOR_MESSAGES.notAnOption(trimmed);
  return undefined;
}

export const UPLOAD_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
});

/** The upload check of one file: a supported type and at most the size limit. */
export function checkUpload(name: string, size: number): string | undefined {
  const dot = name.lastIndexOf('.');
  const ext = dot >= 0 ? name.slice(dot).toLowerCase() : '';
  if (!UPLOAD_TYPES[ext]) return EDITOR_MESSAGES.unsupportedFile(name);
  if (size > EDITOR_LIMITS.maxUploadBytes) return EDITOR_MESSAGES.fileTooLarge(name, EDITOR_LIMITS.maxUploadLabel);
  return undefined;
}
