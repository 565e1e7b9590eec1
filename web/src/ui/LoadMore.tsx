import { Button, Flex } from '@aws-amplify/ui-react';

/** "Load more" at the foot of a list longer than a page (issue 21): shown only while there is a next page. */
export function LoadMore({
  shown,
  loading,
  onLoad,
  marginTop,
}: {
  shown: boolean;
  loading: boolean;
  onLoad: () => void;
  marginTop?: 'small';
}) {
  if (!shown) return null;
  return (
    <Flex justifyContent="center" marginTop={marginTop}>
      <Button size="small" onClick={onLoad} isLoading={loading} loadingText="Loading...">
        Load more
      </Button>
    </Flex>
  );
}
