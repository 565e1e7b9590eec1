import { Badge, Button, Flex, SelectField, Text, TextAreaField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { RESPONSE_MAX, type CorrectionItemView } from '#features/permits/contracts.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { useAddressCorrection } from '../api/address-correction.js';
import { useDraftResponse } from '../api/draft-response.js';

/** A deliverable version the studio may link as the revised sheet. */
export interface RevisedChoice {
  id: string;
  label: string;
}

/**
 * One of the city's items: its number, sheet and comment; once answered, 'Addressed' and the studio's
 * response; before, for the studio, 'Response' with 'Draft Response' and 'Mark Addressed'.
 */
export function CorrectionItem({
  projectId,
  round,
  item,
  canRespond,
  revisedChoices,
}: {
  projectId: string;
  round: number;
  item: CorrectionItemView;
  canRespond: boolean;
  revisedChoices: RevisedChoice[];
}) {
  const [response, setResponse] = useState('');
  const [revised, setRevised] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const address = useAddressCorrection(projectId);
  const draft = useDraftResponse(projectId);

  async function proposeDraft() {
    try {
      const proposed = await draft.mutateAsync({ round, item_id: item.item_id });
      setResponse(proposed.response);
      setProblem(null);
    } catch (error) {
      toast({
        title: 'Could not draft a response',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  }

  async function markAddressed() {
    if (!response.trim()) {
      setProblem('Write a response first');
      return;
    }
    try {
      await address.mutateAsync({
        action: 'address',
        round,
        item_id: item.item_id,
        response,
        revised_file_id: revised || null,
      });
      toast({ title: 'Item addressed', description: `Item ${item.number}` });
    } catch (error) {
      toast({
        title: 'Could not mark the item addressed',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  }

  return (
    <li className="city-item" data-item-number={item.number} aria-label={`Item ${item.number}`}>
      <Flex justifyContent="space-between" alignItems="flex-start" gap="xs" wrap="wrap">
        <Text fontWeight="bold">
          Item {item.number}
          {item.sheet ? ` · Sheet ${item.sheet}` : ''}
        </Text>
        {item.addressed ? (
          <Badge size="small" variation="success">
            Addressed
          </Badge>
        ) : (
          <Badge size="small" variation="warning">
            Open
          </Badge>
        )}
      </Flex>
      {item.code_reference ? <Text className="city-review-muted">Code: {item.code_reference}</Text> : null}
      <Text className="city-item__comment">{item.comment}</Text>
      {item.addressed ? (
        <div className="city-item__response">
          <Text fontWeight="bold" fontSize="small">
            Response
          </Text>
          <Text className="city-item__comment">{item.response}</Text>
          {item.revised_file_name ? (
            <Text className="city-review-muted">Revised drawing: {item.revised_file_name}</Text>
          ) : null}
        </div>
      ) : canRespond ? (
        <Flex direction="column" gap="xs" className="city-item__answer">
          <TextAreaField
            label="Response"
            rows={3}
            maxLength={RESPONSE_MAX}
            value={response}
            isRequired
            hasError={problem !== null}
            errorMessage={problem ?? undefined}
            onChange={(event) => {
              setResponse(event.currentTarget.value);
              setProblem(null);
            }}
          />
          {revisedChoices.length > 0 ? (
            <SelectField
              label="Revised version"
              descriptiveText="Optional: the deliverable version with the revised sheet"
              value={revised}
              onChange={(event) => setRevised(event.currentTarget.value)}
              size="small"
            >
              <option value="">None</option>
              {revisedChoices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </SelectField>
          ) : null}
          <Flex gap="xs" wrap="wrap">
            <Button
              size="small"
              isLoading={draft.isPending}
              loadingText="Drafting…"
              isDisabled={address.isPending}
              onClick={() => void proposeDraft()}
            >
              Draft Response
            </Button>
            <Button
              size="small"
              variation="primary"
              isLoading={address.isPending}
              loadingText="Saving…"
              isDisabled={draft.isPending}
              onClick={() => void markAddressed()}
            >
              Mark Addressed
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Text className="city-review-muted">Waiting for the studio's response</Text>
      )}
    </li>
  );
}
