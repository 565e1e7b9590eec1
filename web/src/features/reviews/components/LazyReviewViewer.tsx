import { Loader } from '@aws-amplify/ui-react';
import { lazy, Suspense } from 'react';
import type { ReviewViewerProps } from './ReviewViewer.js';

const ReviewViewer = lazy(() => import('./ReviewViewer.js'));

/** Mounts the viewer's chunk only while a review is open. */
export function LazyReviewViewer(
  props: ReviewViewerProps | { deliverableId: null; projectId: string; onClose(): void },
) {
  if (props.deliverableId === null) return null;
  return (
    <Suspense fallback={<Loader size="small" ariaLabel="Opening the review" />}>
      <ReviewViewer {...(props as ReviewViewerProps)} />
    </Suspense>
  );
}
