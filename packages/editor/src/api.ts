import type { FileEntry, FileList } from '@tessera/core/contracts/files';

// The owner API as the editor calls it: JSON with the crumb header, errors as `ApiError` with the server's message.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function crumb(): string {
  const match = /(?:^|;\s*)crumb=([^;]*)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : '';
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        ...(method !== 'GET' ? { 'x-csrf-token': crumb() } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'Network error');
  }
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    // not JSON: keep the status
  }
  if (!response.ok) {
    if (response.status === 401)
      window.location.assign(`/config/login?next=${encodeURIComponent(window.location.pathname)}`);
    throw new ApiError(
      response.status,
      typeof parsed.message === 'string' ? parsed.message : 'Something went wrong',
      parsed,
    );
  }
  return parsed as T;
}

// The file API's shapes are the schemas the server answers with (`@tessera/core/contracts/files`).
export type { FileEntry };

/** Uploads one file with progress (XMLHttpRequest: fetch has no upload progress). */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<FileEntry> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/config/files');
    xhr.setRequestHeader('x-csrf-token', crumb());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'File upload failed to complete'));
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // keep empty
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const files = (body as Partial<FileList>).files;
        if (files?.[0]) resolve(files[0]);
        else reject(new ApiError(xhr.status, 'No response data from job request'));
      } else {
        reject(
          new ApiError(
            xhr.status,
            typeof body.message === 'string' ? body.message : 'There was a problem while uploading your file.',
          ),
        );
      }
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
