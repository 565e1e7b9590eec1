import { Badge, Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../toast/use-toast.js';
import { useLiveTopics } from '../../lib/live.js';
import { listPendingComments, moderateComment, type CommentView } from './admin-api.js';
import { formatDateTime } from './dates.js';
import { appendPage } from '../../lib/paging.js';
import { LoadMore } from '../../ui/LoadMore.js';

/**
 * The Comment Moderation tab (spec/2 §2, spec/1 §4): pending comments of every project. Approve and
 * Reject update the list at once, and reload it on failure.
 */
export function ModerationTab({ onChanged }: { onChanged?(): void }) {
  const [comments, setComments] = useState<CommentView[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  const load = useCallback(async () => {
    try {
      const answer = await listPendingComments();
      setComments(answer.comments);
      setNext(answer.next_cursor ?? null);
      setTotal(answer.next_cursor ? (answer.total ?? null) : null);
    } catch (error) {
      console.error('Could not load pending comments', error);
      toast({ title: 'Failed to load pending comments', variant: 'destructive' });
      setComments((current) => current ?? []);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);
  useLiveTopics(['moderation'], () => void load());

  async function loadMore() {
    if (!next) return;
    setLoadingMore(true);
    try {
      const answer = await listPendingComments(next);
      setComments((current) => appendPage(current, answer.comments));
      setNext(answer.next_cursor ?? null);
    } catch (error) {
      console.error('Could not load pending comments', error);
      toast({ title: 'Failed to load pending comments', variant: 'destructive' });
    } finally {
      setLoadingMore(false);
    }
  }

  async function decide(comment: CommentView, decision: 'approve' | 'reject') {
    setBusy(comment.id);
    setComments((current) => current?.filter((c) => c.id !== comment.id) ?? null);
    setTotal((current) => (current === null ? null : Math.max(0, current - 1)));
    try {
      await moderateComment(comment.id, comment.project_id, decision);
      toast({ title: decision === 'approve' ? 'Comment approved' : 'Comment rejected' });
      onChanged?.();
    } catch (error) {
      console.error('Moderation failed', error);
      toast({ title: decision === 'approve' ? 'Failed to approve comment' : 'Failed to reject comment', variant: 'destructive' });
      await load();
    } finally {
      setBusy(null);
    }
  }

  return (
    <Flex direction="column" gap="medium">
      <Flex alignItems="center" gap="small">
        <Heading level={2} fontSize="large">
          Comment Moderation
        </Heading>
        {comments ? <Badge variation={(total ?? comments.length) ? 'warning' : undefined}>{total ?? comments.length} Pending</Badge> : null}
      </Flex>
      {comments === null ? (
        <Flex justifyContent="center" padding="xl">
          <Loader size="large" ariaLabel="Loading pending comments" />
        </Flex>
      ) : comments.length === 0 ? (
        <Card variation="outlined" className="admin-empty">
          <Text>No pending comments to review</Text>
        </Card>
      ) : (
        <ul className="admin-list">
          {comments.map((comment) => {
            const author = comment.author?.full_name || comment.author?.email || 'Unknown User';
            return (
              <li key={comment.id}>
                <Card as="article" variation="outlined" aria-label={`Comment by ${author} on ${comment.project_title}`} data-comment-id={comment.id}>
                  <Flex direction="column" gap="xs">
                    <Flex justifyContent="space-between" wrap="wrap" gap="xs">
                      <Text fontWeight="600">
                        {author} <span className="project-card__meta">on {comment.project_title}</span>
                      </Text>
                      <Text className="project-card__meta">
                        <time dateTime={comment.created_at}>{formatDateTime(comment.created_at)}</time>
                      </Text>
                    </Flex>
                    <Text className="admin-comment__text">{comment.content}</Text>
                    <Flex gap="xs">
                      <Button size="small" variation="primary" isDisabled={busy !== null} onClick={() => void decide(comment, 'approve')}>
                        Approve
                      </Button>
                      <Button size="small" colorTheme="error" isDisabled={busy !== null} onClick={() => void decide(comment, 'reject')}>
                        Reject
                      </Button>
                    </Flex>
                  </Flex>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore shown={!!next} loading={loadingMore} onLoad={() => void loadMore()} />
    </Flex>
  );
}
