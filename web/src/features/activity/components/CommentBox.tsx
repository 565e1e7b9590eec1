import { Button, Flex, TextAreaField } from '@aws-amplify/ui-react';
import { useState } from 'react';

/**
 * The comment box (docs/product.md#validation): 2 rows; Enter posts, Shift+Enter is a new line; empty or blank text is
 * not sent and the button is disabled.
 */
export function CommentBox({ onPost }: { onPost(content: string): Promise<boolean> }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const blank = text.trim().length === 0;

  async function post() {
    if (blank || busy) return;
    setBusy(true);
    try {
      if (await onPost(text.trim())) setText('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex direction="column" gap="xs" className="comment-box">
      <TextAreaField
        label="Add a comment"
        rows={2}
        value={text}
        placeholder="Write a comment… (Enter to post, Shift+Enter for a new line)"
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void post();
          }
        }}
        maxLength={5000}
      />
      <Flex justifyContent="flex-end">
        <Button
          size="small"
          variation="primary"
          onClick={() => void post()}
          isDisabled={blank || busy}
          isLoading={busy}
          loadingText="Posting…"
        >
          Post Comment
        </Button>
      </Flex>
    </Flex>
  );
}
