import type { Insertable, Kysely } from 'kysely';
import { nextItemPosition } from './positions.js';
import type { Database, ItemsTable } from './schema.js';

// A new row of `items` (pages' products, posts, events and the other records every collection holds),
// written by the editor, the importers, the member plans and the seed alike.

/** Which item it is and where it goes: after the collection's last item unless `position` is given. */
export interface NewItem {
  id: string;
  siteId: string;
  collectionId: string;
  recordType: number;
  now: string;
  position?: number;
}

type Placed = 'id' | 'site_id' | 'collection_id' | 'record_type' | 'position';

/** Inserts an item, published, created and updated `now` unless `columns` say otherwise. */
export async function insertItem(
  db: Kysely<Database>,
  item: NewItem,
  columns: Omit<Insertable<ItemsTable>, Placed | 'published_at' | 'created_at' | 'updated_at'> &
    Partial<Pick<Insertable<ItemsTable>, 'published_at' | 'created_at' | 'updated_at'>>,
): Promise<void> {
  await db
    .insertInto('items')
    .values({
      id: item.id,
      site_id: item.siteId,
      collection_id: item.collectionId,
      record_type: item.recordType,
      position: item.position ?? (await nextItemPosition(db, item.collectionId)),
      published_at: item.now,
      created_at: item.now,
      updated_at: item.now,
      ...columns,
    })
    .execute();
}
