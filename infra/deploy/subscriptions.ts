/**
 * After a deploy: which subscriptions of the alarm topic still wait for confirmation. SNS sends an
 * e-mail endpoint a "Subscription Confirmation" mail and delivers nothing to it until someone opens
 * its link, so alarms are silent for that address until then.
 */
import { awsCli } from './aws-cli.js';

export interface Subscription {
  SubscriptionArn?: string;
  Protocol?: string;
  Endpoint?: string;
}

export type SubscriptionsAnswer = { ok: true; subscriptions: Subscription[] } | { ok: false; message: string };
export type SubscriptionsReader = (topicArn: string, region: string) => Promise<SubscriptionsAnswer>;

/** SNS's ListSubscriptionsByTopic through the AWS CLI (aws-cli.ts says why not the SDK client). */
export const listSubscriptionsWithCli: SubscriptionsReader = async (topicArn, region) => {
  const answer = await awsCli(['sns', 'list-subscriptions-by-topic', '--region', region, '--topic-arn', topicArn]);
  if (!answer.ok) return { ok: false, message: answer.message };
  return { ok: true, subscriptions: (answer.json as { Subscriptions?: Subscription[] }).Subscriptions ?? [] };
};

/** The lines the deploy prints about the topic's subscriptions (nothing when every one is confirmed). */
export async function pendingSubscriptionsReport(
  topicArn: string | undefined,
  region: string,
  read: SubscriptionsReader = listSubscriptionsWithCli,
): Promise<string[]> {
  if (!topicArn) return [];
  const command = `aws sns list-subscriptions-by-topic --region ${region} --topic-arn ${topicArn} --query "Subscriptions[?SubscriptionArn=='PendingConfirmation'].Endpoint"`;
  const answer = await read(topicArn, region);
  if (!answer.ok)
    return [
      `Alarm subscriptions: could not list them (${answer.message}). Those waiting for confirmation receive no alarm; see them with:`,
      `  ${command}`,
    ];
  const pending = answer.subscriptions.filter((subscription) => subscription.SubscriptionArn === 'PendingConfirmation');
  if (pending.length === 0)
    return answer.subscriptions.length === 0
      ? [
          'Alarm subscriptions: none. Nobody is told when an alarm fires: deploy with -c alarmEmail=<address> (or subscribe in the SNS console).',
        ]
      : [];
  return [
    `Alarm subscriptions waiting for confirmation (${pending.length}): they receive no alarm until confirmed.`,
    ...pending.map(
      (subscription) =>
        `  ${subscription.Protocol ?? '?'} ${subscription.Endpoint ?? '?'}: open the link in the mail "AWS Notification - Subscription Confirmation" sent to it.`,
    ),
    `  Check again: ${command}`,
  ];
}
