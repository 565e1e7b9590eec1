import { Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../../ui/toast/use-toast.js';
import type { CommentView, ModerationResponse } from '#features/activity/contracts.js';
import { activityKeys } from '../api/keys.js';
import { useModerateComment } from '../api/moderate-comment.js';
import { pendingCommentsQuery } from '../api/get-pending-comments.js';
import { formatDateTime } from '../../../lib/dates.js';
import { appendPage } from '../../../lib/paging.js';
import { LoadMore } from '../../../ui/LoadMore.js';
import { CardsSkeleton } from '../../../ui/Skeleton.js';

/**
 * The Comment Moderation tab (docs/product.md#screens, docs/product.md#states): pending comments of every project.
 * Approve and
 * Reject update the list at once, and reload it on failure.
 */
export function ModerationTab() {
  const client = useQueryClient();
  const pending = useInfiniteQuery(pendingCommentsQuery());
  const moderate = useModerateComment();
  const [busy, setBusy] = useState<string | null>(null);
  const pages = pending.data?.pages;
  const comments: CommentView[] | null = pages
    ? pages.reduce<CommentView[]>((list, page) => appendPage(list, page.comments), [])
    : pending.isError
      ? []
      : null;
  const next = pending.hasNextPage;
  // The server's total only while there are more pages than shown; else the list is the whole of it.
  const total = pages?.[0]?.next_cursor ? (pages[0].total ?? null) : null;
  const loadingMore = pending.isFetchingNextPage;
  useEffect(() => {
    if (!pending.error) return;
    console.error('Could not load pending comments', pending.error);
    toast({ title: 'Failed to load pending comments', variant: 'destructive' });
  }, [pending.error]);

  async function loadMore() {
    if (next && !loadingMore) await pending.fetchNextPage();
  }

  async function decide(comment: CommentView, decision: 'approve' | 'reject') {
    setBusy(comment.id);
    // The comment leaves the list at once; the live `moderation` topic then confirms it.
    client.setQueryData<InfiniteData<ModerationResponse, string | null>>(
      activityKeys.moderation(),
      (current) =>
        current && {
          ...current,
          pages: current.pages.map((page, index) => ({
            ...page,
            comments: page.comments.filter((c) => c.id !== comment.id),
            ...(index === 0 && page.total !== undefined && page.total !== null
              ? { total: Math.max(0, page.total - 1) }
              : {}),
          })),
        },
    );
    try {
      await moderate.mutateAsync({ commentId: comment.id, projectId: comment.project_id, decision });
      toast({ title: decision === 'approve' ? 'Comment approved' : 'Comment rejected' });
    } catch (error) {
      console.error('Moderation failed', error);
      toast({
        title: decision === 'approve' ? 'Failed to approve comment' : 'Failed to reject comment',
        variant: 'destructive',
      });
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
        {comments ? (
          <Badge variation={(total ?? comments.length) ? 'warning' : undefined}>
            {total ?? comments.length} Pending
          </Badge>
        ) : null}
      </Flex>
      {comments === null ? (
        <CardsSkeleton label="Loading pending comments" count={3} />
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
                <Card
                  as="article"
                  variation="outlined"
                  aria-label={`Comment by ${author} on ${comment.project_title}`}
                  data-comment-id={comment.id}
                >
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
                      <Button
                        size="small"
                        variation="primary"
                        isDisabled={busy !== null}
                        onClick={() => void decide(comment, 'approve')}
                      >
                        Approve
                      </Button>
                      <Button
                        size="small"
                        colorTheme="error"
                        isDisabled={busy !== null}
                        onClick={() => void decide(comment, 'reject')}
                      >
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
