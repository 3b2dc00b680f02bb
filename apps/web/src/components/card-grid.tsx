import { Skeleton } from '@mantine/core';
import { LoadingSkeleton } from './loading-skeleton';
import './card-grid.css';

/** While a tab's cards load: the heading and two card shapes, announced as loading. */
export function CardGridSkeleton({ cardHeight }: { cardHeight: number }) {
  return (
    <LoadingSkeleton>
      <Skeleton height={28} width="40%" />
      <div className="fp-card-grid">
        <Skeleton height={cardHeight} radius="md" />
        <Skeleton height={cardHeight} radius="md" />
      </div>
    </LoadingSkeleton>
  );
}
