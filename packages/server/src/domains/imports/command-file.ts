import { statSync } from 'node:fs';

/**
 * Refuses the file an import command was given when it cannot be read or is larger than `maxBytes`
 * (`advice` follows the size in the message).
 */
export function checkImportFile(file: string, maxBytes: number, advice = ''): void {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new Error(`Cannot read ${file}.`);
  }
  if (size > maxBytes) throw new Error(`${file} is larger than ${maxBytes / 1024 / 1024} MB${advice}.`);
}
