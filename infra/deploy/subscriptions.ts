/**
 * After a deploy: which subscriptions of the alarm topic still wait for confirmation. SNS sends an
 * e-mail endpoint a "Subscription Confirmation" mail and delivers nothing to it until someone opens
 * its link, so alarms are silent for that address until then.
 */
import { ListSubscriptionsByTopicCommand, SNSClient } from '@aws-sdk/client-sns';
import { deployClientConfig, type DeployClientOptions } from './sdk.js';

export interface Subscription {
  SubscriptionArn?: string;
  Protocol?: string;
  Endpoint?: string;
}

export type SubscriptionsAnswer = { ok: true; subscriptions: Subscription[] } | { ok: false; message: string };
export type SubscriptionsReader = (topicArn: string, region: string) => Promise<SubscriptionsAnswer>;

/** SNS's ListSubscriptionsByTopic, every page (100 subscriptions each), in the topic's region. */
export const subscriptionsReader =
  (options: DeployClientOptions = {}): SubscriptionsReader =>
  async (topicArn, region) => {
    const sns = new SNSClient(deployClientConfig({ region, ...options }));
    try {
      const subscriptions: Subscription[] = [];
      let NextToken: string | undefined;
      // A topic has a few subscriptions; the bound keeps a misbehaving endpoint from looping.
      for (let page = 0; page < 100; page += 1) {
        const answer = await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topicArn, NextToken }));
        subscriptions.push(...(answer.Subscriptions ?? []));
        NextToken = answer.NextToken;
        if (!NextToken) break;
      }
      return { ok: true, subscriptions };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    } finally {
      sns.destroy();
    }
  };

/** The lines the deploy prints about the topic's subscriptions (nothing when every one is confirmed). */
export async function pendingSubscriptionsReport(
  topicArn: string | undefined,
  region: string,
  read: SubscriptionsReader = subscriptionsReader(),
): Promise<string[]> {
  if (!topicArn) return [];
  const command =
    `aws sns list-subscriptions-by-topic --region ${region} --topic-arn ${topicArn} --query ` +
    `"Subscriptions[?SubscriptionArn=='PendingConfirmation'].Endpoint"`;
  const answer = await read(topicArn, region);
  if (!answer.ok)
    return [
      `Alarm subscriptions: could not list them (${answer.message}). Those waiting for confirmation receive no ` +
        `alarm; see them with:`,
      `  ${command}`,
    ];
  const pending = answer.subscriptions.filter((subscription) => subscription.SubscriptionArn === 'PendingConfirmation');
  if (pending.length === 0)
    return answer.subscriptions.length === 0
      ? [
          'Alarm subscriptions: none. Nobody is told when an alarm fires: deploy with -c alarmEmail=<address> (or ' +
            'subscribe in the SNS console).',
        ]
      : [];
  return [
    `Alarm subscriptions waiting for confirmation (${pending.length}): they receive no alarm until confirmed.`,
    ...pending.map(
      (subscription) =>
        `  ${subscription.Protocol ?? '?'} ${subscription.Endpoint ?? '?'}: open the link in the mail "AWS ` +
        `Notification - Subscription Confirmation" sent to it.`,
    ),
    `  Check again: ${command}`,
  ];
}
