import { useInfiniteQuery } from '@tanstack/react-query';
import { pendingCommentsQuery } from '../../activity/api/get-pending-comments.js';
import { useProjects } from '../api/useProjects.js';
import { adminWaiting } from './waiting.js';
import { WaitingOnYou } from './WaitingOnYou.js';

/** The admin's 'Waiting on you': unassigned projects (of the newest page) and comments to moderate. */
export function AdminWaitingOnYou() {
  const { projects } = useProjects();
  const pending = useInfiniteQuery(pendingCommentsQuery());
  const first = pending.data?.pages[0];
  const count = first ? (first.next_cursor ? (first.total ?? first.comments.length) : first.comments.length) : 0;
  return <WaitingOnYou items={projects ? adminWaiting(projects, count) : null} />;
}
