import { ApiError, crumb } from '../../api.js';

/**
 * Sends a file as the raw request body with upload progress (XMLHttpRequest: fetch reports none),
 * answering the JSON reply or throwing `ApiError` with the server's message.
 */
export function sendFile<T>(
  path: string,
  file: Blob,
  contentType: string,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('x-csrf-token', crumb());
    xhr.setRequestHeader('content-type', contentType);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'File upload failed to complete'));
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: keep the status
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject(
          new ApiError(xhr.status, typeof body.message === 'string' ? body.message : 'Something went wrong', body),
        );
    };
    xhr.send(file);
  });
}
