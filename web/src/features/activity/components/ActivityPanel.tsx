import { Badge, Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ActivityEntryView, ActivityResponse, CommentView } from '#features/activity/contracts.js';
import { NOT_AUTHENTICATED, isUnauthenticated } from '../../../app/api.js';
import { projectActivityQuery } from '../api/get-project-activity.js';
import { projectKeys } from '../../projects/api/keys.js';
import { useModerateComment } from '../api/moderate-comment.js';
import { usePostComment } from '../api/post-comment.js';
import { useSession } from '../../../app/auth/session.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { CommentBox } from './CommentBox.js';
import { RoleBadge } from './RoleBadge.js';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

const authorName = (author: { full_name: string | null; email: string | null } | null) =>
  author?.full_name || author?.email || 'Unknown User';

export interface ActivityPanelProps {
  projectId: string;
  /** Admins and the assigned designer comment; clients read only (docs/product.md#roles). */
  canComment?: boolean;
  /** Admins: 'Pending Approval' with Approve / Reject. */
  canModerate?: boolean;
}

/**
 * The Activity tab: comments and the activity log, newest first, 100 each, in a 500 px list. Comment
 * text is rendered as text, never as HTML.
 */
export function ActivityPanel({ projectId, canComment = false, canModerate = false }: ActivityPanelProps) {
  const { user } = useSession();
  const client = useQueryClient();
  const key = projectKeys.activity(projectId);
  const feed = useQuery(projectActivityQuery(projectId));
  const postComment = usePostComment(projectId);
  const moderate = useModerateComment();
  const data: ActivityResponse | null = feed.data ?? (feed.isError ? { entries: [], comments: [] } : null);
  useEffect(() => {
    if (feed.error) console.error('Could not load the activity', feed.error);
  }, [feed.error]);
  const setData = (change: (current: ActivityResponse | undefined) => ActivityResponse | undefined) =>
    client.setQueryData<ActivityResponse>(key, change);

  async function post(content: string): Promise<boolean> {
    try {
      await postComment.mutateAsync(content);
      toast({ title: 'Comment posted' });
      return true;
    } catch (error) {
      console.error('Could not post the comment', error);
      // An expired or revoked session: the API client signs out and goes to sign-in, back here after.
      toast({ title: isUnauthenticated(error) ? NOT_AUTHENTICATED : 'Failed to post comment', variant: 'destructive' });
      return false;
    }
  }

  async function approve(comment: CommentView) {
    // The view changes at once; a failure reloads it (useModerateComment).
    setData(
      (current) =>
        current && {
          ...current,
          comments: current.comments.map((c) =>
            c.id === comment.id
              ? { ...c, approved: true, approved_by: user?.sub ?? null, approved_at: new Date().toISOString() }
              : c,
          ),
        },
    );
    try {
      await moderate.mutateAsync({ commentId: comment.id, projectId, decision: 'approve' });
      toast({ title: 'Comment approved' });
    } catch (error) {
      console.error('Could not approve the comment', error);
      toast({ title: 'Failed to approve comment', variant: 'destructive' });
    }
  }

  async function reject(comment: CommentView) {
    setData((current) => current && { ...current, comments: current.comments.filter((c) => c.id !== comment.id) });
    try {
      await moderate.mutateAsync({ commentId: comment.id, projectId, decision: 'reject' });
      toast({ title: 'Comment rejected and removed' });
    } catch (error) {
      console.error('Could not reject the comment', error);
      toast({ title: 'Failed to reject comment', variant: 'destructive' });
    }
  }

  if (!data) {
    return (
      <Flex justifyContent="center" padding="large">
        <Loader size="large" ariaLabel="Loading activity" />
      </Flex>
    );
  }

  const nothing = data.entries.length === 0 && data.comments.length === 0;
  return (
    <Flex direction="column" gap="medium">
      {canComment ? <CommentBox onPost={post} /> : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard scrolls the list once focused (WCAG 2.1.1). */}
      <section className="activity-list" style={{ height: 500 }} tabIndex={0} aria-label="Activity">
        {nothing ? (
          <Text color="font.secondary" padding="medium">
            No activity recorded yet
          </Text>
        ) : (
          <Flex direction="column" gap="large">
            <section aria-label="Comments">
              <Heading level={4} fontSize="medium" marginBottom="xs">
                Comments
              </Heading>
              {data.comments.length === 0 ? (
                <Text color="font.secondary">No comments yet</Text>
              ) : (
                <ol className="feed">
                  {data.comments.map((comment) => (
                    <CommentItem
                      key={comment.id}
                      comment={comment}
                      canModerate={canModerate}
                      onApprove={approve}
                      onReject={reject}
                    />
                  ))}
                </ol>
              )}
            </section>
            <section aria-label="Activity log">
              <Heading level={4} fontSize="medium" marginBottom="xs">
                Activity Log
              </Heading>
              {data.entries.length === 0 ? (
                <Text color="font.secondary">No actions recorded yet</Text>
              ) : (
                <ol className="feed">
                  {data.entries.map((entry) => (
                    <EntryItem key={entry.id} entry={entry} />
                  ))}
                </ol>
              )}
            </section>
          </Flex>
        )}
      </section>
    </Flex>
  );
}

function CommentItem({
  comment,
  canModerate,
  onApprove,
  onReject,
}: {
  comment: CommentView;
  canModerate: boolean;
  onApprove(comment: CommentView): void;
  onReject(comment: CommentView): void;
}) {
  const name = authorName(comment.author);
  return (
    <li className="feed__item" aria-label={`Comment by ${name}`} data-comment-id={comment.id}>
      <Flex justifyContent="space-between" alignItems="center" gap="xs" wrap="wrap">
        <Flex alignItems="center" gap="xs" wrap="wrap">
          <Text as="span" fontWeight="600">
            {name}
          </Text>
          <RoleBadge role={comment.author_role} />
          {!comment.approved ? (
            <Badge size="small" variation="warning">
              Pending Approval
            </Badge>
          ) : null}
        </Flex>
        <Text as="span" fontSize="small" color="font.secondary">
          <time dateTime={comment.created_at}>{when(comment.created_at)}</time>
        </Text>
      </Flex>
      {/* Text, never HTML: React escapes it, and line breaks are kept by CSS. */}
      <p className="feed__text preserve-lines">{comment.content}</p>
      {canModerate && !comment.approved ? (
        <Flex gap="xs">
          <Button size="small" variation="primary" onClick={() => onApprove(comment)}>
            Approve
          </Button>
          <Button size="small" colorTheme="error" onClick={() => onReject(comment)}>
            Reject
          </Button>
        </Flex>
      ) : null}
    </li>
  );
}

function EntryItem({ entry }: { entry: ActivityEntryView }) {
  return (
    <li className="feed__item" data-entry-id={entry.id}>
      <Flex justifyContent="space-between" alignItems="center" gap="xs" wrap="wrap">
        <Flex alignItems="center" gap="xs" wrap="wrap">
          <Text as="span" fontWeight="600">
            {authorName(entry.author)}
          </Text>
          <RoleBadge role={entry.actor_role} />
        </Flex>
        <Text as="span" fontSize="small" color="font.secondary">
          <time dateTime={entry.created_at}>{when(entry.created_at)}</time>
        </Text>
      </Flex>
      <p className="feed__action">{entry.action}</p>
      {entry.details ? <p className="feed__text preserve-lines">{entry.details}</p> : null}
    </li>
  );
}
