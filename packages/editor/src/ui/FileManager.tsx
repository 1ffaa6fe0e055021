import { checkUpload, validateFileName } from '@tessera/core';
import { useState } from 'react';
import { api, type FileEntry, uploadFile } from '../api.js';

interface Upload {
  key: string;
  name: string;
  progress: number;
  error?: string;
  file: File;
}

/** Files: the site's uploads, several at once with a progress bar each; rename and delete. */
export function FileManager({
  files,
  onClose,
  onChanged,
}: {
  files: FileEntry[];
  onClose: () => void;
  onChanged: () => Promise<void> | void;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [renaming, setRenaming] = useState<{ name: string; to: string; error?: string } | undefined>();
  const [message, setMessage] = useState('');

  const update = (key: string, patch: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  const start = (upload: Upload) => {
    const refused = checkUpload(upload.file.name, upload.file.size);
    if (refused) return update(upload.key, { error: refused });
    update(upload.key, { error: undefined, progress: 0 });
    uploadFile(upload.file, (fraction) => update(upload.key, { progress: fraction }))
      .then(async () => {
        update(upload.key, { progress: 1 });
        await onChanged();
      })
      .catch((e: Error) => update(upload.key, { error: e.message }));
  };

  const choose = (list: FileList | null) => {
    const added = [...(list ?? [])].map((file, i) => ({
      key: `${Date.now()}-${i}-${file.name}`,
      name: file.name,
      progress: 0,
      file,
    }));
    setUploads((current) => [...current, ...added]);
    for (const upload of added) start(upload);
  };

  return (
    <div role="dialog" aria-modal="true" aria-labelledby="ed-files-title" className="ed-dialog ed-files">
      <h2 id="ed-files-title">Files</h2>
      <label className="ed-upload">
        Upload files
        <input type="file" multiple onChange={(e) => choose(e.target.files)} />
      </label>
      <ul className="ed-uploads">
        {uploads.map((u) => (
          <li key={u.key}>
            <span>{u.name}</span>
            <progress max={1} value={u.progress} aria-label={`Uploading ${u.name}`} />
            {u.error && (
              <>
                <span className="ed-field-error" role="alert">
                  {u.error}
                </span>
                <button type="button" onClick={() => start(u)}>
                  Retry
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {message && (
        <p className="ed-field-error" role="alert">
          {message}
        </p>
      )}
      <ul className="ed-file-list">
        {files.map((f) => (
          <li key={f.name}>
            {renaming?.name === f.name ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  const problem = validateFileName(renaming.to);
                  if (problem) return setRenaming({ ...renaming, error: problem });
                  api('PATCH', `/api/config/files/${encodeURIComponent(f.name)}`, { name: renaming.to })
                    .then(async () => {
                      setRenaming(undefined);
                      await onChanged();
                    })
                    .catch(() => setRenaming({ ...renaming, error: 'There was a problem while renaming your file.' }));
                }}
              >
                <input
                  aria-label="File name"
                  value={renaming.to}
                  onChange={(e) => setRenaming({ name: f.name, to: e.target.value })}
                />
                <button type="submit">Save</button>
                {renaming.error && <span className="ed-field-error">{renaming.error}</span>}
              </form>
            ) : (
              <>
                <a href={f.url} target="_blank" rel="noreferrer">
                  {f.name}
                </a>{' '}
                <span className="ed-hint">{Math.ceil(f.size / 1024)} KB</span>{' '}
                <button type="button" onClick={() => setRenaming({ name: f.name, to: f.name })}>
                  Rename
                </button>
                <button
                  type="button"
                  onClick={() =>
                    api('DELETE', `/api/config/files/${encodeURIComponent(f.name)}`)
                      .then(() => onChanged())
                      .catch((e: Error) => setMessage(e.message))
                  }
                >
                  Delete
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
