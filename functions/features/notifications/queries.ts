import type { Runtime } from '../../platform/runtime.js';
import { NotificationStore, type InboxItem } from './store.js';

/** A person's in-app notifications, newest first, at most `limit` (a copy of their data lists them). */
export async function inboxOf(runtime: Runtime, sub: string, limit: number): Promise<InboxItem[]> {
  const store = new NotificationStore(runtime);
  const items: InboxItem[] = [];
  let after: string | undefined;
  while (items.length < limit) {
    const page = await store.inbox(sub, { limit: Math.min(100, limit - items.length), after });
    items.push(...page.items);
    if (!page.next) break;
    after = page.next;
  }
  return items;
}
