import type { ReactNode } from 'react';

/** "Load more" under a paged list, shown while there is a next page. */
export function LoadMore(props: {
  cursor: string | null;
  loading?: boolean;
  onMore: (cursor: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const { cursor } = props;
  if (!cursor) return null;
  return (
    <button type="button" className={props.className} disabled={props.loading} onClick={() => props.onMore(cursor)}>
      {props.children}
    </button>
  );
}

/** A table's column headings; `hidden` names a last column for screen readers only (row actions). */
export function TableHead(props: { columns: string[]; hidden?: string }) {
  return (
    <thead>
      <tr>
        {props.columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        {props.hidden && (
          <th scope="col">
            <span className="ed-sr">{props.hidden}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

/** A link to an editor address opened in place; with a modifier key the browser opens it as usual. */
export function RowLink(props: { href: string; onOpen: () => void; children: ReactNode }) {
  return (
    <a
      href={props.href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        props.onOpen();
      }}
    >
      {props.children}
    </a>
  );
}
